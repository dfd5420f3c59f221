/**
 * Issue 16 "Cloud directory login" against a real OpenID Connect provider on loopback (`oidc-provider`): the whole
 * code flow (start → provider login and consent → /oauth_redirect → finish → session), the first login linking
 * by verified email, refusals with SPEC §8 code 4, provider failures with code 11 and `okta_error`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, startServer, type TestServer } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, uniq } from '../helpers/api'
import { startOidcProvider, type OidcProvider } from '../fixtures/oidc-provider'

describe.each(DATABASES)('cloud directory login on %s', (db) => {
  let idp: OidcProvider
  beforeAll(async () => {
    idp = await startOidcProvider()
  })
  afterAll(() => idp.close())
  const { server, admin, addTenant } = useApiSuite(db, {
    env: () => ({ VIGIL_OIDC_ISSUER: idp.issuer, VIGIL_OIDC_CLIENT_ID: idp.clientId, VIGIL_OIDC_CLIENT_SECRET: idp.clientSecret }),
  })
  beforeAll(() => idp.register(`${server.baseUrl}/oauth_redirect`))

  const anon = () => client(server.baseUrl)

  /** A Vigil user with `email`, and a provider account (subject `login`) whose email is `email` as given. */
  async function userWithAccount(account: { email_verified: boolean }, group: 'operator' | 'service_desk' = 'operator') {
    const user = await addTenant(group)
    const email = `${uniq('cloud')}@example.test`
    expect((await admin.put(`/api/v1/users/${user.id}`, { email })).status).toBe(200)
    const login = uniq('sub')
    idp.accounts.set(login, { email: email.toUpperCase(), ...account })
    return { user, email, login }
  }

  /** start → the provider (login, consent) → /oauth_redirect, as a browser would → finish. */
  async function cloudLogin(login: string) {
    const start = await anon().post('/api/v1/auth/cloud/start')
    expect(start.status).toBe(200)
    const url = new URL(start.body.authorization_url)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/oauth_redirect`)
    const query = await idp.signIn(start.body.authorization_url, login)
    const landing = await fetch(`${server.baseUrl}/oauth_redirect${query}`, { redirect: 'manual' })
    expect(landing.headers.get('location')).toBe(`/#/oauth_redirect${query}`)
    return anon().post('/api/v1/auth/cloud/finish', { callback: query, transaction: start.body.transaction })
  }

  it('says it is offered, and logs in through the provider as the user with that verified email, linked for later', async () => {
    expect((await anon().get('/api/v1/auth/cloud')).body).toEqual({ enabled: true })
    const { user, login } = await userWithAccount({ email_verified: true })
    const r = await cloudLogin(login)
    expect(r.status).toBe(200)
    const me = await client(server.baseUrl, r.body.token).get('/api/v1/users/current')
    expect(me.body.username).toBe(user.username)

    // The link holds even after the provider's email changes.
    idp.accounts.set(login, { email: 'changed@example.test', email_verified: true })
    const again = await cloudLogin(login)
    expect((await client(server.baseUrl, again.body.token).get('/api/v1/users/current')).body.username).toBe(user.username)
    const events = (await admin.get('/api/v1/events?types=audit_log&limit=1000')).body.result as { status: string; subject_name: string }[]
    expect(events.filter((e) => e.status === 'LINKED' && e.subject_name === user.username)).toHaveLength(1)
  })

  it('refuses an unverified email and an unknown one with code 4, and starts no session', async () => {
    const { login } = await userWithAccount({ email_verified: false })
    const unverified = await cloudLogin(login)
    expect(unverified.status).toBe(403)
    expect(unverified.body.error).toMatchObject({ key: 'unauthorized', extra_info: { login_feedback: 4 } })
    const stranger = uniq('sub')
    idp.accounts.set(stranger, { email: 'nobody-here@example.test', email_verified: true })
    const unknown = await cloudLogin(stranger)
    expect(unknown.body.error).toMatchObject({ key: 'unauthorized', extra_info: { login_feedback: 4 } })
    expect(unknown.body.token).toBeUndefined()
  })

  it('answers code 11 with okta_error when the provider sends an error, the state differs, or the login was tampered with', async () => {
    const start = (await anon().post('/api/v1/auth/cloud/start')).body
    const state = new URL(start.authorization_url).searchParams.get('state')!
    const denied = await anon().post('/api/v1/auth/cloud/finish', {
      callback: `?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`,
      transaction: start.transaction,
    })
    expect(denied.status).toBe(400)
    expect(denied.body.error).toMatchObject({ key: 'okta_error', extra_info: { login_feedback: 11, reason: 'access_denied' } })

    const { login } = await userWithAccount({ email_verified: true })
    const query = await idp.signIn(start.authorization_url, login)
    const other = (await anon().post('/api/v1/auth/cloud/start')).body
    const wrongState = await anon().post('/api/v1/auth/cloud/finish', { callback: query, transaction: other.transaction })
    expect(wrongState.body.error).toMatchObject({ key: 'okta_error', extra_info: { login_feedback: 11 } })
    const tampered = await anon().post('/api/v1/auth/cloud/finish', {
      callback: query,
      transaction: start.transaction.slice(0, -4) + 'AAAA',
    })
    expect(tampered.body.error).toMatchObject({ key: 'okta_error', extra_info: { login_feedback: 11 } })
  })
})

describe('cloud directory login not configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  })
  afterAll(() => server.close())

  it('is not offered and its calls answer feature_disabled', async () => {
    const anon = client(server.baseUrl)
    expect((await anon.get('/api/v1/auth/cloud')).body).toEqual({ enabled: false })
    const r = await anon.post('/api/v1/auth/cloud/start')
    expect(r.status).toBe(403)
    expect(r.body.error.key).toBe('feature_disabled')
    expect((await anon.post('/api/v1/auth/cloud/finish', { callback: '?code=x', transaction: 'x' })).body.error.key).toBe(
      'feature_disabled',
    )
  })
})
