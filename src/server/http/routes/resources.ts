/** /resources/ (SPEC §3 Resource, §7 Resources): list protocol, resources/{id}, resources/{hostname}/{display_name}. */
import { z } from 'zod'
import type { ZodApp, RouteDeps } from '../types'
import { IdParams, Rescheduled, ResourceBody, ResourceUpdate } from '../../../shared/api/entities'
import { ResourceRow } from '../../../shared/api/monitored'
import { NoContent } from '../../../shared/api/list'
import { resourceDef, createResource, deleteResource, getResource, getResourceByNames, updateResource } from '../../store/resources'
import { registerListRoutes } from './list-routes'
import { requireEngine, requireReschedule, validateCheck } from './engine-helpers'
import { demandResourceTargets } from '../../store/allowed-targets'

const ByNames = z.object({ hostname: z.string().min(1).max(255), display_name: z.string().min(1).max(255) })

export async function resourceRoutes(app: ZodApp, { store, engine, config }: RouteDeps) {
  registerListRoutes(app, store, resourceDef, ResourceRow)
  app.get('/:id', { schema: { params: IdParams, response: { 200: ResourceRow } } }, async (req) =>
    getResource(store.db, req.scope, req.params.id),
  )
  app.get('/:hostname/:display_name', { schema: { params: ByNames, response: { 200: ResourceRow } } }, async (req) =>
    getResourceByNames(store.db, req.scope, req.params.hostname, req.params.display_name),
  )
  app.post('/', { schema: { body: ResourceBody, response: { 201: ResourceRow } } }, async (req, reply) => {
    await validateCheck(store.db, req.scope, req.body.check)
    await demandResourceTargets(store.db, req.scope, { hostId: req.body.host_id }, req.body.check)
    const id = await createResource(store.db, req.scope, req.body)
    await engine.refresh('resource', [id])
    return reply.status(201).send(await getResource(store.db, req.scope, id))
  })
  app.put('/:id', { schema: { params: IdParams, body: ResourceUpdate, response: { 200: ResourceRow } } }, async (req) => {
    await validateCheck(store.db, req.scope, req.body.check)
    await demandResourceTargets(store.db, req.scope, { resourceId: req.params.id }, req.body.check)
    const res = await updateResource(store.db, req.scope, req.params.id, req.body)
    await engine.refresh('resource', [res.id])
    return res
  })
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteResource(store.db, req.scope, req.params.id)
    engine.forget('resource', req.params.id)
    return reply.status(204).send(null)
  })
  // SPEC §1 "Reschedule checks": the resource's check runs now.
  app.post('/:id/reschedule', { schema: { params: IdParams, response: { 200: Rescheduled } } }, async (req) => {
    const res = await getResource(store.db, req.scope, req.params.id)
    requireReschedule(req.scope, res.hostgroup_id)
    requireEngine(config)
    return { rescheduled: engine.reschedule('resource', res.id) }
  })
}
