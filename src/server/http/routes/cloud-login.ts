/**
 * Public: issue 16 "Cloud directory login" (OpenID Connect). `start` sends the browser to the provider with a
 * sealed login in progress (state, nonce, PKCE verifier) that only this browser holds; the provider returns it
 * to /oauth_redirect, whose page calls `finish`, which starts a session as a password login does. Refusals are
 * SPEC §8 code 4 (no linked or verifiable user, or no modules) and code 11 with `okta_error` (anything the
 * provider or the exchange got wrong). Not configured: `feature_disabled`.
 */
import type { ZodApp, RouteDeps } from '../types'
import { CloudLoginFinishBody, CloudLoginStart, CloudLoginStatus, LoginResponse } from '../../../shared/api/auth'
import { ApiError, LOGIN_FEEDBACK } from '../../../shared/errors'
import { cloudDirectory, type CloudLoginTransaction } from '../../integrations/oidc'
import { userForIdentity } from '../../store/user-identities'
import { startSession } from '../../store/users'
import { loadScope } from '../../store/scope'
import { sourceOf } from '../../security/login-limits'
import { publicUrl } from '../public-url'

/** How long a person may take at the provider before the login must start again. */
const CLOUD_LOGIN_TTL_S = 10 * 60
const perAddress = { max: 20, timeWindow: 60_000, keyGenerator: (req: { ip: string }) => sourceOf(req.ip) }

export async function cloudLoginRoutes(app: ZodApp, { store, config, box }: RouteDeps) {
  const directory = config.oidc ? cloudDirectory(config.oidc) : undefined
  const redirectUri = () => `${publicUrl(config, app)}/oauth_redirect`
  const cloudError = (reason: string) => new ApiError('okta_error', { login_feedback: LOGIN_FEEDBACK.cloud_login_error, reason })
  const enabled = () => {
    if (!directory) throw new ApiError('feature_disabled', { feature: 'cloud_login', login_feedback: LOGIN_FEEDBACK.invalid_login_method })
    return directory
  }

  app.get('/api/v1/auth/cloud', { schema: { response: { 200: CloudLoginStatus } } }, async () => ({ enabled: directory !== undefined }))

  app.post(
    '/api/v1/auth/cloud/start',
    { schema: { response: { 200: CloudLoginStart } }, config: { rateLimit: perAddress } },
    async (req) => {
      try {
        const { url, transaction } = await enabled().start(redirectUri(), CLOUD_LOGIN_TTL_S)
        return { authorization_url: url, transaction: box.seal(JSON.stringify(transaction)) }
      } catch (err) {
        if (err instanceof ApiError) throw err
        req.log.warn({ err }, 'cloud directory login: provider unreachable')
        throw cloudError('provider_unreachable')
      }
    },
  )

  app.post(
    '/api/v1/auth/cloud/finish',
    { schema: { body: CloudLoginFinishBody, response: { 200: LoginResponse } }, config: { rateLimit: perAddress } },
    async (req) => {
      const cloud = enabled()
      let transaction: CloudLoginTransaction
      try {
        transaction = JSON.parse(box.open(req.body.transaction)) as CloudLoginTransaction
      } catch {
        throw cloudError('unknown_login')
      }
      if (transaction.expires < Date.now() / 1000) throw cloudError('expired_login')
      const callback = new URL(redirectUri())
      callback.search = req.body.callback.replace(/^\?/, '')
      const identity = await cloud.finish(callback, transaction).catch((err: unknown) => {
        req.log.warn({ err }, 'cloud directory login refused')
        const error = callback.searchParams.get('error') ?? ''
        // The provider's OAuth error code when it sent one (access_denied, …); never its free text.
        throw cloudError(/^[a-z_]{1,64}$/.test(error) ? error : 'exchange_failed')
      })
      const user = await userForIdentity(store.db, identity)
      const noPermission = () => new ApiError('unauthorized', { login_feedback: LOGIN_FEEDBACK.no_permission })
      if (!user) throw noPermission()
      const scope = await loadScope(store.db, user.id)
      if (scope.modules.length === 0) throw noPermission()
      req.log.info({ userId: user.id, issuer: identity.issuer }, 'cloud directory login')
      return startSession(store.db, user, sourceOf(req.ip), null)
    },
  )

  // The provider sends the browser here (a fragment is not allowed in a redirect URI); the app's routes are hash-based.
  app.get('/oauth_redirect', { schema: { hide: true } }, async (req, reply) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''
    return reply.redirect(`/#/oauth_redirect${query}`, 303)
  })
}
