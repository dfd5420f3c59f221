/** Public: POST /auth/login (SPEC §8 login feedback codes, lockout, rate limit). */
import type { ZodApp, RouteDeps } from '../types'
import { LoginBody, LoginResponse } from '../../../shared/api/auth'
import { NoContent } from '../../../shared/api/list'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import { findUserByUsername, recordLoginFailure, recordLoginSuccess } from '../../store/users'
import { issueToken, revokeToken, SESSION_TTL_S } from '../../store/tokens'
import { hashPassword, verifyPassword } from '../../security/password'
import { loadScope } from '../../store/scope'
import { now } from '../../store/json'

/** Login attempts per minute for one address and username (SPEC §8 code 5 when exceeded). */
export const LOGIN_RATE_PER_MINUTE = 10

export async function loginRoutes(app: ZodApp, { store }: RouteDeps) {
  // A hash to verify against when the user does not exist, so timing does not reveal usernames.
  const decoy = hashPassword('vigil-decoy-password')
  const invalid = () => new ApiError('unauthenticated', { login_feedback: LOGIN_FEEDBACK.invalid_credentials })
  const locked = (until: number) => new ApiError('account_locked', { login_feedback: LOGIN_FEEDBACK.locked_out, locked_until: until })

  app.post('/login', {
    schema: { body: LoginBody, response: { 200: LoginResponse } },
    config: {
      rateLimit: {
        max: LOGIN_RATE_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (req) => `${req.ip}|${String((req.body as { username?: unknown } | undefined)?.username ?? '')}`,
      },
    },
  }, async (req) => {
    const { username, password } = req.body
    const user = await findUserByUsername(store.db, username)
    if (!user) {
      await verifyPassword(password, await decoy)
      throw invalid()
    }
    if (user.locked_until && user.locked_until > now()) throw locked(user.locked_until)
    if (!(await verifyPassword(password, user.password_hash))) {
      const until = await recordLoginFailure(store.db, user.id)
      throw until ? locked(until) : invalid()
    }
    const scope = await loadScope(store.db, user.id)
    if (scope.modules.length === 0) throw new ApiError('unauthorized', { login_feedback: LOGIN_FEEDBACK.no_permission })
    await recordLoginSuccess(store.db, user.id)
    return issueToken(store.db, user.id, 'session', SESSION_TTL_S)
  })
}

/**
 * Protected: POST /auth/logout revokes the token it was called with; its feed sockets close at once.
 * It takes no body: whatever is sent (an empty or broken JSON body too) is read past, so logout always
 * ends the session instead of failing on the body's parse (issue 13).
 */
export async function logoutRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined))
  app.post('/logout', { schema: { response: { 204: NoContent } } }, async (req, reply) => {
    await revokeToken(store.db, req.tokenId)
    bus.endSession(req.tokenId)
    return reply.status(204).send(null)
  })
}
