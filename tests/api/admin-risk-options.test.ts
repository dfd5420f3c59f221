/**
 * Issue 15 Settings "risks": an organization's scan options (minimum severity, keeping findings on unknown
 * hosts), changed with host_write and audited, decide what a scan imported into its environments keeps.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { addMember, adminClient, makeTenant, tokenOf, type Client, type Tenant } from '../helpers/api'

const report = fs.readFileSync(new URL('../fixtures/risk-scans/site.nessus', import.meta.url), 'utf8')

describe.each(DATABASES)('risk scan options, on %s', (db) => {
  let server: TestServer
  let a: Tenant
  let b: Tenant
  let operator: Client
  const url = (t: Tenant) => `/api/v1/organizations/${t.organizationId}/settings/risks`

  async function importInto(t: Tenant) {
    // The report's 10.0.0.11 is a host of the environment; ghost.example.net is none.
    await t.api.post('/api/v1/hosts/', { name: 'site', hostgroup_id: t.environmentId, ip_address: '10.0.0.11', check_type: '1' })
    const r = await fetch(`${server.baseUrl}/api/v1/risks/scans?hostgroup_id=${t.environmentId}`, {
      method: 'POST',
      body: report,
      headers: { authorization: `Bearer ${await tokenOf(server, t)}`, 'content-type': 'application/xml' },
    })
    expect(r.status).toBe(201)
    return (await t.api.get(`/api/v1/risks/?hostgroup_id=${t.environmentId}&limit=100`)).body.result as {
      severity: string
      host_id: number | null
    }[]
  }

  beforeAll(async () => {
    server = await startServer({ db })
    const admin = await adminClient(server)
    a = await makeTenant(server, admin, 'engineer')
    b = await makeTenant(server, admin, 'engineer')
    operator = await addMember(server, a, 'operator')
  })
  afterAll(() => server.close())

  it('reads the defaults, validates, refuses without host_write, hides from another organization', async () => {
    expect((await a.api.get(url(a))).body).toEqual({ minimum_severity: 'info', keep_unmatched_hosts: true })
    expect((await a.api.put(url(a), { minimum_severity: 'severe' })).body.error.key).toBe('validation_failed')
    expect((await operator.put(url(a), { minimum_severity: 'high' })).body.error.key).toBe('unauthorized')
    expect((await b.api.put(url(a), { minimum_severity: 'high' })).body.error.key).toBe('organization_not_found')
    expect((await b.api.get(url(a))).status).toBe(404)
    expect((await a.api.get(url(a))).body).toEqual({ minimum_severity: 'info', keep_unmatched_hosts: true })
  })

  it('imports only findings at or above the minimum severity on known hosts once the organization says so', async () => {
    const all = await importInto(b)
    expect(all.some((r) => r.severity === 'info')).toBe(true)
    expect(all.some((r) => r.host_id === null)).toBe(true)
    const saved = await a.api.put(url(a), { minimum_severity: 'medium', keep_unmatched_hosts: false })
    expect([saved.status, saved.body]).toEqual([200, { minimum_severity: 'medium', keep_unmatched_hosts: false }])
    const kept = await importInto(a)
    const expected = all.filter((r) => ['medium', 'high', 'veryhigh'].includes(r.severity) && r.host_id !== null)
    expect(kept.length).toBe(expected.length)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.every((r) => r.severity !== 'info' && r.severity !== 'low' && r.host_id !== null)).toBe(true)
    const audit = await server.vigil.store.db
      .selectFrom('events')
      .select('status')
      .where('event_class', '=', 'risk_options_audit')
      .where('organization_id', '=', a.organizationId)
      .execute()
    expect(audit.map((e) => e.status)).toEqual(['UPDATED'])
  })
})
