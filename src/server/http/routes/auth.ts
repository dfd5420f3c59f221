/**
 * Public: POST /auth/login (SPEC §8 login feedback codes); with a second factor due it answers a pending-login
 * ticket instead of a session (issue 16, routes/login-second-factor.ts). Issue 13 "Login": limits per (address, username)
 * and per address, a cap on hashes at once, and delays per (user, source) (store/login-failures.ts).
 */
import type { ZodApp, RouteDeps } from '../types'
import { LoginBody, LoginResponse } from '../../../shared/api/auth'
import { NoContent } from '../../../shared/api/list'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import { findUserByUsername, startSession } from '../../store/users'
import { lockedUntil, recordLoginFailure } from '../../store/login-failures'
import { revokeToken } from '../../store/tokens'
import { passwordChecker } from '../../security/password-checker'
import { addressBudget, sourceOf, LOGIN_FAILURES_PER_ADDRESS } from '../../security/login-limits'
import { loadScope } from '../../store/scope'
import { secondFactorStep } from '../../store/second-factors'
import { issueLoginTicket } from '../../store/login-tickets'

/** Login attempts per minute for one address and username (SPEC §8 code 5 when exceeded). */
export const LOGIN_RATE_PER_MINUTE = 10

export const tryLater = () => new ApiError('rate_limited', { login_feedback: LOGIN_FEEDBACK.try_later })

export async function loginRoutes(app: ZodApp, { store, config }: RouteDeps) {
  const passwords = passwordChecker(config.scrypt)
  const budget = addressBudget(LOGIN_FAILURES_PER_ADDRESS, 60_000)
  const invalid = () => new ApiError('unauthenticated', { login_feedback: LOGIN_FEEDBACK.invalid_credentials })

  app.post(
    '/login',
    {
      schema: { body: LoginBody, response: { 200: LoginResponse } },
      config: {
        rateLimit: {
          max: LOGIN_RATE_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) => `${sourceOf(req.ip)}|${String((req.body as { username?: unknown } | undefined)?.username ?? '')}`,
        },
      },
    },
    async (req) => {
      const { username, password } = req.body
      const source = sourceOf(req.ip)
      if (!budget.take(source)) throw tryLater()
      const user = await findUserByUsername(store.db, username)
      const verifying = passwords.check(password, user?.password_hash)
      if (!verifying) {
        budget.refund(source)
        throw tryLater()
      }
      if (!(await verifying) || !user) {
        if (user) await recordLoginFailure(store.db, user.id, source)
        throw invalid()
      }
      budget.refund(source)
      // Review M6: a waiting source learns of its delay only with the right password; wrong ones get the
      // generic answer above, exactly as for a user that does not exist.
      const until = await lockedUntil(store.db, user.id, source)
      if (until) throw new ApiError('account_locked', { login_feedback: LOGIN_FEEDBACK.locked_out, locked_until: until })
      const scope = await loadScope(store.db, user.id)
      if (scope.modules.length === 0) throw new ApiError('unauthorized', { login_feedback: LOGIN_FEEDBACK.no_permission })
      const newHash = await passwords.upgrade(password, user.password_hash)
      // Issue 16: with a second factor due, a pending-login ticket instead of a session.
      const next = await secondFactorStep(store.db, user, req.body.device_token)
      if (next)
        return {
          second_factor: next.step,
          methods: next.methods,
          ...(await issueLoginTicket(store.db, user.id, next.step, source, newHash)),
        }
      return startSession(store.db, user, source, newHash)
    },
  )
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
