/** /hosts/ (SPEC §3 Host, §7 Hosts): list protocol, hosts/grouped, hosts/{id} (id or URL-encoded name). */
import { z } from 'zod'
import type { ZodApp, RouteDeps } from '../types'
import { HostBody, HostUpdate, IdParams, Rescheduled } from '../../../shared/api/entities'
import { HostRow } from '../../../shared/api/monitored'
import { NoContent } from '../../../shared/api/list'
import { hostDef, createHost, deleteHost, getHost, getHostByName, updateHost } from '../../store/hosts'
import { registerListRoutes } from './list-routes'
import { requireEngine, requireReschedule, validateCheck } from './engine-helpers'
import { resourceIdsOf } from '../../store/resources'
import { demandHostTargets } from '../../store/allowed-targets'

const HostRef = z.object({ id: z.string().min(1).max(255) })

export async function hostRoutes(app: ZodApp, { store, box, engine, config }: RouteDeps) {
  registerListRoutes(app, store, hostDef, HostRow)
  app.get('/:id', { schema: { params: HostRef, response: { 200: HostRow } } }, async (req) =>
    /^\d+$/.test(req.params.id) ? getHost(store.db, req.scope, Number(req.params.id)) : getHostByName(store.db, req.scope, req.params.id),
  )
  app.post('/', { schema: { body: HostBody, response: { 201: HostRow } } }, async (req, reply) => {
    await validateCheck(store.db, req.scope, req.body.check)
    await demandHostTargets(store.db, req.scope, req.body)
    const { id, resourceIds } = await createHost(store.db, req.scope, box, req.body)
    await engine.refresh('host', [id])
    await engine.refresh('resource', resourceIds)
    return reply.status(201).send(await getHost(store.db, req.scope, id))
  })
  app.put('/:id', { schema: { params: IdParams, body: HostUpdate, response: { 200: HostRow } } }, async (req) => {
    await validateCheck(store.db, req.scope, req.body.check)
    await demandHostTargets(store.db, req.scope, req.body, req.params.id)
    // Planned checks a change of type or tags removed (host-checks.ts) are reloaded too, so they stop.
    const before = await resourceIdsOf(store.db, req.params.id)
    const host = await updateHost(store.db, req.scope, box, req.params.id, req.body)
    await engine.refresh('host', [host.id])
    await engine.refresh('resource', [...new Set([...before, ...(await resourceIdsOf(store.db, host.id))])])
    return host
  })
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    const ids = await resourceIdsOf(store.db, req.params.id)
    await deleteHost(store.db, req.scope, req.params.id)
    await engine.refresh('host', [req.params.id])
    await engine.refresh('resource', ids)
    return reply.status(204).send(null)
  })
  // SPEC §1 "Reschedule checks": the host check runs now.
  app.post('/:id/reschedule', { schema: { params: IdParams, response: { 200: Rescheduled } } }, async (req) => {
    const host = await getHost(store.db, req.scope, req.params.id)
    requireReschedule(req.scope, host.hostgroup_id)
    requireEngine(config)
    return { rescheduled: engine.reschedule('host', host.id) }
  })
}
