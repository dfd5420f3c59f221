/**
 * Issue 13 "Login" (review M5, M6, L10): limits per address whatever the username, a cap on hashes at once,
 * delays per (user, source) instead of an account lock, the same answer for unknown and waiting users, unlock,
 * rehash of old parameters, sessions per user. Sources other than 127.0.0.1 are other loopback addresses.
 */
import { randomBytes, scryptSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, loginFrom, uniq } from '../helpers/api'
import { LOCKOUT_FAILURES, LOCKOUT_FIRST_DELAY_S } from '../../src/server/store/login-failures'
import { HASHES_AT_ONCE, LOGIN_FAILURES_PER_ADDRESS } from '../../src/server/security/login-limits'
import { SCRYPT_PARAMS } from '../../src/server/security/password'

/** A fresh source address per use, so one test's failures never limit another's. */
let lastSource = 0
const source = () => `127.0.${1 + Math.floor(++lastSource / 250)}.${1 + (lastSource % 250)}`

const INVALID = { key: 'unauthenticated', extra_info: { login_feedback: 1 } }
const TRY_LATER = { key: 'rate_limited', extra_info: { login_feedback: 5 } }

describe.each(DATABASES)('login limits on %s', (db) => {
  const { server, admin, addTenant, addUser } = useApiSuite(db)

  async function fail(from: string, username: string, times: number) {
    for (let i = 0; i < times; i++) {
      const r = await loginFrom(server, from, { username, password: `wrong-${i}` })
      expect(r.status).toBe(401)
      expect(r.body.error).toMatchObject(INVALID)
    }
  }

  it('limits failed logins per address whatever the username, and only that address (review M5)', async () => {
    const from = source()
    const statuses: number[] = []
    // As many at once as may hash at once, so none is refused by the hashing cap.
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS + 10; i += HASHES_AT_ONCE) {
      const batch = await Promise.all(
        Array.from({ length: HASHES_AT_ONCE }, () => loginFrom(server, from, { username: uniq('nobody'), password: 'x' })),
      )
      for (const r of batch) {
        statuses.push(r.status)
        if (r.status === 429) expect(r.body.error).toMatchObject(TRY_LATER)
      }
    }
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ADDRESS).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(LOGIN_FAILURES_PER_ADDRESS).every((s) => s === 429)).toBe(true)
    expect((await loginFrom(server, source(), { username: 'admin', password: server.adminPassword })).status).toBe(200)
  }, 90_000)

  it('makes the failing source wait, not the account: admin still logs in from elsewhere (review M6)', async () => {
    const attacker = source()
    await fail(attacker, 'admin', LOCKOUT_FAILURES)
    const waiting = await loginFrom(server, attacker, { username: 'admin', password: server.adminPassword })
    expect(waiting.status).toBe(403)
    expect(waiting.body.error).toMatchObject({ key: 'account_locked', extra_info: { login_feedback: 6 } })
    expect(waiting.body.error.extra_info.locked_until).toBeGreaterThan(Date.now() / 1000)
    const elsewhere = await loginFrom(server, source(), { username: 'admin', password: server.adminPassword })
    expect(elsewhere.status).toBe(200)
    expect(typeof elsewhere.body.token).toBe('string')
  })

  it('doubles the wait with each further failure from the source', async () => {
    const t = await addTenant('operator')
    const from = source()
    /** The wait a failure earns, counted from the moment the server saw that failure. */
    const waitAfterFailure = async () => {
      const before = Math.floor(Date.now() / 1000)
      await fail(from, t.username, 1)
      const after = Math.ceil(Date.now() / 1000)
      const until = (await loginFrom(server, from, t)).body.error.extra_info.locked_until as number
      return { min: until - after, max: until - before }
    }
    await fail(from, t.username, LOCKOUT_FAILURES - 1)
    const first = await waitAfterFailure()
    const second = await waitAfterFailure()
    expect(first.min).toBeLessThanOrEqual(LOCKOUT_FIRST_DELAY_S)
    expect(first.max).toBeGreaterThanOrEqual(LOCKOUT_FIRST_DELAY_S)
    expect(second.min).toBeLessThanOrEqual(2 * LOCKOUT_FIRST_DELAY_S)
    expect(second.max).toBeGreaterThanOrEqual(2 * LOCKOUT_FIRST_DELAY_S)
  })

  it('forgets failures an hour after the last one', async () => {
    const t = await addTenant('operator')
    const from = source()
    await fail(from, t.username, LOCKOUT_FAILURES - 1)
    const hourAgo = Math.floor(Date.now() / 1000) - 3601
    await server.vigil.store.db.updateTable('login_failures').set({ last_failure: hourAgo }).where('source', '=', from).execute()
    await fail(from, t.username, 1)
    expect((await loginFrom(server, from, { username: t.username, password: t.password })).status).toBe(200)
  })

  it('lets the organization administrator and server admins unlock a user, with an audit event; others get 403 or 404', async () => {
    const t = await addTenant('administrator')
    const other = await addTenant('administrator')
    const victim = await addUser(t, 'operator')
    const peer = await addUser(t, 'engineer')
    const peerApi = client(server.baseUrl, (await loginFrom(server, source(), peer)).body.token)
    let from = source()
    const lock = async () => {
      from = source() // the per (address, username) limit would refuse a second round from the same source
      await fail(from, victim.username, LOCKOUT_FAILURES)
      expect((await loginFrom(server, from, victim)).status).toBe(403)
    }
    await lock()

    const foreign = await other.api.post(`/api/v1/users/${victim.id}/unlock`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.key).toBe('user_not_found')
    const engineer = await peerApi.post(`/api/v1/users/${victim.id}/unlock`)
    expect(engineer.status).toBe(403)
    expect(engineer.body.error.key).toBe('unauthorized')
    expect((await loginFrom(server, from, victim)).status).toBe(403)

    expect((await t.api.post(`/api/v1/users/${victim.id}/unlock`)).status).toBe(204)
    expect((await loginFrom(server, from, victim)).status).toBe(200)
    const audit = await server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'audit_log')
      .where('status', '=', 'UNLOCKED')
      .where('subject_name', '=', victim.username)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ organization_id: t.organizationId, username: t.username })

    await lock()
    expect((await admin.post(`/api/v1/users/${victim.id}/unlock`)).status).toBe(204)
    expect((await loginFrom(server, from, victim)).status).toBe(200)
    expect((await admin.post('/api/v1/users/999999/unlock')).status).toBe(404)
  }, 60_000)

  it('ends the oldest session when a login passes the sessions_per_user quota', async () => {
    const t = await addTenant('operator')
    await server.vigil.store.db
      .updateTable('organizations')
      .set({ quotas: JSON.stringify({ sessions_per_user: 2 }) })
      .where('id', '=', t.organizationId)
      .execute()
    const second = client(server.baseUrl, (await loginFrom(server, source(), t)).body.token)
    expect((await t.api.get('/api/v1/users/current')).status).toBe(200)
    const third = client(server.baseUrl, (await loginFrom(server, source(), t)).body.token)
    expect((await t.api.get('/api/v1/users/current')).status).toBe(401)
    expect((await second.get('/api/v1/users/current')).status).toBe(200)
    expect((await third.get('/api/v1/users/current')).status).toBe(200)

    await server.vigil.store.db
      .updateTable('organizations')
      .set({ quotas: JSON.stringify({ sessions_per_user: 0 }) })
      .where('id', '=', t.organizationId)
      .execute()
    const none = await loginFrom(server, source(), t)
    expect(none.status).toBe(409)
    expect(none.body.error).toMatchObject({ key: 'limit_exceeded', extra_info: { limit: 'sessions_per_user', maximum: 0 } })
  })
})

// The hashing cap and the timings are about real hashes: OWASP's cost, not the test servers' lower one.
describe.each(DATABASES)("password checks at OWASP's cost on %s", (db) => {
  const { server, addTenant, addUser } = useApiSuite(db, { env: { VIGIL_SCRYPT_N: String(SCRYPT_PARAMS.N) } })

  it('answers 429 at once past the hashes that may run and wait, and logs in right after (review M5)', async () => {
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const r = await loginFrom(server, source(), { username: uniq('nobody'), password: 'x' })
        return { status: r.status, body: r.body, ms: Date.now() - started }
      }),
    )
    const refused = answers.filter((a) => a.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    for (const a of refused) expect(a.body.error).toMatchObject(TRY_LATER)
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(HASHES_AT_ONCE)
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true)
    // Refused without hashing: the first refusal comes back before the last hash has finished.
    expect(Math.min(...refused.map((a) => a.ms))).toBeLessThan(Math.max(...answers.map((a) => a.ms)))
    expect((await loginFrom(server, source(), { username: 'admin', password: server.adminPassword })).status).toBe(200)
  })

  it('answers a waiting user exactly like an unknown one, and as slowly, unless the right password is sent (review M6)', async () => {
    const t = await addTenant('operator')
    const from = source()
    const ghost = uniq('ghost')
    const waitingMs = { known: [] as number[], unknown: [] as number[] }
    for (let i = 0; i < LOCKOUT_FAILURES + 3; i++) {
      const t0 = Date.now()
      const known = await loginFrom(server, from, { username: t.username, password: `bad-${i}` })
      const t1 = Date.now()
      const unknown = await loginFrom(server, from, { username: ghost, password: `bad-${i}` })
      const t2 = Date.now()
      expect(known.status).toBe(401)
      expect(known.body).toEqual(unknown.body)
      if (i < LOCKOUT_FAILURES) continue
      waitingMs.known.push(t1 - t0)
      waitingMs.unknown.push(t2 - t1)
    }
    // Both verify a password (the unknown one against a decoy hash): a waiting user is no shortcut. The fastest of
    // each: a busy machine only makes a login slower, and one unknown login of 13 s once outweighed the rest (CI).
    expect(Math.min(...waitingMs.known)).toBeGreaterThan(Math.min(...waitingMs.unknown) / 3)
    expect((await loginFrom(server, from, { username: t.username, password: t.password })).status).toBe(403)
  }, 60_000)

  it('rehashes a password stored with older scrypt parameters at login, and hides it till then (review L10, M6)', async () => {
    const t = await addTenant('operator')
    const password = 'old-parameters-pw'
    const salt = randomBytes(16)
    const old = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')}`
    const user = await addUser(t, 'operator', { stored: { password, hash: old } })
    const store = server.vigil.store.db
    // Until then a wrong password takes as long as for an unknown user, though the old hash verifies faster.
    const from = source()
    const ms = { known: 0, unknown: 0 }
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now()
      expect((await loginFrom(server, from, { username: user.username, password: `bad-${i}` })).status).toBe(401)
      const t1 = Date.now()
      expect((await loginFrom(server, from, { username: uniq('ghost'), password: `bad-${i}` })).status).toBe(401)
      ms.known += t1 - t0
      ms.unknown += Date.now() - t1
    }
    expect(ms.known).toBeGreaterThan(ms.unknown / 2)
    expect((await loginFrom(server, source(), { username: user.username, password })).status).toBe(200)
    const { password_hash } = await store.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(password_hash).toMatch(/^scrypt\$32768\$8\$3\$/)
    expect((await loginFrom(server, source(), { username: user.username, password })).status).toBe(200)
  })
})

describe('first administrator', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { VIGIL_ADMIN_USER: 'ops-chief' } })
  })
  afterAll(() => server.close())

  it('is named by VIGIL_ADMIN_USER, not the guessable admin (review M6)', async () => {
    const anon = client(server.baseUrl)
    expect((await anon.post('/api/v1/auth/login', { username: 'admin', password: server.adminPassword })).status).toBe(401)
    const r = await anon.post('/api/v1/auth/login', { username: 'ops-chief', password: server.adminPassword })
    expect(r.status).toBe(200)
    const me = await client(server.baseUrl, r.body.token).get('/api/v1/users/current')
    expect(me.body).toMatchObject({ username: 'ops-chief', server_admin: true })
  })
})
