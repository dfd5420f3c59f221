/**
 * Issue 15 "Ticket providers": an organization's provider setting. The Request Tracker token is sealed at rest and
 * never answered; changes need host_write (SPEC §6) and are audited; another organization sees nothing; the RT
 * address is network access a customer configures, so it must pass the organization's target policy (issue 13
 * "Targets") unless a server admin saved it. Working against a real RT: tickets-request-tracker.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, TEST_SECRET_KEY } from '../helpers/server'
import { secretBox } from '../../src/server/security/secrets'
import { useApiSuite } from '../helpers/suite'
import type { Client } from '../helpers/api'

const TOKEN = '1-14-0123456789abcdef0123456789abcdef'
// TEST-NET-1 (RFC 5737): an address no check is denied, and where nothing answers.
const EXTERNAL = 'https://192.0.2.10/rt'
const box = secretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))

describe.each(DATABASES)('ticket provider settings on %s', (db) => {
  const {
    server,
    admin,
    addUser,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  const url = (organizationId: number) => `/api/v1/organizations/${organizationId}/settings/tickets`
  const rt = (over: Record<string, unknown> = {}) => ({ provider: 'request_tracker', base_url: EXTERNAL, queue: 'General', ...over })
  let desk: Client
  const stored = () =>
    server.vigil.store.db.selectFrom('ticket_providers').selectAll().where('organization_id', '=', a.organizationId).executeTakeFirst()

  beforeAll(async () => {
    desk = (await addUser(a, 'service_desk')).api
  })

  it('starts with the built-in service desk and no token', async () => {
    const r = await a.api.get(url(a.organizationId))
    expect([r.status, r.body]).toEqual([
      200,
      {
        provider: 'builtin',
        deployment: 'production',
        base_url: '',
        queue: '',
        timeout_s: 5,
        custom_fields: {},
        token_set: false,
        trusted: false,
      },
    ])
  })

  it('seals the token, never answers it, and audits the change without it', async () => {
    const saved = await a.api.put(url(a.organizationId), rt({ token: TOKEN, deployment: 'test', custom_fields: { host: 'Vigil host' } }))
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({
      provider: 'request_tracker',
      deployment: 'test',
      base_url: EXTERNAL,
      queue: 'General',
      timeout_s: 5,
      custom_fields: { host: 'Vigil host' },
      token_set: true,
      trusted: false,
    })
    const read = await a.api.get(url(a.organizationId))
    expect(read.body).toEqual(saved.body)
    expect(JSON.stringify([saved.body, read.body])).not.toContain(TOKEN.slice(5))

    // At rest: sealed (security/secrets), not the token.
    const row = await stored()
    expect(row!.token).toMatch(/^v2:/)
    expect(row!.token).not.toContain(TOKEN.slice(5))
    expect(box.open(row!.token)).toBe(TOKEN)

    const audit = await server.vigil.store.db
      .selectFrom('events')
      .select(['status', 'extra_data', 'username'])
      .where('event_class', '=', 'ticket_provider_audit')
      .where('organization_id', '=', a.organizationId)
      .execute()
    expect(audit.map((e) => [e.status, e.username])).toEqual([['UPDATED', a.username]])
    expect(audit[0].extra_data).not.toContain(TOKEN.slice(5))
    expect(JSON.parse(audit[0].extra_data).after).toMatchObject({ provider: 'request_tracker', token: '(set)', replaced: ['token'] })

    // Absent keeps the token, null removes it (and RT then needs one).
    expect((await a.api.put(url(a.organizationId), rt({ queue: 'Support', deployment: 'test' }))).body.token_set).toBe(true)
    expect(box.open((await stored())!.token)).toBe(TOKEN)
    const removed = await a.api.put(url(a.organizationId), rt({ token: null }))
    expect(removed.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'body.token' } })
    const builtin = await a.api.put(url(a.organizationId), { provider: 'builtin', base_url: EXTERNAL, queue: 'General', token: null })
    expect(builtin.body).toMatchObject({ provider: 'builtin', token_set: false })
    expect((await stored())!.token).toBe('')
  })

  it('refuses incomplete or malformed Request Tracker settings, naming the field and writing nothing', async () => {
    const before = await stored()
    for (const [body, field] of [
      [rt({ base_url: '', token: TOKEN }), 'body.base_url'],
      [rt({ queue: ' ', token: TOKEN }), 'body.queue'],
      [rt({ base_url: 'ftp://rt.example.com', token: TOKEN }), 'body.base_url'],
      [rt({ base_url: 'https://user:secret@rt.example.com', token: TOKEN }), 'body.base_url'],
      [rt({ timeout_s: 0, token: TOKEN }), 'body.timeout_s'],
      [rt({ custom_fields: { password: 'x' }, token: TOKEN }), 'body.custom_fields'],
      [{ provider: 'jira' }, 'body.provider'],
    ] as const) {
      const r = await a.api.put(url(a.organizationId), body)
      expect([r.status, r.body.error.key], JSON.stringify(body)).toEqual([400, 'validation_failed'])
      expect(r.body.error.extra_info.field, JSON.stringify(body)).toBe(field)
    }
    expect(await stored()).toEqual(before)
  })

  it("refuses a loopback or the server's own address unless a server admin saves it (issue 13 Targets)", async () => {
    const before = await stored()
    for (const base_url of ['http://127.0.0.1:8080', 'http://localhost:8080/rt', 'http://[::1]/', 'http://169.254.169.254']) {
      const r = await a.api.put(url(a.organizationId), rt({ base_url, token: TOKEN }))
      expect([r.status, r.body.error.key], base_url).toEqual([400, 'validation_failed'])
      expect(r.body.error.extra_info, base_url).toMatchObject({ field: 'body.base_url', reason: expect.stringContaining('not allowed') })
      // Trying it is refused the same way, before any connection.
      expect((await a.api.post(`${url(a.organizationId)}/test`, rt({ base_url, token: TOKEN }))).body.error.key).toBe('validation_failed')
    }
    expect(await stored()).toEqual(before)

    // A server admin's save trusts the address; the organization may then change the rest, not the address.
    const trusted = await admin.put(url(a.organizationId), rt({ base_url: 'http://127.0.0.1:8080', token: TOKEN }))
    expect(trusted.body).toMatchObject({ base_url: 'http://127.0.0.1:8080', trusted: true })
    expect((await a.api.put(url(a.organizationId), rt({ base_url: 'http://127.0.0.1:8080', queue: 'Support' }))).body).toMatchObject({
      queue: 'Support',
      trusted: true,
    })
    expect((await a.api.put(url(a.organizationId), rt({ base_url: 'http://127.0.0.1:9090' }))).body.error.key).toBe('validation_failed')
    const moved = await a.api.put(url(a.organizationId), rt({ base_url: EXTERNAL }))
    expect(moved.body).toMatchObject({ base_url: EXTERNAL, trusted: false })
  })

  it('judges the address again when a ticket is opened: a denied one is the ticket system unreachable (SPEC §8)', async () => {
    const t = await addTenant()
    expect((await t.api.put(url(t.organizationId), rt({ token: TOKEN }))).status).toBe(200)
    // A server admin narrows the organization's allowed networks after the setting was saved.
    expect(
      (await admin.put(`/api/v1/organizations/${t.organizationId}/allowed-targets`, { networks: ['10.0.0.0/8'], names: [] })).status,
    ).toBe(200)
    const host = (await t.api.post('/api/v1/hosts/', { name: 'denied-rt-host', hostgroup_id: t.environmentId, check_type: '1' })).body
    await t.api.post('/api/v1/results', { host: 'denied-rt-host', exit_status: 2, output: 'down' })
    const r = await t.api.post(`/api/v1/hosts/${host.id}/tickets`, { comment: 'down' })
    expect([r.status, r.body.error.key]).toEqual([503, 'ticket_system_unavailable'])
    expect(r.body.error.extra_info.reason).toContain("outside the organization's allowed networks")
    expect((await t.api.get(`/api/v1/hosts/${host.id}`)).body).toMatchObject({ tickets: [], acknowledged: false })
  })

  it('needs host_write to change or try the setting, and hides it from another organization', async () => {
    const before = await stored()
    expect((await desk.get(url(a.organizationId))).status).toBe(200)
    expect((await desk.put(url(a.organizationId), rt({ token: TOKEN }))).body.error).toMatchObject({
      key: 'unauthorized',
      extra_info: { action: 'host_write' },
    })
    expect((await desk.post(`${url(a.organizationId)}/test`, rt({ token: TOKEN }))).status).toBe(403)
    for (const r of [
      await b.api.get(url(a.organizationId)),
      await b.api.put(url(a.organizationId), rt({ token: TOKEN })),
      await b.api.post(`${url(a.organizationId)}/test`, rt({ token: TOKEN })),
    ]) {
      expect([r.status, r.body.error.key]).toEqual([404, 'organization_not_found'])
    }
    expect((await a.api.get(url(999_999))).status).toBe(404)
    expect(await stored()).toEqual(before)
  })
})
