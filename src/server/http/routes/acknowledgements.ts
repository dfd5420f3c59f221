/**
 * SPEC §7 Acknowledgements: POST/GET/DELETE hosts/{host_id}/acknowledgements and
 * resources/{resource_id}/acknowledgements (registered without prefix). Adding and removing need
 * add_acknowledgement, viewing view_acknowledgement, on the object's environment (SPEC §6).
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
import { now } from '../../store/json'
import { commitThenPublish } from '../../store/commit'

export async function acknowledgementRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  for (const [path, params] of [
    ['/hosts/:host_id/acknowledgements', HostIdParams],
    ['/resources/:resource_id/acknowledgements', ResourceIdParams],
  ] as const) {
    app.post(path, { schema: { params, body: AcknowledgementBody, response: { 201: Acknowledgement } } }, async (req, reply) => {
      const t = await targetOf(store.db, req.scope, req.params)
      checkPayloadIds(t, req.body)
      refuse(acknowledgeRefusal(req.scope, t))
      const { result } = await commitThenPublish(store.db, bus, (tx) => addAcknowledgements(tx, req.scope, [t], req.body, now()))
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
      return { removed }
    })
  }
}
