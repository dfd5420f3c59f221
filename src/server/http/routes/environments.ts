/** /hostgroups/ — environments (SPEC §3 Environment; "hostgroup" in the data) — with the generic list protocol. */
import type { ZodApp, RouteDeps } from '../types'
import { EnvironmentBody, EnvironmentUpdate, IdParams } from '../../../shared/api/entities'
import { environmentDef, createEnvironment, deleteEnvironment, getEnvironment, updateEnvironment } from '../../store/hostgroups'
import { loadScope } from '../../store/scope'
import { registerListRoutes } from './list-routes'

export async function environmentRoutes(app: ZodApp, { store }: RouteDeps) {
  registerListRoutes(app, store, environmentDef)
  app.get('/:id', { schema: { params: IdParams } }, async (req) => getEnvironment(store.db, req.scope, req.params.id))
  app.post('/', { schema: { body: EnvironmentBody } }, async (req, reply) => {
    const id = await createEnvironment(store.db, req.scope, req.body)
    return reply.status(201).send(await getEnvironment(store.db, await loadScope(store.db, req.scope.userId), id))
  })
  app.put('/:id', { schema: { params: IdParams, body: EnvironmentUpdate } }, async (req) => {
    await updateEnvironment(store.db, req.scope, req.params.id, req.body)
    return getEnvironment(store.db, req.scope, req.params.id)
  })
  app.delete('/:id', { schema: { params: IdParams } }, async (req, reply) => {
    await deleteEnvironment(store.db, req.scope, req.params.id)
    return reply.status(204).send()
  })
}
