/**
 * POST /results: passive check results from agents and scripts (issue 3), authenticated with a bearer
 * (API) token, validated as a whole, then processed exactly like active results. A batch is all or
 * nothing: an unknown or foreign host or resource refuses the whole call and nothing is written.
 * Agents address a resource by its `name` or its display name (issue 17); the display name wins when both
 * match different resources of the host.
 */
import type { ZodApp, RouteDeps } from '../types'
import { ResultsBody, ResultsWritten, type PassiveResult } from '../../../shared/api/results'
import { ApiError } from '../../../shared/errors'
import { parsePluginOutput } from '../../../shared/perfdata'
import { demand } from '../../store/scope'
import { now } from '../../store/json'
import { visibleHostsByNameOrId } from '../../store/hosts'
import { resourcesOfHostsOrIds } from '../../store/resources'
import type { ExitStatus } from '../../engine/checks/index'

const MAX_FUTURE_S = 60
const MAX_AGE_S = 7 * 86400

export async function resultRoutes(app: ZodApp, { store, engine }: RouteDeps) {
  app.post('/', { schema: { body: ResultsBody, response: { 200: ResultsWritten } } }, async (req) => {
    const list: PassiveResult[] = Array.isArray(req.body) ? req.body : 'results' in req.body ? req.body.results : [req.body]
    const t = now()
    const names = [...new Set(list.flatMap((r) => (r.host ? [r.host] : [])))]
    const hostIds = [...new Set(list.flatMap((r) => (r.host_id ? [r.host_id] : [])))]
    const resourceIds = [...new Set(list.flatMap((r) => (r.resource_id ? [r.resource_id] : [])))]
    const visible = await visibleHostsByNameOrId(store.db, req.scope, names, hostIds)
    // Names are unique per organization (issue 13): where organizations the caller sees share one, the oldest host.
    const byName = new Map([...visible].sort((x, y) => y.id - x.id).map((h) => [h.name, h]))
    const byId = new Map(visible.map((h) => [h.id, h]))
    const wantedResources = list.filter((r) => r.resource && !r.resource_id)
    const resources =
      wantedResources.length || resourceIds.length
        ? await resourcesOfHostsOrIds(
            store.db,
            visible.map((h) => h.id),
            resourceIds,
          )
        : []

    const items = list.map((r, index) => {
      const at = r.time ?? t
      if (at > t + MAX_FUTURE_S || at < t - MAX_AGE_S)
        throw new ApiError('validation_failed', { field: `results.${index}.time`, reason: 'more than a minute ahead or a week old' })
      let type: 'host' | 'resource' = 'host'
      let id: number
      let environmentId: number
      if (r.resource_id) {
        const res = resources.find((x) => x.id === r.resource_id && req.scope.environmentIds.includes(x.hostgroup_id))
        if (!res) throw new ApiError('resource_check_not_found', { index, resource_id: r.resource_id })
        ;[type, id, environmentId] = ['resource', res.id, res.hostgroup_id]
      } else {
        const host = r.host ? byName.get(r.host) : byId.get(r.host_id!)
        if (!host) throw new ApiError('host_not_found', { index, host: r.host ?? r.host_id })
        ;[id, environmentId] = [host.id, host.hostgroup_id]
        if (r.resource) {
          const ofHost = resources.filter((x) => x.host_id === host.id)
          const res = ofHost.find((x) => x.display_name === r.resource) ?? ofHost.find((x) => x.name === r.resource)
          if (!res)
            throw new ApiError('resource_check_not_found', {
              index,
              host: host.name,
              resource: r.resource,
              matched_by: ['display_name', 'name'],
            })
          ;[type, id] = ['resource', res.id]
        }
      }
      demand(req.scope, 'host_write', { environmentId }, { index })
      const parsed = parsePluginOutput(
        r.perfdata ? `${r.output.split('\n')[0]} | ${r.perfdata}\n${r.output.split('\n').slice(1).join('\n')}` : r.output,
      )
      return { type, id, at, result: { status: r.exit_status as ExitStatus, ...parsed } }
    })
    await engine.submit(items)
    return { written: items.length }
  })
}
