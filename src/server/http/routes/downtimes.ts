/**
 * SPEC §7 Maintenance: POST/GET/DELETE resources/{resource_id}/downtimes and hosts/{host_id}/downtimes
 * (registered without prefix). POST schedules one maintenance (SPEC §3 payload, §5 validation); with
 * set_to_host_checkbox on a resource it is the host's (SPEC §2 "apply to the host instead"). DELETE
 * removes all maintenance of the object. Scheduling and removing need schedule_downtime, viewing
 * view_scheduled_downtime (SPEC §6). The engine starts and ends maintenance (engine/downtimes.ts).
 * SPEC §8: the same maintenance (window and comment) scheduled twice on one object answers downtime_add_failed; removing where there
 * is no maintenance answers downtime_delete_failed.
 */
import type { ZodApp, RouteDeps } from '../types'
import { HostIdParams, Removed, ResourceIdParams } from '../../../shared/api/acknowledgements'
import { Downtime, DowntimeBody, DowntimeList, downtimeWindowProblem, START_GRACE_S } from '../../../shared/api/downtimes'
import { ApiError } from '../../../shared/errors'
import { checkPayloadIds, hostsOf, refuse, rightRefusal, targetOf } from '../../store/action-targets'
import { cancelDowntimes, listDowntimes, scheduleDowntimes } from '../../store/downtimes'
import { hostIdOfResource } from '../../store/resources'
import { now } from '../../store/json'
import { commitThenPublish } from '../../store/commit'

export async function downtimeRoutes(app: ZodApp, { store, bus, engine }: RouteDeps) {
  for (const [path, params] of [
    ['/hosts/:host_id/downtimes', HostIdParams],
    ['/resources/:resource_id/downtimes', ResourceIdParams],
  ] as const) {
    app.post(path, { schema: { params, body: DowntimeBody, response: { 201: Downtime } } }, async (req, reply) => {
      const at = now()
      const onPath = await targetOf(store.db, req.scope, req.params)
      const named = onPath.object === 'host' && req.body.resource_id ? await hostIdOfResource(store.db, req.body.resource_id) : null
      checkPayloadIds(onPath, req.body, named)
      const problem = downtimeWindowProblem(req.body, at, START_GRACE_S)
      if (problem) throw new ApiError('validation_failed', { ...problem, field: `body.${problem.field}` })
      const t = onPath.object === 'resource' && req.body.set_to_host_checkbox ? (await hostsOf(store.db, [onPath]))[0] : onPath
      refuse(rightRefusal(req.scope, 'schedule_downtime', t))
      // On a host the maintenance is the host's, whatever resource row it was scheduled from.
      const body = t.object === 'host' ? { ...req.body, resource_id: null, resource_name: null } : req.body
      const same = (await listDowntimes(store.db, t)).find(
        (d) =>
          d.start_time === body.start_time &&
          d.end_time === body.end_time &&
          d.is_flexible === body.is_flexible &&
          d.comment === body.comment,
      )
      if (same) throw new ApiError('downtime_add_failed', { reason: 'already_scheduled', id: same.id })
      const { ids } = await commitThenPublish(store.db, bus, (tx) => scheduleDowntimes(tx, req.scope, [t], body, at))
      // A maintenance starting now is in effect when the answer arrives.
      await engine.downtimes.wake()
      const [created] = await listDowntimes(store.db, t, ids)
      return reply.status(201).send(created)
    })
    app.get(path, { schema: { params, response: { 200: DowntimeList } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(rightRefusal(req.scope, 'view_scheduled_downtime', t))
      const result = await listDowntimes(store.db, t)
      return { result, totalresults: result.length }
    })
    app.delete(path, { schema: { params, response: { 200: Removed } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(rightRefusal(req.scope, 'schedule_downtime', t))
      const { removed } = await commitThenPublish(store.db, bus, (tx) => cancelDowntimes(tx, [t], now()))
      if (removed === 0) throw new ApiError('downtime_delete_failed', { reason: 'none_scheduled', object: t.object, id: t.id })
      return { removed }
    })
  }
}
