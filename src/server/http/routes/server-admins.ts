/** PUT /users/{id}/server_admin (issue 13 "Server admins"): only server admins grant or revoke the role. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { ServerAdminBody, ServerAdminRow } from '../../../shared/api/user-admin'
import { setServerAdmin } from '../../store/server-admins'

export async function serverAdminRoutes(app: ZodApp, { store }: RouteDeps) {
  app.put('/:id/server_admin', { schema: { params: IdParams, body: ServerAdminBody, response: { 200: ServerAdminRow } } }, async (req) =>
    setServerAdmin(store, req.scope, req.params.id, req.body.server_admin),
  )
}
