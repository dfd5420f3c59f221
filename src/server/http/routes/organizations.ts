/** /organizations/ (SPEC §3 Organization) with the generic list protocol. A create widens the caller's scope, so it is read again. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams, OrganizationBody, OrganizationRow, OrganizationUpdate } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { organizationDef, createOrganization, deleteOrganization, getOrganization, updateOrganization } from '../../store/organizations'
import { registerListRoutes } from './list-routes'
import { loadScope } from '../../store/scope'

export async function organizationRoutes(app: ZodApp, { store }: RouteDeps) {
  registerListRoutes(app, store, organizationDef, OrganizationRow)
  app.get('/:id', { schema: { params: IdParams, response: { 200: OrganizationRow } } }, async (req) =>
    getOrganization(store.db, req.scope, req.params.id),
  )
  app.post('/', { schema: { body: OrganizationBody, response: { 201: OrganizationRow } } }, async (req, reply) => {
    const id = await createOrganization(store.db, req.scope, req.body)
    return reply.status(201).send(await getOrganization(store.db, await loadScope(store.db, req.scope.userId), id))
  })
  app.put('/:id', { schema: { params: IdParams, body: OrganizationUpdate, response: { 200: OrganizationRow } } }, async (req) =>
    updateOrganization(store.db, req.scope, req.params.id, req.body),
  )
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteOrganization(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
