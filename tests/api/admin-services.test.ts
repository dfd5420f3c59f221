/**
 * Issue 15 Settings "services" (SPEC §2 /admin/{organization}/settings/services): which of the checks each host type
 * brings (SPEC §3 Host types) an organization's new hosts get. Read by whoever sees the organization, changed with
 * host_write as thresholds are (SPEC §6), audited; another organization sees nothing and is not affected.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, type Tenant } from '../helpers/api'

describe.each(DATABASES)('services settings on %s', (db) => {
  const {
    server,
    addUser,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'engineer', b: 'administrator' } })
  const path = (t: Tenant) => `/api/v1/organizations/${t.organizationId}/settings/services`
  const settingsRow = async (t: Tenant) =>
    server.vigil.store.db.selectFrom('organization_settings').selectAll().where('organization_id', '=', t.organizationId).execute()
  const checksOf = async (hostId: number) =>
    (await server.vigil.store.db.selectFrom('resources').select('display_name').where('host_id', '=', hostId).execute())
      .map((r) => r.display_name)
      .sort()
  const addHost = async (t: Tenant, body: Record<string, unknown>) => {
    const r = await t.api.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: t.environmentId, ip_address: '192.0.2.9', ...body })
    expect(r.status).toBe(201)
    return r.body.id as number
  }

  it('brings every check of a type until the organization turns one off', async () => {
    expect((await a.api.get(path(a))).body).toEqual({ disabled_checks: {} })
    const before = await addHost(a, { hosttype: 'switch' })
    expect(await checksOf(before)).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])

    const saved = await a.api.put(path(a), { disabled_checks: { switch: ['interfaces', 'interfaces'], linux: [] } })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ disabled_checks: { switch: ['interfaces'] } })
    expect((await a.api.get(path(a))).body).toEqual(saved.body)

    // New hosts of the type come without it; the hosts that have it keep it, also through an edit.
    const after = await addHost(a, { hosttype: 'switch' })
    expect(await checksOf(after)).toEqual(['Inventory', 'SNMP uptime'])
    expect((await a.api.put(`/api/v1/hosts/${before}`, { tags: ['standby'] })).status).toBe(200)
    expect(await checksOf(before)).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])
    // Other types and other organizations are not touched.
    expect(await checksOf(await addHost(b, { hosttype: 'switch' }))).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])
    expect(await checksOf(await addHost(a, { hosttype: 'router' }))).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])

    // Turned on again, new hosts bring it once more.
    expect((await a.api.put(path(a), { disabled_checks: {} })).body).toEqual({ disabled_checks: {} })
    expect(await checksOf(await addHost(a, { hosttype: 'switch' }))).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])
  })

  it('lets an option tag still add a check the type no longer brings (SPEC §3 host option tags)', async () => {
    expect((await a.api.put(path(a), { disabled_checks: { linux: ['ssh'] } })).status).toBe(200)
    expect(await checksOf(await addHost(a, { hosttype: 'linux' }))).toEqual([])
    expect(await checksOf(await addHost(a, { hosttype: 'linux', tags: ['ssh'] }))).toEqual(['SSH'])
    expect((await a.api.put(path(a), { disabled_checks: {} })).status).toBe(200)
  })

  it('refuses an unknown host type and a check the type does not bring, and writes nothing (SPEC §8)', async () => {
    const before = await settingsRow(a)
    const type = await a.api.put(path(a), { disabled_checks: { toaster: ['ssh'] } })
    expect([type.status, type.body.error.key]).toEqual([400, 'invalid_host_type'])
    const check = await a.api.put(path(a), { disabled_checks: { linux: ['rdp'] } })
    expect([check.status, check.body.error.key]).toEqual([400, 'validation_failed'])
    expect(check.body.error.extra_info.field).toBe('body.disabled_checks.linux.0')
    expect(await settingsRow(a)).toEqual(before)
  })

  it('audits a change with what was turned off before and after', async () => {
    expect((await a.api.put(path(a), { disabled_checks: { website: ['dns'] } })).status).toBe(200)
    const events = await server.vigil.store.db
      .selectFrom('events')
      .select(['status', 'extra_data', 'username'])
      .where('event_class', '=', 'services_audit')
      .where('organization_id', '=', a.organizationId)
      .orderBy('id', 'desc')
      .execute()
    expect(events[0]).toMatchObject({ status: 'UPDATED', username: a.username })
    expect(JSON.parse(events[0].extra_data)).toMatchObject({ after: { disabled_checks: { website: ['dns'] } } })
    expect((await a.api.put(path(a), { disabled_checks: {} })).status).toBe(200)
  })

  it('refuses a user without host_write and hides the settings from another organization (SPEC §6)', async () => {
    const operator = await addUser(a, 'operator')
    expect((await operator.api.get(path(a))).status).toBe(200)
    const before = await settingsRow(a)
    const refused = await operator.api.put(path(a), { disabled_checks: { linux: ['ssh'] } })
    expect([refused.status, refused.body.error.key]).toEqual([403, 'unauthorized'])
    expect((await b.api.get(path(a))).status).toBe(404)
    expect((await b.api.put(path(a), { disabled_checks: { linux: ['ssh'] } })).status).toBe(404)
    expect(await settingsRow(a)).toEqual(before)
  })
})
