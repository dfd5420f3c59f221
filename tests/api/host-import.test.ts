/**
 * Issue 15 bulk CSV import of hosts (POST hosts/import): a preview that writes nothing, per-row errors with
 * SPEC §8 keys, valid rows created with the checks their type brings, SPEC §6 host_write, quotas, tenant safety.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, type Tenant } from '../helpers/api'
import { HOST_IMPORT_MAX_ROWS } from '../../src/shared/api/host-import'

const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n'

describe.each(DATABASES)('CSV import of hosts, on %s', (db) => {
  const { server, admin, tenants, addTenant, addUser } = useApiSuite(db, { tenants: { a: 'engineer', other: 'engineer' } })
  const { a, other } = tenants
  const post = (t: Tenant, text: string, dryRun = false, hostgroupId = t.environmentId) =>
    t.api.post('/api/v1/hosts/import', { hostgroup_id: hostgroupId, csv: text, dry_run: dryRun })
  /** Everything an import writes: hosts, their checks and parents, audit events. */
  const written = async () => {
    const d = server.vigil.store.db
    const [hosts, resources, parents, events] = await Promise.all([
      d.selectFrom('hosts').selectAll().orderBy('id').execute(),
      d.selectFrom('resources').selectAll().orderBy('id').execute(),
      d.selectFrom('host_parents').selectAll().execute(),
      d.selectFrom('events').select('id').orderBy('id').execute(),
    ])
    return JSON.stringify([hosts, resources, parents, events])
  }
  const checksOf = async (name: string) => {
    const d = server.vigil.store.db
    const rows = await d.selectFrom('resources').select('display_name').where('host_name', '=', name).orderBy('display_name').execute()
    return rows.map((r) => r.display_name)
  }
  const environmentName = async (t: Tenant) => (await admin.get(`/api/v1/hostgroups/${t.environmentId}`)).body.name as string
  const errorKeys = (rows: { row: number; errors: { key: string }[] }[]) =>
    Object.fromEntries(rows.filter((r) => r.errors.length).map((r) => [r.row, r.errors.map((e) => e.key)]))

  it('previews every row with its checks and errors, and writes nothing', async () => {
    const sw = uniq('sw')
    const text = csv(
      'name,hosttype,ip_address,fqdn,tags,parents',
      `${sw},switch,198.51.100.10,,,`,
      `${uniq('srv')},linux,198.51.100.11,,https,${sw}`,
      `${uniq('bad')},linux,,not a name,,`,
    )
    const before = await written()
    const r = await post(a, text, true)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ dry_run: true, ok: 2, failed: 1 })
    expect(r.body.rows.map((x: { row: number; status: string }) => [x.row, x.status])).toEqual([
      [2, 'ok'],
      [3, 'ok'],
      [4, 'error'],
    ])
    // The parent named by an earlier row is found in the preview too, and each type's checks are listed.
    expect(r.body.rows[0].checks.sort()).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])
    expect(r.body.rows[1].checks.sort()).toEqual(['HTTPS', 'SSH'])
    expect(r.body.rows[1].id).toBeUndefined()
    expect(r.body.rows[2].errors).toEqual([{ key: 'invalid_fqdn', extra_info: { fqdn: 'not a name' } }])
    expect(await written()).toBe(before)
  })

  it('imports the valid rows with their checks, parents and audit events, and reports the bad ones (SPEC §3)', async () => {
    const [sw, web, bad] = [uniq('sw'), uniq('web'), uniq('bad')]
    const text = csv(
      'Name,HostType,IP Address,Environment,Description,Tags,Parents,Notifications_Enabled,Max_Check_Attempts',
      `${sw},switch,198.51.100.20,,"core switch, rack 1",,,no,5`,
      `${web},linux,198.51.100.21,${await environmentName(a)},"two\nlines","https;smtp",${sw},yes,`,
      `${bad},toaster,198.51.100.22,,,,,,`,
    )
    const r = await post(a, text)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ dry_run: false, ok: 2, failed: 1 })
    expect(errorKeys(r.body.rows)).toEqual({ 4: ['invalid_host_type'] })
    const made = await a.api.get(`/api/v1/hosts/${r.body.rows[1].id}?extra_columns=notifications_enabled,max_check_attempts`)
    expect(made.body).toMatchObject({
      name: web,
      parents: [sw],
      tags: ['https', 'smtp'],
      description: 'two\nlines',
      hostgroup_id: a.environmentId,
    })
    const swRow = (await a.api.get(`/api/v1/hosts/${sw}?extra_columns=notifications_enabled,max_check_attempts`)).body
    expect(swRow).toMatchObject({ description: 'core switch, rack 1', notifications_enabled: false, max_check_attempts: 5 })
    expect(await checksOf(sw)).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])
    expect(await checksOf(web)).toEqual(['HTTPS', 'SMTP', 'SSH'])
    expect((await a.api.get(`/api/v1/hosts/${bad}`)).status).toBe(404)
    const audits = await server.vigil.store.db
      .selectFrom('events')
      .select('subject_name')
      .where('event_class', '=', 'host_audit')
      .where('subject_name', 'in', [sw, web])
      .execute()
    expect(audits.map((e) => e.subject_name).sort()).toEqual([sw, web].sort())
  })

  it('reports each row its SPEC §8 keys: names, FQDN, type, duplicates in the file and in the organization, parents, values', async () => {
    const existing = uniq('old')
    expect((await a.api.post('/api/v1/hosts/', { name: existing, hostgroup_id: a.environmentId, check_type: '1' })).status).toBe(201)
    const twice = uniq('twice')
    const text = csv(
      'name,fqdn,hosttype,parents,custom_check,access_method,max_check_attempts',
      `hôte,,,,,,`,
      `${uniq('f')},-bad-.example,,,,,`,
      `${uniq('t')},,toaster,,,,`,
      `${twice},,,,,,`,
      `${twice},,,,,,`,
      `${existing},,,,,,`,
      `${uniq('p')},,,no-such-parent,,,`,
      `${uniq('b')},,,,maybe,,`,
      `${uniq('m')},,,,,telnet,`,
      `${uniq('n')},,,,,,many`,
      `,,linux,,,,`,
      `${uniq('x')},bad name,toaster,,,,`,
    )
    const before = await written()
    const r = await post(a, text, true)
    expect(r.status).toBe(200)
    expect(errorKeys(r.body.rows)).toEqual({
      2: ['invalid_ascii_parameter'],
      3: ['invalid_fqdn'],
      4: ['invalid_host_type'],
      6: ['host_already_exists'],
      7: ['host_already_exists'],
      8: ['host_not_found'],
      9: ['validation_failed'],
      10: ['validation_failed'],
      11: ['validation_failed'],
      12: ['missing_required_parameter'],
      13: ['invalid_fqdn', 'invalid_host_type'],
    })
    const rows = r.body.rows as { row: number; errors: { extra_info: Record<string, unknown> }[] }[]
    const extra = (row: number) => rows.find((x) => x.row === row)!.errors[0].extra_info
    expect(extra(6)).toEqual({ name: twice, row: 5 })
    expect(extra(9)).toMatchObject({ field: 'custom_check', value: 'maybe' })
    expect(extra(10)).toMatchObject({ field: 'access_method' })
    expect(extra(11)).toMatchObject({ field: 'max_check_attempts' })
    expect(await written()).toBe(before)
  })

  it("refuses another organization's environment as hostgroup_not_found, as the target and in a row", async () => {
    const before = await written()
    const whole = await post(a, csv('name', uniq('h')), false, other.environmentId)
    expect([whole.status, whole.body.error?.key]).toEqual([404, 'hostgroup_not_found'])
    const row = await post(a, csv('name,environment', `${uniq('h')},${await environmentName(other)}`))
    expect(row.status).toBe(200)
    expect(errorKeys(row.body.rows)).toEqual({ 2: ['hostgroup_not_found'] })
    expect(await written()).toBe(before)
  })

  it('refuses a user without host_write with 403 and writes nothing (SPEC §6)', async () => {
    const operator = await addUser(a, 'operator')
    const before = await written()
    for (const dryRun of [true, false]) {
      const r = await operator.api.post('/api/v1/hosts/import', {
        hostgroup_id: a.environmentId,
        csv: csv('name', uniq('h')),
        dry_run: dryRun,
      })
      expect([r.status, r.body.error?.key]).toEqual([403, 'unauthorized'])
    }
    expect(await written()).toBe(before)
  })

  it("creates rows up to the organization's hosts quota and reports the rest as limit_exceeded", async () => {
    const t = await addTenant('engineer')
    expect((await admin.put(`/api/v1/organizations/${t.organizationId}/quotas`, { hosts: 2 })).status).toBe(200)
    const names = [uniq('q'), uniq('q'), uniq('q')]
    const preview = await post(t, csv('name', ...names), true)
    expect(errorKeys(preview.body.rows)).toEqual({ 4: ['limit_exceeded'] })
    const r = await post(t, csv('name', ...names))
    expect(r.body).toMatchObject({ ok: 2, failed: 1 })
    expect(r.body.rows[2].errors[0]).toMatchObject({ key: 'limit_exceeded', extra_info: { limit: 'hosts', maximum: 2 } })
    expect((await t.api.get('/api/v1/hosts/')).body.totalresults).toBe(2)
  })

  it('refuses a row whose address the organization may not reach (issue 13 targets)', async () => {
    const r = await post(a, csv('name,ip_address', `${uniq('lo')},127.0.0.1`), true)
    expect(r.body.rows[0].errors[0]).toMatchObject({ key: 'validation_failed', extra_info: { field: 'ip_address', value: '127.0.0.1' } })
  })

  it('refuses a file with unknown or credential columns, a broken quote, too many rows or bytes, and names why', async () => {
    const before = await written()
    const unknown = await post(a, csv('name,snmp_community,colour', 'h,public,red'))
    expect([unknown.status, unknown.body.error?.key]).toEqual([400, 'validation_failed'])
    expect(unknown.body.error.extra_info).toMatchObject({ field: 'header', unknown_columns: ['snmp_community', 'colour'] })
    const noName = await post(a, csv('hosttype', 'linux'))
    expect([noName.status, noName.body.error?.key, noName.body.error?.extra_info.field]).toEqual([
      400,
      'missing_required_parameter',
      'name',
    ])
    const quote = await post(a, csv('name,description', 'h1,ok', 'h2,"never closed'))
    expect([quote.status, quote.body.error?.key, quote.body.error?.extra_info.line]).toEqual([400, 'invalid_input', 3])
    const many = await post(a, csv('name', ...Array.from({ length: HOST_IMPORT_MAX_ROWS + 1 }, (_, i) => `many-${i}`)), true)
    expect([many.status, many.body.error?.key, many.body.error?.extra_info.maximum]).toEqual([409, 'limit_exceeded', HOST_IMPORT_MAX_ROWS])
    const big = await post(a, `name,description\r\nh,${'x'.repeat(10 * 1024 * 1024)}\r\n`, true)
    expect([big.status, big.body.error?.key, big.body.error?.extra_info.limit]).toEqual([409, 'limit_exceeded', 'upload_bytes'])
    expect(await written()).toBe(before)
  })
})
