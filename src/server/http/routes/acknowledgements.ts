/**
 * SPEC §7 Acknowledgements: POST/GET/DELETE hosts/{host_id}/acknowledgements and
 * resources/{resource_id}/acknowledgements (registered without prefix). Adding and removing need
 * add_acknowledgement, viewing view_acknowledgement, on the object's environment (SPEC §6). Removing where
 * none is in effect answers acknowledgement_delete_failed (SPEC §8); an expiry time must lie ahead.
 */
import type { ZodApp, RouteDeps } from '../types'
import {
  Acknowledgement,
  AcknowledgementBody,
  AcknowledgementList,
  HostIdParams,
  Removed,
  ResourceIdParams,
} from '../../../shared/api/acknowledgements'
import { checkPayloadIds, refuse, rightRefusal, targetOf } from '../../store/action-targets'
import { acknowledgeRefusal, addAcknowledgements, listAcknowledgements, removeAcknowledgements } from '../../store/acknowledgements'
import { ApiError } from '../../../shared/errors'
import { now } from '../../store/json'
import { commitThenPublish } from '../../store/commit'

export async function acknowledgementRoutes(app: ZodApp, { store, bus, engine }: RouteDeps) {
  for (const [path, params] of [
    ['/hosts/:host_id/acknowledgements', HostIdParams],
    ['/resources/:resource_id/acknowledgements', ResourceIdParams],
  ] as const) {
    app.post(path, { schema: { params, body: AcknowledgementBody, response: { 201: Acknowledgement } } }, async (req, reply) => {
      const t = await targetOf(store.db, req.scope, req.params)
      checkPayloadIds(t, req.body)
      refuse(acknowledgeRefusal(req.scope, t))
      const at = now()
      if (req.body.expire_time && req.body.expire_time <= at)
        throw new ApiError('validation_failed', { field: 'body.expire_time', reason: 'the expiry time has passed' })
      const { result } = await commitThenPublish(store.db, bus, (tx) => addAcknowledgements(tx, req.scope, [t], req.body, at))
      if (req.body.expire_time) await engine.acknowledgements.wake()
      return reply.status(201).send(result[0])
    })
    app.get(path, { schema: { params, response: { 200: AcknowledgementList } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(rightRefusal(req.scope, 'view_acknowledgement', t))
      const result = await listAcknowledgements(store.db, t)
      return { result, totalresults: result.length }
    })
    app.delete(path, { schema: { params, response: { 200: Removed } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(rightRefusal(req.scope, 'add_acknowledgement', t))
      const { removed } = await commitThenPublish(store.db, bus, (tx) => removeAcknowledgements(tx, req.scope, [t], now()))
      if (removed === 0) throw new ApiError('acknowledgement_delete_failed', { reason: 'none_in_effect', object: t.object, id: t.id })
      return { removed }
    })
  }
}
