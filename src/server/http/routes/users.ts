/** GET/PUT /users/current (SPEC §7 Users); POST /users/{id}/unlock (issue 13 "Login"). */
import type { ZodApp, RouteDeps } from '../types'
import { CurrentUser, UpdateCurrentUserBody } from '../../../shared/api/users'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { currentUser, updatePreferences } from '../../store/users'
import { unlockUser } from '../../store/login-failures'

export async function userRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/current', { schema: { response: { 200: CurrentUser } } }, async (req) => currentUser(store.db, req.scope))
  app.put('/current', { schema: { body: UpdateCurrentUserBody, response: { 200: CurrentUser } } }, async (req) => {
    await updatePreferences(store.db, req.scope, req.body.preferences)
    return currentUser(store.db, req.scope)
  })
  app.post('/:id/unlock', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await unlockUser(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
