/**
 * Issue 13 "Quotas" (review M7, L12): per-organization quotas, read by whoever sees the organization and set
 * by server admins (audited), enforced on hosts, resources, checks per second, the minimum check interval,
 * map image bytes, saved filters and risk scans per day; issue 15 "Limits" adds SPEC §8's hosts and maps per
 * environment and map versions. SPEC §8 limit_exceeded names the limit and its maximum, and its message
 * "Limit exceeded (maximum {{maximum}})" renders the number.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, uniq, type Res, type Tenant } from '../helpers/api'
import { Quotas } from '../../src/shared/api/quotas'
import { UPLOAD_MAX_BYTES } from '../../src/shared/constants'

const fixture = (path: string) => fs.readFileSync(new URL(`../fixtures/${path}`, import.meta.url))

describe.each(DATABASES)('quotas on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })

  const setQuotas = async (t: Tenant, quotas: Partial<Quotas>) =>
    expect((await admin.put(`/api/v1/organizations/${t.organizationId}/quotas`, quotas)).status).toBe(200)
  const count = async (table: 'hosts' | 'resources' | 'saved_filters' | 'map_images' | 'risk_scans' | 'maps' | 'map_versions') =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  /** The SPEC §8 answer of a refused quota: 409, the limit named, its maximum in the rendered message. */
  function expectLimit(r: Res, limit: string, maximum: number) {
    expect(r.status).toBe(409)
    expect(r.body.error).toMatchObject({ key: 'limit_exceeded', extra_info: { limit, maximum } })
    expect(r.body.error.message).toBe(`Limit exceeded (maximum ${maximum}).`)
  }
  const newTenant = async () => addTenant()
  const host = (t: Tenant, extra: Record<string, unknown> = {}) =>
    t.api.post('/api/v1/hosts/', { name: uniq('qh'), hostgroup_id: t.environmentId, ip_address: '192.0.2.1', ...extra })

  it('shows the defaults to whoever sees the organization and hides them from others', async () => {
    const mine = await a.api.get(`/api/v1/organizations/${a.organizationId}/quotas`)
    expect(mine.status).toBe(200)
    expect(mine.body).toEqual(Quotas.parse({}))
    expect((await b.api.get(`/api/v1/organizations/${a.organizationId}/quotas`)).body.error.key).toBe('organization_not_found')
    expect((await admin.get('/api/v1/organizations/999999/quotas')).status).toBe(404)
  })

  it('lets only server admins set quotas, merges the given fields and writes an audit event', async () => {
    const t = await newTenant()
    const path = `/api/v1/organizations/${t.organizationId}/quotas`
    const refused = await t.api.put(path, { hosts: 1_000_000 })
    expect(refused.status).toBe(403)
    expect(refused.body.error.key).toBe('unauthorized')
    expect((await b.api.put(path, { hosts: 1 })).status).toBe(404)
    expect((await t.api.get(path)).body.hosts).toBe(Quotas.parse({}).hosts)

    expect((await admin.put(path, { hosts: 5 })).body).toMatchObject({ hosts: 5, resources: Quotas.parse({}).resources })
    const second = await admin.put(path, { resources: 7 })
    expect(second.body).toMatchObject({ hosts: 5, resources: 7 })
    expect((await t.api.get(path)).body).toMatchObject({ hosts: 5, resources: 7 })
    expect((await admin.put(path, { hosts: -1 })).body.error).toMatchObject({
      key: 'validation_failed',
      extra_info: { field: 'body.hosts' },
    })
    expect((await admin.put(path, { hostz: 1 })).status).toBe(400)

    const audit = await server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'audit_log')
      .where('event_class', '=', 'quota_audit')
      .where('organization_id', '=', t.organizationId)
      .orderBy('id')
      .execute()
    expect(audit).toHaveLength(2)
    expect(audit[1]).toMatchObject({ username: 'admin', status: 'UPDATED' })
    expect(JSON.parse(audit[1].extra_data)).toMatchObject({
      subject: 'quota',
      before: { resources: Quotas.parse({}).resources },
      after: { resources: 7 },
    })
  })

  it("refuses a host beyond the organization's hosts quota, whoever creates it", async () => {
    const t = await newTenant()
    await setQuotas(t, { hosts: 1 })
    expect((await host(t)).status).toBe(201)
    const before = await count('hosts')
    expectLimit(await host(t), 'hosts', 1)
    expectLimit(await admin.post('/api/v1/hosts/', { name: uniq('qh'), hostgroup_id: t.environmentId }), 'hosts', 1)
    expect(await count('hosts')).toBe(before)
    // Another organization is not counted against it (and no host moves between organizations).
    expect((await host(b)).status).toBe(201)
  })

  it("refuses a host beyond the environment's hosts_per_environment, created or moved there (SPEC §8)", async () => {
    const t = await newTenant()
    await setQuotas(t, { hosts_per_environment: 1 })
    const second = await t.api.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: t.organizationId })
    expect(second.status).toBe(201)
    expect((await host(t)).status).toBe(201)
    const before = await count('hosts')
    const refused = await host(t)
    expectLimit(refused, 'hosts_per_environment', 1)
    expect(refused.body.error.extra_info.hostgroup_id).toBe(t.environmentId)
    expect(await count('hosts')).toBe(before)
    // The organization's other environment has room of its own; moving its host into the full one is refused.
    const elsewhere = await t.api.post('/api/v1/hosts/', { name: uniq('qh'), hostgroup_id: second.body.id, ip_address: '192.0.2.1' })
    expect(elsewhere.status).toBe(201)
    expectLimit(await t.api.put(`/api/v1/hosts/${elsewhere.body.id}`, { hostgroup_id: t.environmentId }), 'hosts_per_environment', 1)
    expect((await t.api.get(`/api/v1/hosts/${elsewhere.body.id}`)).body.hostgroup_id).toBe(second.body.id)
    // Editing a host where it is counts nothing new.
    expect((await t.api.put(`/api/v1/hosts/${elsewhere.body.id}`, { hostgroup_id: second.body.id, alias: 'same place' })).status).toBe(200)
  })

  it('refuses a map beyond maps_per_environment and a published version beyond map_versions (SPEC §8)', async () => {
    const t = await newTenant()
    await setQuotas(t, { maps_per_environment: 1, map_versions: 1 })
    const map = await t.api.post('/api/v1/maps', { alias: 'First', hostgroup_id: t.environmentId, layout: 2 })
    expect(map.status).toBe(201)
    const maps = await count('maps')
    expectLimit(await t.api.post('/api/v1/maps', { alias: 'Second', hostgroup_id: t.environmentId, layout: 2 }), 'maps_per_environment', 1)
    expect(await count('maps')).toBe(maps)
    expect((await t.api.post(`/api/v1/maps/${map.body.id}/publish`, {})).status).toBe(200)
    const versions = await count('map_versions')
    const again = await t.api.post(`/api/v1/maps/${map.body.id}/publish`, {})
    expectLimit(again, 'map_versions', 1)
    expect(again.body.error.extra_info.map_id).toBe(map.body.id)
    expect(await count('map_versions')).toBe(versions)
    // Raised by a server admin, the next version fits.
    await setQuotas(t, { map_versions: 2 })
    expect((await t.api.post(`/api/v1/maps/${map.body.id}/publish`, {})).status).toBe(200)
  })

  it("refuses a resource beyond the organization's resources quota", async () => {
    const t = await newTenant()
    await setQuotas(t, { resources: 2 })
    const h = (await host(t)).body
    for (const name of ['one', 'two']) expect((await t.api.post('/api/v1/resources/', { host_id: h.id, name })).status).toBe(201)
    const before = await count('resources')
    expectLimit(await t.api.post('/api/v1/resources/', { host_id: h.id, name: 'three' }), 'resources', 2)
    expect(await count('resources')).toBe(before)
  })

  it("refuses active checks beyond the organization's checks per second, on create and on update", async () => {
    const t = await newTenant()
    await setQuotas(t, { checks_per_second: 1, min_check_interval_s: 1 })
    const fast = await host(t, { check_interval: 2 })
    expect(fast.status).toBe(201)
    // 0.5 + 1/60 + … : twenty-nine more hosts at 60 s fit, the thirty-first check does not.
    for (let i = 0; i < 30; i++) expect((await host(t, { check_interval: 60 })).status).toBe(201)
    const before = await count('hosts')
    expectLimit(await host(t, { check_interval: 60 }), 'checks_per_second', 1)
    expect(await count('hosts')).toBe(before)
    // A passive resource starts no check; making it active at 1 s would.
    const passive = await t.api.post('/api/v1/resources/', { host_id: fast.body.id, name: 'passive' })
    expect(passive.status).toBe(201)
    expectLimit(
      await t.api.put(`/api/v1/resources/${passive.body.id}`, {
        check: { kind: 'tcp', config: { port: 22 } },
        check_type: '0',
        check_interval: 1,
      }),
      'checks_per_second',
      1,
    )
    expectLimit(await t.api.put(`/api/v1/hosts/${fast.body.id}`, { check_interval: 1 }), 'checks_per_second', 1)
    expect((await t.api.get(`/api/v1/hosts/${fast.body.id}`)).body.check_interval).toBe(2)
    // Slowing a check down always fits.
    expect((await t.api.put(`/api/v1/hosts/${fast.body.id}`, { check_interval: 600 })).status).toBe(200)
  })

  it("refuses a check or retry interval below the organization's minimum for all but server admins", async () => {
    const t = await newTenant()
    const min = Quotas.parse({}).min_check_interval_s
    const before = await count('hosts')
    for (const field of ['check_interval', 'retry_interval']) {
      const r = await host(t, { [field]: 1 })
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field, limit: 'min_check_interval_s', minimum: min } })
    }
    expect(await count('hosts')).toBe(before)
    const h = (await host(t)).body
    expect((await t.api.put(`/api/v1/hosts/${h.id}`, { check_interval: min - 1 })).body.error.extra_info.field).toBe('check_interval')
    const r = (await t.api.post('/api/v1/resources/', { host_id: h.id, name: 'r', check: { kind: 'tcp', config: { port: 22 } } })).body
    expect((await t.api.put(`/api/v1/resources/${r.id}`, { retry_interval: 2 })).body.error.extra_info.field).toBe('retry_interval')
    expect((await t.api.get(`/api/v1/resources/${r.id}`)).body.retry_interval).toBe(30)
    // A server admin may check faster (the seeded local hosts, tests and benches).
    expect((await admin.put(`/api/v1/hosts/${h.id}`, { check_interval: 2 })).status).toBe(200)
  })

  it("refuses a map picture beyond the organization's map image bytes", async () => {
    const t = await newTenant()
    const picture = fixture('maps/background.png')
    await setQuotas(t, { map_image_bytes: picture.length + 10 })
    const token = await tokenOf(server, t)
    const upload = async () => {
      const r = await fetch(`${server.baseUrl}/api/v1/map-images?hostgroup_id=${t.environmentId}`, {
        method: 'POST',
        body: new Uint8Array(picture),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      })
      return { status: r.status, body: (await r.json()) as any, headers: r.headers }
    }
    expect((await upload()).status).toBe(201)
    const before = await count('map_images')
    expectLimit(await upload(), 'map_image_bytes', picture.length + 10)
    expect(await count('map_images')).toBe(before)
  })

  it("refuses saved filters beyond the organization's quota, personal and organization-wide together", async () => {
    const t = await newTenant()
    await setQuotas(t, { saved_filters: 2 })
    const save = (name: string, organizationWide = false) =>
      t.api.post('/api/v1/filters/', { name, location: 'hosts', rules: [['name', 'contains', 'web']], organization_wide: organizationWide })
    expect((await save('mine')).status).toBe(201)
    expect((await save('shared', true)).status).toBe(201)
    const before = await count('saved_filters')
    expectLimit(await save('third'), 'saved_filters', 2)
    expect(await count('saved_filters')).toBe(before)
  })

  it("refuses risk scans beyond the organization's scans per day, and uploads beyond the upload size", async () => {
    const t = await newTenant()
    await setQuotas(t, { risk_scans: 1 })
    const token = await tokenOf(server, t)
    const upload = async (text: string) => {
      const r = await fetch(`${server.baseUrl}/api/v1/risks/scans?hostgroup_id=${t.environmentId}`, {
        method: 'POST',
        body: text,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
      })
      return { status: r.status, body: (await r.json()) as any, headers: r.headers }
    }
    expect((await upload(fixture('risk-scans/site.nessus').toString('utf8'))).status).toBe(201)
    const before = await count('risk_scans')
    expectLimit(await upload(fixture('risk-scans/site.nessus').toString('utf8')), 'risk_scans', 1)
    expect(await count('risk_scans')).toBe(before)
    expectLimit(await upload(' '.repeat(UPLOAD_MAX_BYTES + 1)), 'upload_bytes', UPLOAD_MAX_BYTES)
  })
})
