/**
 * Issue 16 hardware keys on both databases, with a software key signing real WebAuthn answers
 * (tests/helpers/authenticator.ts): a user registers several keys, names, lists and removes them (audited);
 * a key is the second factor after the password (SPEC §8 code 3 for a replayed or foreign answer); a key the
 * user chose for it logs in without a password, any other key does not (code 1).
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, type User } from '../helpers/api'
import { assert, register, type SoftKey } from '../helpers/authenticator'

const MFA_FAILED = { key: 'unauthenticated', extra_info: { login_feedback: 3 } }

describe.each(DATABASES)('hardware keys on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  const anon = () => client(server.baseUrl)
  const origin = () => server.baseUrl.replace(/\/$/, '')
  const rpId = () => new URL(server.baseUrl).hostname

  async function addKey(user: User, name: string, passwordless = false): Promise<SoftKey> {
    const options = await user.api.post('/api/v1/users/current/webauthn/options')
    expect(options.status).toBe(200)
    expect(options.body.rp.id).toBe(rpId())
    const { key, response } = register(options.body, origin())
    const added = await user.api.post('/api/v1/users/current/webauthn', { name, passwordless, response })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ method: 'webauthn', name, passwordless })
    return key
  }

  async function ticketOf(u: User) {
    const r = await anon().post('/api/v1/auth/login', { username: u.username, password: u.password })
    expect(r.body).toMatchObject({ second_factor: 'verify' })
    expect(r.body.methods).toContain('webauthn')
    return r.body.ticket as string
  }

  const answerWith = async (key: SoftKey, ticket: string) => {
    const options = await anon().post('/api/v1/auth/mfa/webauthn/options', { ticket })
    expect(options.status).toBe(200)
    return JSON.stringify(assert(key, options.body, origin(), rpId()))
  }
  const mfa = (ticket: string, code: string) => anon().post('/api/v1/auth/mfa', { ticket, method: 'webauthn', code, remember: false })

  it('registers several named keys, logs in with each as the second factor, and refuses a replayed answer', async () => {
    const t = await addTenant()
    const first = await addKey(t, 'Desk key')
    const second = await addKey(t, 'Spare key')
    const list = await t.api.get('/api/v1/users/current/second-factors')
    expect(list.body.map((f: { name: string }) => f.name)).toEqual(['Desk key', 'Spare key'])
    // The credential is sealed at rest.
    const stored = await server.vigil.store.db.selectFrom('second_factors').select('secret').where('user_id', '=', t.id).execute()
    expect(stored.every((r) => r.secret.startsWith('v2:') && !r.secret.includes(first.id))).toBe(true)

    const ticket = await ticketOf(t)
    const answer = await answerWith(second, ticket)
    const ok = await mfa(ticket, answer)
    expect(ok.status).toBe(200)
    expect((await client(server.baseUrl, ok.body.token).get('/api/v1/users/current')).status).toBe(200)

    // The same signed answer again (a new login, the old challenge): refused, code 3.
    const again = await ticketOf(t)
    const replayed = await mfa(again, answer)
    expect(replayed.status).toBe(401)
    expect(replayed.body.error).toMatchObject(MFA_FAILED)
    expect((await mfa(again, await answerWith(first, again))).status).toBe(200)
  })

  it("refuses another user's key and a key registered for another site", async () => {
    const t = await addTenant()
    const other = await addTenant()
    await addKey(t, 'Mine')
    const theirs = await addKey(other, 'Theirs')
    const ticket = await ticketOf(t)
    const foreign = await mfa(ticket, await answerWith(theirs, ticket))
    expect(foreign.body.error).toMatchObject(MFA_FAILED)

    const options = await t.api.post('/api/v1/users/current/webauthn/options')
    const { response } = register(options.body, 'https://vigil.evil.example')
    const refused = await t.api.post('/api/v1/users/current/webauthn', { name: 'Phished', passwordless: false, response })
    expect(refused.status).toBe(400)
    expect(refused.body.error.key).toBe('invalid_input')
    expect((await t.api.get('/api/v1/users/current/second-factors')).body).toHaveLength(1)
  })

  it('renames and removes a key (audited); a removed key no longer logs in', async () => {
    const t = await addTenant()
    const kept = await addKey(t, 'Kept')
    const gone = await addKey(t, 'Lost key')
    const [, lost] = (await t.api.get('/api/v1/users/current/second-factors')).body
    const renamed = await t.api.put(`/api/v1/users/current/second-factors/${lost.id}`, { name: 'Lost on the train' })
    expect(renamed.status).toBe(204)
    expect((await t.api.del(`/api/v1/users/current/second-factors/${lost.id}`)).status).toBe(204)
    expect((await t.api.get('/api/v1/users/current/second-factors')).body.map((f: { name: string }) => f.name)).toEqual(['Kept'])
    const ticket = await ticketOf(t)
    expect((await mfa(ticket, await answerWith(gone, ticket))).body.error).toMatchObject(MFA_FAILED)
    expect((await mfa(ticket, await answerWith(kept, ticket))).status).toBe(200)

    const audit = await server.vigil.store.db
      .selectFrom('events')
      .select(['status', 'extra_data'])
      .where('type', '=', 'audit_log')
      .where('user_id', '=', t.id)
      .orderBy('id')
      .execute()
    expect(audit.map((e) => e.status)).toEqual(['ENROLLED', 'ENROLLED', 'UPDATED', 'SECOND_FACTOR_REMOVED'])
    expect(audit[3].extra_data).toContain('Lost on the train')
    // Another user's factor answers 404 and stays.
    const other = await addTenant()
    expect((await other.api.del(`/api/v1/users/current/second-factors/${lost.id - 1}`)).status).toBe(404)
    expect((await t.api.get('/api/v1/users/current/second-factors')).body).toHaveLength(1)
  })

  it('logs in without a password only with a key chosen for it', async () => {
    const t = await addTenant()
    const passwordless = await addKey(t, 'Passwordless', true)
    const secondOnly = await addKey(t, 'Second factor only')
    const login = async (key: SoftKey) => {
      const options = await anon().post('/api/v1/auth/passkey/options')
      expect(options.body.userVerification).toBe('required')
      return anon().post('/api/v1/auth/passkey', { response: assert(key, options.body, origin(), rpId()) })
    }
    const ok = await login(passwordless)
    expect(ok.status).toBe(200)
    const me = await client(server.baseUrl, ok.body.token).get('/api/v1/users/current')
    expect(me.body.username).toBe(t.username)
    const refused = await login(secondOnly)
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatchObject({ extra_info: { login_feedback: 1 } })
    expect((await t.api.get('/api/v1/users/current/second-factors')).body.map((f: { passwordless: boolean }) => f.passwordless)).toEqual([
      true,
      false,
    ])
  })
})
