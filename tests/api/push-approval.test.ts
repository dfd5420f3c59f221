/**
 * Issue 16 push approval (SPEC §4: push, one-time push, push and remember, waiting for confirmation) on both
 * databases: a login waits while a signed-in session of the same user approves or denies it; an approval
 * starts exactly one session; a denial is SPEC §8 code 3; a request past its time limit answers `expired`;
 * nobody else can decide it; each step is audited.
 */
import { describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, type User } from '../helpers/api'

describe.each(DATABASES)('push approval on %s', (db) => {
  const { server, addTenant } = useApiSuite(db)
  const anon = () => client(server.baseUrl)

  /** A user with push approval on, and a login of theirs waiting for it. */
  async function waitingLogin(user?: User) {
    const u = user ?? (await addTenant())
    if (!user) expect((await u.api.post('/api/v1/users/current/push')).status).toBe(200)
    const login = await anon().post('/api/v1/auth/login', { username: u.username, password: u.password })
    expect(login.body.methods).toContain('push')
    const ticket = login.body.ticket as string
    const asked = await anon().post('/api/v1/auth/push', { ticket })
    expect(asked.status).toBe(200)
    expect(asked.body.status).toBe('waiting')
    return { u, ticket, id: asked.body.request_id as number }
  }
  const wait = (ticket: string, wait_s = 0) => anon().post('/api/v1/auth/push/wait', { ticket, wait_s })
  const mfa = (ticket: string, id: number, remember = false) =>
    anon().post('/api/v1/auth/mfa', { ticket, method: 'push', code: String(id), remember })
  const auditOf = async (userId: number) =>
    (
      await server.vigil.store.db
        .selectFrom('events')
        .select('status')
        .where('type', '=', 'audit_log')
        .where(
          'subject_name',
          '=',
          (await server.vigil.store.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow()).username,
        )
        .orderBy('id')
        .execute()
    ).map((e) => e.status)

  it('waits until the user approves from a signed-in session, then starts one session', async () => {
    const { u, ticket, id } = await waitingLogin()
    expect((await wait(ticket)).body.status).toBe('waiting')
    const pending = await u.api.get('/api/v1/users/current/push-approvals')
    expect(pending.body.map((p: { id: number }) => p.id)).toEqual([id])
    // The login waits (long poll) while the decision comes.
    const waited = wait(ticket, 10)
    await new Promise((r) => setTimeout(r, 300))
    expect((await u.api.post(`/api/v1/users/current/push-approvals/${id}`, { decision: 'approve' })).status).toBe(204)
    expect((await waited).body.status).toBe('approved')
    const session = await mfa(ticket, id)
    expect(session.status).toBe(200)
    expect(session.body.device_token).toBeUndefined()
    expect((await client(server.baseUrl, session.body.token).get('/api/v1/users/current')).body.username).toBe(u.username)
    // One approval, one session: the login's ticket and the approval are used up.
    expect((await mfa(ticket, id)).status).toBe(401)
    expect(await auditOf(u.id)).toEqual(expect.arrayContaining(['PUSH_REQUESTED', 'PUSH_APPROVED']))
  })

  it('an answer before the decision is refused', async () => {
    const { ticket, id } = await waitingLogin()
    const early = await mfa(ticket, id)
    expect(early.status).toBe(401)
    expect(early.body.error).toMatchObject({ extra_info: { login_feedback: 3 } })
  })

  it('push and remember: the approver remembers the browser for a month', async () => {
    const { u, ticket, id } = await waitingLogin()
    await u.api.post(`/api/v1/users/current/push-approvals/${id}`, { decision: 'approve_and_remember' })
    expect((await wait(ticket)).body.status).toBe('remembered')
    const session = await mfa(ticket, id, true)
    expect(typeof session.body.device_token).toBe('string')
    const next = await anon().post('/api/v1/auth/login', {
      username: u.username,
      password: u.password,
      device_token: session.body.device_token,
    })
    expect(typeof next.body.token).toBe('string')
  })

  it('a denial ends the wait with code 3 and is audited', async () => {
    const { u, ticket, id } = await waitingLogin()
    expect((await u.api.post(`/api/v1/users/current/push-approvals/${id}`, { decision: 'deny' })).status).toBe(204)
    const denied = await wait(ticket)
    expect(denied.status).toBe(401)
    expect(denied.body.error).toMatchObject({ key: 'unauthenticated', extra_info: { login_feedback: 3 } })
    expect((await mfa(ticket, id)).status).toBe(401)
    expect(await auditOf(u.id)).toContain('PUSH_DENIED')
    // Decided once: a second decision finds nothing.
    expect((await u.api.post(`/api/v1/users/current/push-approvals/${id}`, { decision: 'approve' })).status).toBe(404)
  })

  it('a request past its time limit answers expired and can no longer be approved', async () => {
    const { u, ticket, id } = await waitingLogin()
    await server.vigil.store.db
      .updateTable('push_approvals')
      .set({ expires: Math.floor(Date.now() / 1000) - 1 })
      .where('id', '=', id)
      .execute()
    expect((await u.api.get('/api/v1/users/current/push-approvals')).body).toEqual([])
    expect((await u.api.post(`/api/v1/users/current/push-approvals/${id}`, { decision: 'approve' })).status).toBe(404)
    expect((await wait(ticket)).body.status).toBe('expired')
    expect(await auditOf(u.id)).toContain('PUSH_EXPIRED')
    // Asking again starts a new wait.
    expect((await anon().post('/api/v1/auth/push', { ticket })).body.status).toBe('waiting')
  })

  it("nobody else decides a user's login, and a user without push cannot ask for it", async () => {
    const { ticket, id } = await waitingLogin()
    const stranger = await addTenant()
    expect((await stranger.api.get('/api/v1/users/current/push-approvals')).body).toEqual([])
    expect((await stranger.api.post(`/api/v1/users/current/push-approvals/${id}`, { decision: 'approve' })).status).toBe(404)
    expect((await wait(ticket)).body.status).toBe('waiting')

    // Without push approval on, a login cannot ask for it (SPEC §8 code 10).
    const plain = await addTenant()
    const begun = await plain.api.post('/api/v1/users/current/totp')
    const code = new TOTP({ secret: Secret.fromBase32(begun.body.secret) }).generate()
    expect((await plain.api.post('/api/v1/users/current/totp/confirm', { code })).status).toBe(200)
    const login = await anon().post('/api/v1/auth/login', { username: plain.username, password: plain.password })
    expect(login.body.methods).not.toContain('push')
    const refused = await anon().post('/api/v1/auth/push', { ticket: login.body.ticket })
    expect(refused.body.error).toMatchObject({ key: 'invalid_operation', extra_info: { login_feedback: 10 } })
  })

  it('the user removes push approval from their factors; their logins no longer offer it', async () => {
    const { u } = await waitingLogin()
    const [factor] = (await u.api.get('/api/v1/users/current/second-factors')).body
    expect(factor).toMatchObject({ method: 'push' })
    expect((await u.api.del(`/api/v1/users/current/second-factors/${factor.id}`)).status).toBe(204)
    const login = await anon().post('/api/v1/auth/login', { username: u.username, password: u.password })
    expect(typeof login.body.token).toBe('string')
    expect(await auditOf(u.id)).toContain('SECOND_FACTOR_REMOVED')
  })
})
