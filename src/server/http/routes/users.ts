/**
 * GET/PUT /users/current (SPEC §7 Users); POST /users/{id}/unlock (issue 13 "Login"); user management
 * (issue 15 "Users"): GET, POST, PUT, DELETE users/ with the generic list protocol.
 */
import type { ZodApp, RouteDeps } from '../types'
import { CurrentUser, UpdateCurrentUserBody } from '../../../shared/api/users'
import { UserBody, UserRow, UserUpdate } from '../../../shared/api/user-admin'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { ApiError } from '../../../shared/errors'
import { currentUser, updatePreferences } from '../../store/users'
import { createUser, deleteUser, getUser, updateUser, userDef } from '../../store/user-admin'
import { unlockUser } from '../../store/login-failures'
import { loadScope } from '../../store/scope'
import { passwordChecker } from '../../security/password-checker'
import { registerListRoutes } from './list-routes'
import { avatarOf } from '../../security/avatar'

export async function userRoutes(app: ZodApp, { store, config }: RouteDeps) {
  const passwords = passwordChecker(config.scrypt)
  const hash = async (password: string) => (await passwords.hash(password)) ?? Promise.reject(new ApiError('user_create_unavailable', {}))

  app.get('/current', { schema: { response: { 200: CurrentUser } } }, async (req) => {
    const user = await currentUser(store.db, req.scope)
    const token = { kind: req.token.kind, expires_at: req.token.expires }
    // Issue 16: a wall sees a minimal user, the maps module of one environment and no personal details.
    if (req.token.wall) {
      const orgs = user.allowed_organizations.filter((o) => user.allowed_environments.some((e) => e.organization_id === o.id))
      return { ...user, email: '', last_logon: null, authorizations: [], allowed_organizations: orgs, allowed_environment_lists: [], token }
    }
    return { ...user, token, ...avatarOf(config.avatarUrl, user.username) }
  })
  app.put('/current', { schema: { body: UpdateCurrentUserBody, response: { 200: CurrentUser } } }, async (req) => {
    await updatePreferences(store.db, req.scope, req.body.preferences)
    return currentUser(store.db, req.scope)
  })
  app.post('/:id/unlock', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await unlockUser(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })

  registerListRoutes(app, store, userDef, UserRow)
  app.get('/:id', { schema: { params: IdParams, response: { 200: UserRow } } }, async (req) => getUser(store.db, req.scope, req.params.id))
  app.post('/', { schema: { body: UserBody, response: { 201: UserRow } } }, async (req, reply) => {
    const id = await createUser(store.db, req.scope, req.body, hash)
    return reply.status(201).send(await getUser(store.db, await loadScope(store.db, req.scope.userId), id))
  })
  app.put('/:id', { schema: { params: IdParams, body: UserUpdate, response: { 200: UserRow } } }, async (req) => {
    await updateUser(store.db, req.scope, req.params.id, req.body, hash)
    return getUser(store.db, await loadScope(store.db, req.scope.userId), req.params.id)
  })
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteUser(store.db, req.scope, req.params.id)
    return reply.status(204).send(null)
  })
}
