/**
 * Issue 16 two-factor on both databases: a login without a factor is unchanged; with an authenticator app the
 * password gives a single-use ticket and only the right code a session (SPEC §8 code 3 otherwise); a used code
 * or backup code is refused; a remembered browser skips the factor for a month (SPEC §9); an organization that
 * requires two-factor sends its users to enrolment; administrators reset factors in their organization only;
 * wrong codes count against the login limits.
 */
import { describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, loginFrom, type User } from '../helpers/api'
import { LOCKOUT_FAILURES } from '../../src/server/store/login-failures'
import { LOGIN_TICKET_ATTEMPTS, REMEMBER_DEVICE_S } from '../../src/server/store/login-tickets'

const MFA_FAILED = { key: 'unauthenticated', extra_info: { login_feedback: 3 } }
const DEAD_TICKET = { key: 'invalid_token', extra_info: { login_feedback: 2 } }

/** The code an authenticator app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 })
const wrongCode = (secret: string) => String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0')

describe.each(DATABASES)('two-factor on %s', (db) => {
  const { server, addTenant, addUser } = useApiSuite(db)
  const anon = () => client(server.baseUrl)
  const login = (u: { username: string; password: string }, device_token?: string) =>
    anon().post('/api/v1/auth/login', { username: u.username, password: u.password, device_token })
  const mfa = (ticket: string, code: string, method = 'totp', remember = false) =>
    anon().post('/api/v1/auth/mfa', { ticket, method, code, remember })

  /** Enrols an authenticator app for a signed-in user; the app's key and the backup codes. */
  async function enrol(user: User) {
    const begun = await user.api.post('/api/v1/users/current/totp')
    expect(begun.status).toBe(200)
    expect(begun.body.uri).toContain(`secret=${begun.body.secret}`)
    expect(begun.body.qr).toMatch(/^data:image\/png;base64,/)
    const confirmed = await user.api.post('/api/v1/users/current/totp/confirm', { code: codeAt(begun.body.secret) })
    expect(confirmed.status).toBe(200)
    return { secret: begun.body.secret as string, backupCodes: confirmed.body.backup_codes as string[] }
  }

  async function ticketOf(u: User, device_token?: string) {
    const r = await login(u, device_token)
    expect(r.status).toBe(200)
    expect(r.body.token).toBeUndefined()
    expect(r.body.second_factor).toBe('verify')
    return r.body.ticket as string
  }

  it('logs a user without a second factor in with the password alone, as before', async () => {
    const t = await addTenant()
    const r = await login(t)
    expect(r.status).toBe(200)
    expect(typeof r.body.token).toBe('string')
    expect(r.body.second_factor).toBeUndefined()
  })

  it('asks for the code after the password: a wrong one is code 3, the right one starts a session, the ticket is single use', async () => {
    const t = await addTenant()
    const { secret, backupCodes } = await enrol(t)
    expect(backupCodes).toHaveLength(10)
    // The key is sealed at rest (security/secrets).
    const stored = await server.vigil.store.db
      .selectFrom('second_factors')
      .select('secret')
      .where('user_id', '=', t.id)
      .executeTakeFirstOrThrow()
    expect(stored.secret).toMatch(/^v2:/)
    expect(stored.secret).not.toContain(secret)
    const r = await login(t)
    expect(r.body).toMatchObject({ second_factor: 'verify', methods: ['totp', 'backup_code'] })
    // The ticket opens nothing by itself.
    expect((await client(server.baseUrl, r.body.ticket).get('/api/v1/users/current')).status).toBe(401)
    const wrong = await mfa(r.body.ticket, wrongCode(secret))
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toMatchObject(MFA_FAILED)
    // The enrolment used this step's code; the next step's is accepted (±1 step).
    const next = codeAt(secret, 1)
    const right = await mfa(r.body.ticket, next)
    expect(right.status).toBe(200)
    expect(right.body.device_token).toBeUndefined()
    const me = await client(server.baseUrl, right.body.token).get('/api/v1/users/current')
    expect(me.body.username).toBe(t.username)
    expect((await mfa(r.body.ticket, next)).body.error).toMatchObject(DEAD_TICKET)
    // Replay: the same code on a fresh ticket is refused.
    const again = await mfa(await ticketOf(t), next)
    expect(again.status).toBe(401)
    expect(again.body.error).toMatchObject(MFA_FAILED)
  })

  it('accepts each backup code once, and never shows them again', async () => {
    const t = await addTenant()
    const { backupCodes } = await enrol(t)
    const used = await mfa(await ticketOf(t), backupCodes[3].toUpperCase(), 'backup_code')
    expect(used.status).toBe(200)
    const twice = await mfa(await ticketOf(t), backupCodes[3], 'backup_code')
    expect(twice.body.error).toMatchObject(MFA_FAILED)
    expect((await mfa(await ticketOf(t), backupCodes[4], 'backup_code')).status).toBe(200)
    const stored = await server.vigil.store.db.selectFrom('backup_codes').select('code_hash').where('user_id', '=', t.id).execute()
    expect(stored.map((s) => s.code_hash).some((h) => backupCodes.some((c) => h.includes(c.replace('-', ''))))).toBe(false)
    // A second enrolment is refused while one stands: replacing the app takes an administrator's reset.
    expect((await t.api.post('/api/v1/users/current/totp')).body.error.key).toBe('invalid_operation')
  })

  it('remembers the browser for a month (SPEC §9) and asks again after', async () => {
    const t = await addTenant()
    const { secret } = await enrol(t)
    const r = await mfa(await ticketOf(t), codeAt(secret, 1), 'totp', true)
    expect(r.status).toBe(200)
    expect(r.body.device_expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(REMEMBER_DEVICE_S - 60)
    expect(REMEMBER_DEVICE_S).toBe(30 * 24 * 3600)
    const remembered = await login(t, r.body.device_token)
    expect(remembered.status).toBe(200)
    expect(typeof remembered.body.token).toBe('string')
    // Another user's login with this browser's token still needs its own factor.
    const other = await addUser({ organizationId: t.organizationId }, 'operator')
    await enrol(other)
    expect((await login(other, r.body.device_token)).body.second_factor).toBe('verify')
    // A month later.
    await server.vigil.store.db
      .updateTable('remembered_devices')
      .set({ expires: Math.floor(Date.now() / 1000) - 1 })
      .where('user_id', '=', t.id)
      .execute()
    expect((await login(t, r.body.device_token)).body.second_factor).toBe('verify')
  })

  it('sends users of an organization that requires two-factor to enrolment, audited, then asks for the code', async () => {
    const t = await addTenant()
    const policy = await t.api.put(`/api/v1/organizations/${t.organizationId}`, { require_two_factor: true })
    expect(policy.status).toBe(200)
    expect(policy.body.require_two_factor).toBe(true)
    const member = await addUser({ organizationId: t.organizationId }, 'operator')
    const r = await login(member)
    expect(r.body).toMatchObject({ second_factor: 'enroll', methods: ['totp'] })
    expect(r.body.token).toBeUndefined()
    // An enrolment ticket is no verification ticket.
    expect((await mfa(r.body.ticket, '123456')).body.error).toMatchObject(DEAD_TICKET)
    const begun = await anon().post('/api/v1/auth/enroll', { ticket: r.body.ticket })
    expect(begun.status).toBe(200)
    expect(begun.body.qr).toMatch(/^data:image\/png;base64,/)
    const wrong = await anon().post('/api/v1/auth/enroll/confirm', { ticket: r.body.ticket, code: wrongCode(begun.body.secret) })
    expect(wrong.body.error).toMatchObject(MFA_FAILED)
    const done = await anon().post('/api/v1/auth/enroll/confirm', { ticket: r.body.ticket, code: codeAt(begun.body.secret) })
    expect(done.status).toBe(200)
    expect(done.body.backup_codes).toHaveLength(10)
    expect((await client(server.baseUrl, done.body.token).get('/api/v1/users/current')).status).toBe(200)
    expect((await login(member)).body.second_factor).toBe('verify')
    const audit = (await t.api.get('/api/v1/events?types=audit_log&limit=1000')).body.result as any[]
    expect(audit.find((e) => e.status === 'ENROLLED')).toMatchObject({ event_class: 'user_audit', subject_name: member.username })
    const policyChange = audit.find((e) => e.event_class === 'organization_audit' && e.status === 'UPDATED')
    expect(policyChange.extra_data).toMatchObject({ before: { require_two_factor: 0 }, after: { require_two_factor: 1 } })
  })

  it("lets an administrator reset a user's factors in its organization only: another organization's admin gets 404", async () => {
    const t = await addTenant()
    const member = await addUser({ organizationId: t.organizationId }, 'operator')
    await enrol(member)
    const stranger = await addTenant()
    const foreign = await stranger.api.del(`/api/v1/users/${member.id}/second-factors`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.key).toBe('user_not_found')
    const peer = await addUser({ organizationId: t.organizationId }, 'operator')
    expect((await peer.api.del(`/api/v1/users/${member.id}/second-factors`)).status).toBe(403)
    expect((await login(member)).body.second_factor).toBe('verify')
    expect((await t.api.del(`/api/v1/users/${member.id}/second-factors`)).status).toBe(204)
    const after = await login(member)
    expect(typeof after.body.token).toBe('string')
    const audit = ((await t.api.get('/api/v1/events?types=audit_log&limit=1000')).body.result as any[]).map((e) => [
      e.status,
      e.subject_name,
    ])
    expect(audit).toContainEqual(['SECOND_FACTORS_RESET', member.username])
  })

  it('refuses a ticket sent from another address than the password (code 2)', async () => {
    const t = await addTenant()
    const { secret } = await enrol(t)
    const elsewhere = await loginFrom(server, '127.0.9.9', { username: t.username, password: t.password })
    expect(elsewhere.body.second_factor).toBe('verify')
    expect((await mfa(elsewhere.body.ticket, codeAt(secret, 1))).body.error).toMatchObject(DEAD_TICKET)
  })

  it('counts wrong codes as failed logins: the ticket ends and the source waits, so codes cannot be guessed', async () => {
    const t = await addTenant()
    const { secret } = await enrol(t)
    const ticket = await ticketOf(t)
    expect(LOGIN_TICKET_ATTEMPTS).toBeLessThanOrEqual(LOCKOUT_FAILURES)
    for (let i = 0; i < LOGIN_TICKET_ATTEMPTS; i++) expect((await mfa(ticket, wrongCode(secret))).body.error).toMatchObject(MFA_FAILED)
    expect((await mfa(ticket, codeAt(secret, 1))).body.error).toMatchObject(DEAD_TICKET)
    const locked = await login(t)
    expect(locked.body.error).toMatchObject({ key: 'account_locked', extra_info: { login_feedback: 6 } })
  })
})
