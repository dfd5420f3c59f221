/** /hostgroups/ — environments (SPEC §3 Environment; "hostgroup" in the data) — with the generic list protocol. */
import type { ZodApp, RouteDeps } from '../types'
import { EnvironmentBody, EnvironmentRow, EnvironmentUpdate, IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { environmentDef, createEnvironment, deleteEnvironment, getEnvironment, updateEnvironment } from '../../store/hostgroups'
import { loadScope } from '../../store/scope'
import { registerListRoutes } from './list-routes'

export async function environmentRoutes(app: ZodApp, { store }: RouteDeps) {
  registerListRoutes(app, store, environmentDef, EnvironmentRow)
  app.get('/:id', { schema: { params: IdParams, response: { 200: EnvironmentRow } } }, async (req) =>
    getEnvironment(store.db, req.scope, req.params.id),
  )
  app.post('/', { schema: { body: EnvironmentBody, response: { 201: EnvironmentRow } } }, async (req, reply) => {
    const id = await createEnvironment(store.db, req.scope, req.body)
    return reply.status(201).send(await getEnvironment(store.db, await loadScope(store.db, req.scope.userId), id))
  })
  app.put('/:id', { schema: { params: IdParams, body: EnvironmentUpdate, response: { 200: EnvironmentRow } } }, async (req) => {
    await updateEnvironment(store.db, req.scope, req.params.id, req.body)
    return getEnvironment(store.db, req.scope, req.params.id)
  })
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteEnvironment(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
