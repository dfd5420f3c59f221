/**
 * Issue 13 "Targets" (review M1): per-organization allowed targets set by server admins, and the save-time
 * refusal of targets the policy denies to anyone but a server admin (loopback, link-local and cloud
 * metadata, outside the allowed networks). The run-time half is exercised end to end at the bottom.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, waitFor, type Tenant } from '../helpers/api'
import { tcpServer, type Listening } from '../fixtures/loopback'

describe.each(DATABASES)('allowed targets on %s', (db) => {
  const {
    server,
    admin,
    tenants: { eng, other },
  } = useApiSuite(db, { tenants: { eng: 'engineer', other: 'administrator' } })
  const hostCount = async (t: Tenant) => (await t.api.get('/api/v1/hosts/?limit=1')).body.totalresults
  const trusted = async (table: 'hosts' | 'resources', id: number) =>
    (await server.vigil.store.db.selectFrom(table).select('check_trusted').where('id', '=', id).executeTakeFirstOrThrow()).check_trusted

  it.each(['169.254.169.254', '127.0.0.1', '::ffff:127.0.0.1', 'fe80::1'])(
    "refuses a customer engineer's host at %s, and creates nothing",
    async (ip) => {
      const before = await hostCount(eng)
      const r = await eng.api.post('/api/v1/hosts/', { name: uniq('meta'), hostgroup_id: eng.environmentId, ip_address: ip })
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'ip_address' } })
      expect(r.body.error.extra_info.reason).toContain(`target ${ip} is not allowed for this organization`)
      expect(await hostCount(eng)).toBe(before)
    },
  )

  it("refuses a customer's check aimed at loopback, on create and on change, and keeps the old check", async () => {
    const host = (
      await eng.api.post('/api/v1/hosts/', {
        name: uniq('web'),
        hostgroup_id: eng.environmentId,
        ip_address: '192.0.2.10',
        check_type: '1',
      })
    ).body
    const created = await eng.api.post('/api/v1/resources/', {
      host_id: host.id,
      name: 'redis',
      check: { kind: 'tcp', config: { host: '127.0.0.1', port: 6379 } },
    })
    expect([created.status, created.body.error?.key, created.body.error?.extra_info.field]).toEqual([
      400,
      'validation_failed',
      'check.config.host',
    ])
    const res = (await eng.api.post('/api/v1/resources/', { host_id: host.id, name: 'web', check: { kind: 'http', config: { port: 80 } } }))
      .body
    const changed = await eng.api.put(`/api/v1/resources/${res.id}`, {
      check: { kind: 'dns', config: { name: 'x.test', server: '169.254.169.253' } },
    })
    expect([changed.status, changed.body.error?.extra_info.field]).toEqual([400, 'check.config.server'])
    expect((await eng.api.put(`/api/v1/hosts/${host.id}`, { ip_address: '127.0.0.2' })).body.error.extra_info.field).toBe('ip_address')
    const row = await server.vigil.store.db
      .selectFrom('resources')
      .select(['check_kind'])
      .where('id', '=', res.id)
      .executeTakeFirstOrThrow()
    expect(row.check_kind).toBe('http')
    expect((await eng.api.get(`/api/v1/hosts/${host.id}`)).body.ip_address).toBe('192.0.2.10')
  })

  it('lets a server admin target loopback, and records whose save it was', async () => {
    const host = (
      await admin.post('/api/v1/hosts/', { name: uniq('local'), hostgroup_id: eng.environmentId, ip_address: '127.0.0.1', check_type: '1' })
    ).body
    expect(host.ip_address).toBe('127.0.0.1')
    expect(await trusted('hosts', host.id)).toBe(1)
    // A customer's change of something else keeps the trust; a change of the target clears it.
    expect((await eng.api.put(`/api/v1/hosts/${host.id}`, { description: 'ours' })).status).toBe(200)
    expect(await trusted('hosts', host.id)).toBe(1)
    // Re-aiming it keeps the address judged: still loopback is refused, elsewhere clears the trust.
    expect((await eng.api.put(`/api/v1/hosts/${host.id}`, { fqdn: 'box.example.com' })).status).toBe(400)
    expect((await eng.api.put(`/api/v1/hosts/${host.id}`, { ip_address: '192.0.2.20' })).status).toBe(200)
    expect(await trusted('hosts', host.id)).toBe(0)
    const res = (await admin.post('/api/v1/resources/', { host_id: host.id, name: 'ssh', check: { kind: 'ssh', config: {} } })).body
    expect(await trusted('resources', res.id)).toBe(1)
    expect((await eng.api.put(`/api/v1/resources/${res.id}`, { check: { kind: 'ssh', config: { port: 2222 } } })).status).toBe(200)
    expect(await trusted('resources', res.id)).toBe(0)
  })

  it("answers not-found for another organization's host, never a 400 showing its address", async () => {
    const foreign = (
      await admin.post('/api/v1/hosts/', {
        name: uniq('theirs'),
        hostgroup_id: other.environmentId,
        ip_address: '127.0.0.1',
        check_type: '1',
      })
    ).body
    const r = await eng.api.put(`/api/v1/hosts/${foreign.id}`, { hostgroup_id: eng.environmentId })
    expect([r.status, r.body.error.key]).toEqual([404, 'host_not_found'])
    expect(JSON.stringify(r.body)).not.toContain('127.0.0.1')
    const res = await eng.api.post('/api/v1/resources/', { host_id: foreign.id, name: 'x', check: { kind: 'tcp', config: { port: 1 } } })
    expect([res.status, res.body.error.key]).toEqual([404, 'host_not_found'])
  })

  it('is read by whoever sees the organization and changed by server admins only, with an audit event', async () => {
    const path = `/api/v1/organizations/${eng.organizationId}/allowed-targets`
    expect((await eng.api.get(path)).body).toEqual({ networks: [], names: [] })
    const refused = await eng.api.put(path, { networks: ['0.0.0.0/0'] })
    expect([refused.status, refused.body.error.key]).toEqual([403, 'unauthorized'])
    expect((await other.api.get(path)).body.error.key).toBe('organization_not_found')
    expect((await other.api.put(path, { networks: [] })).status).toBe(403)
    const bad = await admin.put(path, { networks: ['10.0.0.0/8', '10.0.0.0/33'] })
    expect([bad.status, bad.body.error.key, bad.body.error.extra_info.field]).toEqual([400, 'validation_failed', 'networks.1'])
    expect((await admin.put(path, { names: ['*.example.com', 'not a name'] })).body.error.extra_info.field).toBe('names.1')
    expect((await eng.api.get(path)).body).toEqual({ networks: [], names: [] })

    const saved = await admin.put(path, { networks: ['10.0.0.0/8', '2001:db8::/32'], names: ['*.Example.com'] })
    expect(saved.body).toEqual({ networks: ['10.0.0.0/8', '2001:db8::/32'], names: ['*.example.com'] })
    expect((await eng.api.get(path)).body).toEqual(saved.body)
    const audit = await server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'audit_log')
      .where('event_class', '=', 'allowed_networks_audit')
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ organization_id: eng.organizationId, username: 'admin', status: 'UPDATED' })
    expect(JSON.parse(audit[0].extra_data).after).toEqual({ networks: ['10.0.0.0/8', '2001:db8::/32'], names: ['*.example.com'] })

    // Now only those networks and names: 192.0.2.5 is refused, 10.x and *.example.com are fine.
    const outside = await eng.api.post('/api/v1/hosts/', {
      name: uniq('out'),
      hostgroup_id: eng.environmentId,
      ip_address: '192.0.2.5',
      check_type: '1',
    })
    expect([outside.status, outside.body.error.extra_info.field]).toEqual([400, 'ip_address'])
    expect(outside.body.error.extra_info.reason).toContain("outside the organization's allowed networks")
    expect(
      (
        await eng.api.post('/api/v1/hosts/', {
          name: uniq('in'),
          hostgroup_id: eng.environmentId,
          ip_address: '10.20.30.40',
          check_type: '1',
        })
      ).status,
    ).toBe(201)
    const named = await eng.api.post('/api/v1/hosts/', {
      name: uniq('named'),
      hostgroup_id: eng.environmentId,
      fqdn: 'db.elsewhere.org',
      check_type: '1',
    })
    expect([named.status, named.body.error?.extra_info.field]).toEqual([400, 'fqdn'])
    expect(
      (
        await eng.api.post('/api/v1/hosts/', {
          name: uniq('named'),
          hostgroup_id: eng.environmentId,
          fqdn: 'db.example.com',
          check_type: '1',
        })
      ).status,
    ).toBe(201)
    // Other organizations keep their own (empty) list.
    expect(
      (
        await other.api.post('/api/v1/hosts/', {
          name: uniq('free'),
          hostgroup_id: other.environmentId,
          ip_address: '192.0.2.5',
          check_type: '1',
        })
      ).status,
    ).toBe(201)
    await admin.put(path, { networks: [], names: [] })
  })
})

describe('checks of untrusted hosts at run time (sqlite)', () => {
  let listener: Listening
  let connections = 0
  beforeAll(async () => {
    listener = await tcpServer((s) => {
      connections++
      s.end()
    })
  })
  afterAll(() => listener.close())
  const { admin, addTenant } = useApiSuite('sqlite', { env: { VIGIL_ENGINE: '1' } })

  it("resolves a customer's host name, refuses its loopback address and never connects; a server admin's save makes it run", async () => {
    const t = await addTenant('engineer')
    // `localhost` passes the save-time check (a name) and resolves to loopback when the check runs.
    const host = (
      await t.api.post('/api/v1/hosts/', { name: uniq('sneaky'), hostgroup_id: t.environmentId, fqdn: 'localhost', check_type: '1' })
    ).body
    const res = (
      await t.api.post('/api/v1/resources/', {
        host_id: host.id,
        name: 'port',
        check: { kind: 'tcp', config: { port: listener.port } },
        check_interval: 3600,
      })
    ).body
    const denied = await waitFor(async () => {
      const r = (await t.api.get(`/api/v1/resources/${res.id}`)).body
      return r.state === 'unknown' && r
    }, 8000)
    expect(denied.plugin_output).toMatch(
      /^TCP UNKNOWN - target localhost \((127\.0\.0\.1|::1)\) is not allowed for this organization \(loopback\)$/,
    )
    expect(connections).toBe(0)

    // A server admin takes responsibility for host and check: the same check now runs.
    expect((await admin.put(`/api/v1/hosts/${host.id}`, { fqdn: 'localhost' })).status).toBe(200)
    expect(
      (await admin.put(`/api/v1/resources/${res.id}`, { check: { kind: 'tcp', config: { host: '127.0.0.1', port: listener.port } } }))
        .status,
    ).toBe(200)
    expect((await admin.post(`/api/v1/resources/${res.id}/reschedule`)).body).toEqual({ rescheduled: true })
    const ok = await waitFor(async () => {
      const r = (await admin.get(`/api/v1/resources/${res.id}`)).body
      return r.state === 'ok' && r
    }, 8000)
    expect(ok.plugin_output).toMatch(/^TCP OK/)
    expect(connections).toBe(1)
  })
})
