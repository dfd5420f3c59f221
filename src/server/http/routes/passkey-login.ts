/**
 * Public, issue 16: a passwordless login with a hardware key the user chose for it (SPEC §1 "hardware key").
 * POST /auth/passkey/options gives a challenge for any key the browser holds; POST /auth/passkey checks the
 * answer (the key names its user, checks its own PIN or fingerprint, and signs) and starts the session.
 * The login's limits apply (issue 13): per address, and the user's delays and lockout.
 * GET /auth/login-page: what the login page shows before anyone is signed in (SPEC §1 support contact).
 */
import type { ZodApp, RouteDeps } from '../types'
import { Session } from '../../../shared/api/auth'
import { KeyOptions, LoginPageInfo, PasskeyLoginBody } from '../../../shared/api/second-factors'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import { addressBudget, sourceOf, LOGIN_FAILURES_PER_ADDRESS } from '../../security/login-limits'
import { relyingParty } from '../../security/relying-party'
import { authenticationOptions, verifyKeyLogin } from '../../store/webauthn-keys'
import { lockedUntil } from '../../store/login-failures'
import { loadScope } from '../../store/scope'
import { loginUserById, startSession } from '../../store/users'
import { LOGIN_RATE_PER_MINUTE, tryLater } from './auth'

export async function passkeyLoginRoutes(app: ZodApp, { store, box, config }: RouteDeps) {
  const db = store.db
  const budget = addressBudget(LOGIN_FAILURES_PER_ADDRESS, 60_000)
  const rateLimit = { max: LOGIN_RATE_PER_MINUTE, timeWindow: 60_000 }

  app.get('/login-page', { schema: { response: { 200: LoginPageInfo } } }, async () => ({ support_contact: config.supportContact ?? null }))

  app.post('/passkey/options', { schema: { response: { 200: KeyOptions } }, config: { rateLimit } }, async (req) =>
    authenticationOptions({ db, box, rp: relyingParty(config, req) }, null),
  )

  app.post('/passkey', { schema: { body: PasskeyLoginBody, response: { 200: Session } }, config: { rateLimit } }, async (req) => {
    const source = sourceOf(req.ip)
    if (!budget.take(source)) throw tryLater()
    const userId = await verifyKeyLogin({ db, box, rp: relyingParty(config, req) }, null, req.body.response)
    const user = userId && (await loginUserById(db, userId))
    // SPEC §8 code 1, as for a wrong password: which part failed is not told.
    if (!user) throw new ApiError('unauthenticated', { login_feedback: LOGIN_FEEDBACK.invalid_credentials })
    budget.refund(source)
    const until = await lockedUntil(db, user.id, source)
    if (until) throw new ApiError('account_locked', { login_feedback: LOGIN_FEEDBACK.locked_out, locked_until: until })
    if ((await loadScope(db, user.id)).modules.length === 0)
      throw new ApiError('unauthorized', { login_feedback: LOGIN_FEEDBACK.no_permission })
    return startSession(db, user, source, null)
  })
}
