/**
 * Issue 16 "Forgot password" against a real SMTP server on loopback: SPEC §7 `:forgot-password` needs no token,
 * answers SPEC §8 code 9 whoever is named, and mails a single-use, short-lived link whose token sets a new
 * password under the rules of user creation, ending the user's sessions and writing an audit event.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, type TestServer } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, uniq, type Res } from '../helpers/api'
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink'

const PATH = '/api/v1/auth:forgot-password'

/** A call from another loopback address, as from another machine (the limits count per address). */
function callFrom(server: TestServer, from: string, method: 'POST' | 'PUT', body: unknown): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(PATH, server.baseUrl),
      { method, localAddress: from, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || 'null'), headers: new Headers() }),
        )
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

const tokenIn = (text: string) => /forgot_password\?token=([\w%-]+)/.exec(text)?.[1]

describe.each(DATABASES)('password reset on %s', (db) => {
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(() => sink.close())
  const { server, admin, addTenant } = useApiSuite(db, {
    env: () => ({ VIGIL_SMTP_URL: sink.url, VIGIL_SMTP_TLS_REJECT_UNAUTHORIZED: '0', VIGIL_MAIL_FROM: 'Vigil <vigil@example.test>' }),
  })

  /** A user with an email address, and the address. */
  async function userWithEmail() {
    const user = await addTenant('operator')
    const email = `${uniq('mail')}@example.test`
    expect((await admin.put(`/api/v1/users/${user.id}`, { email })).status).toBe(200)
    return { ...user, email }
  }

  it('answers code 9 the same for a known user, an email address and nobody, and mails a link only to the real user', async () => {
    const user = await userWithEmail()
    const answers = [
      await callFrom(server, '127.0.10.1', 'POST', { username: user.username }),
      await callFrom(server, '127.0.10.1', 'POST', { username: 'nobody-at-all' }),
      await callFrom(server, '127.0.10.1', 'POST', { username: user.email.toUpperCase() }),
    ]
    for (const r of answers) expect(r).toMatchObject({ status: 202, body: { login_feedback: 9 } })
    const first = await sink.next(user.email)
    expect(first.text).toContain(user.username)
    expect(tokenIn(first.text)).toBeTruthy()
    expect(tokenIn((await sink.next(user.email)).text)).not.toBe(tokenIn(first.text))
    await new Promise((r) => setTimeout(r, 300))
    expect(sink.received.filter((m) => m.to.includes(user.email))).toHaveLength(2)
  })

  it('sets the new password once through the mailed link, ends the sessions and audits it', async () => {
    const user = await userWithEmail()
    expect((await user.api.get('/api/v1/users/current')).status).toBe(200)
    await callFrom(server, '127.0.10.2', 'POST', { username: user.username })
    const token = decodeURIComponent(tokenIn((await sink.next(user.email)).text)!)
    const password = 'a-new-password-42'

    const short = await callFrom(server, '127.0.10.2', 'PUT', { token, password: 'short' })
    expect(short.status).toBe(400)
    expect(short.body.error.key).toBe('validation_failed')

    expect((await callFrom(server, '127.0.10.2', 'PUT', { token, password })).status).toBe(204)
    expect((await user.api.get('/api/v1/users/current')).status).toBe(401)
    const anon = client(server.baseUrl)
    expect((await anon.post('/api/v1/auth/login', { username: user.username, password: user.password })).status).toBe(401)
    expect((await anon.post('/api/v1/auth/login', { username: user.username, password })).status).toBe(200)

    const again = await callFrom(server, '127.0.10.2', 'PUT', { token, password: 'another-password-43' })
    expect(again.status).toBe(401)
    expect(again.body.error).toMatchObject({ key: 'invalid_token', extra_info: { login_feedback: 2 } })

    const events = (await admin.get('/api/v1/events?types=audit_log&limit=1000')).body.result as { status: string; subject_name: string }[]
    expect(events.filter((e) => e.status === 'PASSWORD_RESET' && e.subject_name === user.username)).toHaveLength(1)
  })

  it('refuses an expired link with code 2 and leaves the password as it was', async () => {
    const user = await userWithEmail()
    await callFrom(server, '127.0.10.3', 'POST', { username: user.username })
    const token = decodeURIComponent(tokenIn((await sink.next(user.email)).text)!)
    // 31 minutes later: the link lives 30 (RESET_LINK_TTL_S).
    await server.vigil.store.db
      .updateTable('password_resets')
      .set((eb) => ({ expires: eb('expires', '-', 31 * 60) }))
      .where('user_id', '=', user.id)
      .execute()
    const r = await callFrom(server, '127.0.10.3', 'PUT', { token, password: 'a-new-password-42' })
    expect(r.body.error).toMatchObject({ key: 'invalid_token', extra_info: { login_feedback: 2 } })
    const login = await client(server.baseUrl).post('/api/v1/auth/login', { username: user.username, password: user.password })
    expect(login.status).toBe(200)
  })

  it('sends one user at most 3 links an hour, and refuses a sixth request a minute from one address with code 5', async () => {
    const user = await userWithEmail()
    const answers: Res[] = []
    for (let i = 0; i < 5; i++) answers.push(await callFrom(server, '127.0.10.4', 'POST', { username: user.username }))
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 202, 202])
    const limited = await callFrom(server, '127.0.10.4', 'POST', { username: user.username })
    expect(limited.status).toBe(429)
    expect(limited.body.error.extra_info.login_feedback).toBe(5)
    for (let i = 0; i < 3; i++) await sink.next(user.email)
    await new Promise((r) => setTimeout(r, 500))
    expect(sink.received.filter((m) => m.to.includes(user.email))).toHaveLength(3)
  })
})
