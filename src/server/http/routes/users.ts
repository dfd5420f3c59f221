/** GET/PUT /users/current (SPEC §7 Users). */
import type { ZodApp, RouteDeps } from '../types'
import { CurrentUser, UpdateCurrentUserBody } from '../../../shared/api/users'
import { currentUser, updatePreferences } from '../../store/users'

export async function userRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/current', { schema: { response: { 200: CurrentUser } } }, async (req) => currentUser(store.db, req.scope))
  app.put('/current', { schema: { body: UpdateCurrentUserBody, response: { 200: CurrentUser } } }, async (req) => {
    await updatePreferences(store.db, req.scope, req.body.preferences)
    return currentUser(store.db, req.scope)
  })
}
