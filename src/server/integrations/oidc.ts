/**
 * Issue 16 "Cloud directory login": OpenID Connect with any standard provider, through `openid-client`
 * (authorization code with PKCE, state and nonce; the client secret authenticates at the token endpoint).
 * The provider's metadata is fetched at the first login, and again after a failure.
 */
import * as oidc from 'openid-client'
import type { OidcConfig } from '../config'

/** What a login in progress carries from its start to its end (sealed while the browser holds it). */
export interface CloudLoginTransaction {
  state: string
  nonce: string
  verifier: string
  /** unix seconds after which the login must start again */
  expires: number
}

/** Who the provider says logged in. */
export interface CloudIdentity {
  issuer: string
  subject: string
  email: string | undefined
  emailVerified: boolean
}

const LOOPBACK_HTTP = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/

export function cloudDirectory(settings: OidcConfig) {
  let discovered: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    // Plain http only to a provider on this machine (a test or a local proxy); anywhere else it must be https.
    const execute = LOOPBACK_HTTP.test(settings.issuer) ? [oidc.allowInsecureRequests] : []
    discovered ??= oidc.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, { execute })
    discovered.catch(() => (discovered = undefined))
    return discovered
  }

  return {
    /** The provider's authorization URL for a new login, and what its end must check. */
    async start(redirectUri: string, ttlS: number): Promise<{ url: string; transaction: CloudLoginTransaction }> {
      const config = await configuration()
      const transaction = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        expires: Math.floor(Date.now() / 1000) + ttlS,
      }
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.verifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      })
      return { url: url.href, transaction }
    },

    /** Exchanges the code the provider sent back (`callback`: the redirect URI with its query) for the identity. */
    async finish(callback: URL, transaction: CloudLoginTransaction): Promise<CloudIdentity> {
      const config = await configuration()
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()!
      // Many providers put the email only in the userinfo answer.
      const info = claims.email === undefined ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub) : claims
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof info.email === 'string' ? info.email : undefined,
        emailVerified: info.email_verified === true,
      }
    },
  }
}

export type CloudDirectory = ReturnType<typeof cloudDirectory>
