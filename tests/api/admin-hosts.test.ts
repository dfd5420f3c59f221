/**
 * Issue 15 "Hosts": host administration through the API. SPEC §3 host admin fields, host types and option
 * tags, §5 Hosts and Cluster rules, §6 host_write, §8 keys; credentials are never returned.
 */
import { describe, expect, it, beforeAll } from 'vitest'
import { utils } from 'ssh2'
import { DATABASES, TEST_SECRET_KEY } from '../helpers/server'
import { hostSecrets } from '../../src/server/store/hosts'
import { secretBox } from '../../src/server/security/secrets'
import { useApiSuite } from '../helpers/suite'
import { makeTenant, uniq, type Tenant } from '../helpers/api'

describe.each(DATABASES)('host administration, on %s', (db) => {
  const ctx = useApiSuite(db)
  let engineer: Tenant
  let operator: Tenant
  let other: Tenant
  const hostsTable = () => ctx.server.vigil.store.db.selectFrom('hosts').selectAll().orderBy('id').execute()
  const resourcesOf = async (hostId: number) => {
    const r = await engineer.api.get(`/api/v1/resources/?filter=${encodeURIComponent(JSON.stringify({ host_id: hostId }))}`)
    return r.body.result as { display_name: string }[]
  }
  const create = async (body: Record<string, unknown>, who = () => engineer) => {
    const r = await who().api.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: who().environmentId, ...body })
    return r
  }

  beforeAll(async () => {
    engineer = await makeTenant(ctx.server, ctx.admin, 'engineer')
    operator = await makeTenant(ctx.server, ctx.admin, 'operator')
    other = await makeTenant(ctx.server, ctx.admin, 'engineer')
  })

  it('creates a host of a type with the checks the type brings (SPEC §3 Host types)', async () => {
    const r = await create({ hosttype: 'switch', ip_address: '192.0.2.20', secrets: { snmp_community: 'sw-secret' } })
    expect(r.status).toBe(201)
    const names = (await resourcesOf(r.body.id)).map((x) => x.display_name).sort()
    expect(names).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])
    // SPEC §3: an SNMP host's inventory runs daily; the host option no_auto_inventory keeps it away.
    expect((await resourcesOf(r.body.id)).find((x) => x.display_name === 'Inventory')).toMatchObject({ check_interval: 86400 })
    const quiet = await create({ hosttype: 'switch', ip_address: '192.0.2.21', tags: ['no_auto_inventory'] })
    expect((await resourcesOf(quiet.body.id)).map((x) => x.display_name).sort()).toEqual(['Interfaces', 'SNMP uptime'])
    const site = await create({ hosttype: 'website', fqdn: 'shop.example.com' })
    expect((await resourcesOf(site.body.id)).map((x) => x.display_name).sort()).toEqual(['DNS', 'HTTPS'])
  })

  it('refuses an unknown host type with invalid_host_type and writes nothing (SPEC §8)', async () => {
    const before = await hostsTable()
    const r = await create({ hosttype: 'toaster' })
    expect([r.status, r.body.error?.key]).toEqual([400, 'invalid_host_type'])
    expect(await hostsTable()).toEqual(before)
  })

  it('refuses a bad FQDN and a non-ASCII name (SPEC §5 Hosts)', async () => {
    const before = await hostsTable()
    expect((await create({ fqdn: 'not a name' })).body.error?.key).toBe('invalid_fqdn')
    expect((await create({ name: 'hôte' })).body.error?.key).toBe('invalid_ascii_parameter')
    expect(await hostsTable()).toEqual(before)
  })

  it('adds checks for agentless-check tags, applies status allowances and no_sni, and no_check_* removes a check (SPEC §3)', async () => {
    const r = await create({ hosttype: 'linux', ip_address: '192.0.2.30', tags: ['https', 'smtp', '401', 'no_sni', 'no_check_ssh'] })
    expect(r.status).toBe(201)
    const rows = await ctx.server.vigil.store.db.selectFrom('resources').selectAll().where('host_id', '=', r.body.id).execute()
    expect(rows.map((x) => x.display_name).sort()).toEqual(['HTTPS', 'SMTP'])
    expect(JSON.parse(rows.find((x) => x.display_name === 'HTTPS')!.check_config)).toMatchObject({ allow_status: [401], no_sni: true })
    // Removing the no_check tag brings the type's SSH check back; removing https takes its check away.
    const u = await engineer.api.put(`/api/v1/hosts/${r.body.id}`, { tags: ['smtp'] })
    expect(u.status).toBe(200)
    expect((await resourcesOf(r.body.id)).map((x) => x.display_name).sort()).toEqual(['SMTP', 'SSH'])
  })

  it('adds the check_mk agent checks and Windows roles, and a custom-check host brings none (SPEC §3)', async () => {
    const mk = await create({ hosttype: 'linux', access_method: 'check_mk', ip_address: '192.0.2.31' })
    expect((await resourcesOf(mk.body.id)).map((x) => x.display_name).sort()).toEqual(['Checkmk agent', 'Inventory', 'SSH'])
    const quiet = await create({ hosttype: 'linux', access_method: 'check_mk', ip_address: '192.0.2.34', tags: ['no_auto_inventory'] })
    expect((await resourcesOf(quiet.body.id)).map((x) => x.display_name).sort()).toEqual(['Checkmk agent', 'SSH'])
    const win = await create({ hosttype: 'windows', windows_roles: ['iis', 'mssql'], ip_address: '192.0.2.32' })
    expect((await resourcesOf(win.body.id)).map((x) => x.display_name).sort()).toEqual(['IIS', 'RDP', 'SMB', 'SQL Server'])
    const custom = await create({ hosttype: 'linux', custom_check: true, ip_address: '192.0.2.33' })
    expect(await resourcesOf(custom.body.id)).toEqual([])
    expect(custom.body).toMatchObject({ custom_check: true })
  })

  it('keeps every admin field, and never returns credentials (SPEC §3 host admin fields)', async () => {
    const secrets = {
      snmp_community: 'community-xyz',
      user: 'root',
      password: 'pw-hunter2',
      enable_password: 'en-secret',
      ilo_user: 'ilo-admin',
      backup_user: 'bk-user',
      backup_password: 'bk-secret',
      snmp_v3_user: 'v3-monitor',
      snmp_v3_auth_protocol: 'sha256',
      snmp_v3_auth_password: 'v3-auth-passphrase',
      snmp_v3_priv_protocol: 'aes',
      snmp_v3_priv_password: 'v3-priv-passphrase',
    }
    const r = await create({
      hosttype: 'router',
      fqdn: 'core1.example.net',
      ip_address: '192.0.2.40',
      tags: ['standby'],
      access_method: 'snmp',
      notifications_enabled: false,
      max_check_attempts: 5,
      secrets,
    })
    expect(r.status).toBe(201)
    const got = await engineer.api.get(`/api/v1/hosts/${r.body.id}`)
    expect(got.body).toMatchObject({
      hostname: 'core1.example.net',
      access_method: 'snmp',
      tags: ['standby'],
      notifications_enabled: false,
    })
    const list = await engineer.api.get(`/api/v1/hosts/?extra_columns=access_method,custom_check,max_check_attempts`)
    const events = await ctx.admin.get(`/api/v1/events?types=audit_log&host_id=${r.body.id}&limit=50`)
    expect(events.body.result.length).toBeGreaterThan(0)
    for (const text of [JSON.stringify(r.body), JSON.stringify(got.body), JSON.stringify(list.body), JSON.stringify(events.body)])
      for (const value of Object.values(secrets).filter((v) => v.includes('-'))) expect(text).not.toContain(value)
  })

  it('keeps the credentials an edit leaves empty, and removes one sent empty', async () => {
    const box = secretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))
    const stored = (id: number) => hostSecrets(ctx.server.vigil.store.db, box, id)
    const r = await create({
      hosttype: 'switch',
      ip_address: '192.0.2.42',
      secrets: { snmp_community: 'old-community', backup_user: 'bk', backup_password: 'bk-secret', enable_password: 'en' },
    })
    // The form sends what was typed: a new community and the SNMPv3 user; the backup login stays.
    const v3 = { snmp_v3_user: 'mon', snmp_v3_auth_password: 'auth-passphrase', snmp_v3_priv_password: 'priv-passphrase' }
    expect((await engineer.api.put(`/api/v1/hosts/${r.body.id}`, { secrets: { snmp_community: 'new-community', ...v3 } })).status).toBe(200)
    expect(await stored(r.body.id)).toEqual({
      snmp_community: 'new-community',
      backup_user: 'bk',
      backup_password: 'bk-secret',
      enable_password: 'en',
      ...v3,
    })
    // Privacy alone on top of the stored authentication holds together; removing that authentication does not.
    expect((await engineer.api.put(`/api/v1/hosts/${r.body.id}`, { secrets: { snmp_v3_priv_password: 'other-passphrase' } })).status).toBe(
      200,
    )
    const orphan = await engineer.api.put(`/api/v1/hosts/${r.body.id}`, { secrets: { snmp_v3_auth_password: '' } })
    expect(orphan.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'secrets.snmp_v3_auth_password' } })
    expect((await engineer.api.put(`/api/v1/hosts/${r.body.id}`, { secrets: { enable_password: '' } })).status).toBe(200)
    expect(await stored(r.body.id)).toEqual({
      snmp_community: 'new-community',
      backup_user: 'bk',
      backup_password: 'bk-secret',
      ...v3,
      snmp_v3_priv_password: 'other-passphrase',
    })
  })

  it('refuses SNMPv3 credentials USM cannot use, and writes nothing', async () => {
    const before = await hostsTable()
    const v3 = (secrets: Record<string, string>) => create({ hosttype: 'switch', ip_address: '192.0.2.41', secrets })
    const privacyAlone = await v3({ snmp_v3_user: 'mon', snmp_v3_priv_password: 'privacy-passphrase' })
    expect(privacyAlone.status).toBe(400)
    expect(privacyAlone.body.error).toMatchObject({ key: 'validation_failed' })
    expect(JSON.stringify(privacyAlone.body)).toContain('snmp_v3_auth_password')
    expect((await v3({ snmp_v3_user: 'mon', snmp_v3_auth_password: 'short' })).status).toBe(400)
    expect((await v3({ snmp_v3_auth_password: 'auth-passphrase' })).status).toBe(400)
    expect((await v3({ snmp_v3_user: 'mon', snmp_v3_auth_protocol: 'sha1024' as string })).status).toBe(400)
    expect(await hostsTable()).toEqual(before)
  })

  it('takes a backup private key the check can use, and refuses one it cannot, writing nothing', async () => {
    const { private: encrypted } = utils.generateKeyPairSync('ecdsa', {
      bits: 256,
      passphrase: 'key-passphrase',
      cipher: 'aes256-ctr',
      rounds: 16,
    })
    const backup = (secrets: Record<string, string>) => create({ hosttype: 'switch', ip_address: '192.0.2.43', secrets })
    const before = await hostsTable()
    const refusals: [Record<string, string>, string, string][] = [
      [
        { backup_user: 'bk', backup_private_key: 'not a key' },
        'secrets.backup_private_key',
        'not an SSH private key (OpenSSH or PEM expected)',
      ],
      [{ backup_user: 'bk', backup_private_key: encrypted }, 'secrets.backup_private_key', 'the passphrase does not open this private key'],
      [
        { backup_user: 'bk', backup_private_key: encrypted, backup_key_passphrase: 'wrong' },
        'secrets.backup_private_key',
        'the passphrase does not open this private key',
      ],
      [
        { backup_user: 'bk', backup_private_key: utils.generateKeyPairSync('ecdsa', { bits: 256 }).public },
        'secrets.backup_private_key',
        'a private key is expected, not a public one',
      ],
      [
        { backup_private_key: utils.generateKeyPairSync('ecdsa', { bits: 256 }).private },
        'secrets.backup_user',
        'a backup private key needs a backup user',
      ],
    ]
    for (const [secrets, field, reason] of refusals) {
      const r = await backup(secrets)
      expect([r.status, r.body.error]).toMatchObject([400, { key: 'validation_failed', extra_info: { field, reason } }])
      expect(JSON.stringify(r.body)).not.toContain('PRIVATE KEY')
    }
    expect(await hostsTable()).toEqual(before)
    const taken = await backup({ backup_user: 'bk', backup_private_key: encrypted, backup_key_passphrase: 'key-passphrase' })
    expect(taken.status).toBe(201)
    expect(JSON.stringify(taken.body)).not.toContain('PRIVATE KEY')
    const box = secretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))
    expect((await hostSecrets(ctx.server.vigil.store.db, box, taken.body.id)).backup_private_key).toBe(encrypted)
  })

  it('checks the website inspection config line by line and its length (SPEC §5)', async () => {
    const before = await hostsTable()
    const bad = await create({ hosttype: 'website', fqdn: 'a.example.com', website_inspection_config: '/ok\n# note\nnot a path' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatchObject({ key: 'invalid_website_inspection_config', extra_info: { line: 3 } })
    expect(bad.body.error.message).toBe('Invalid website inspection configuration on line 3.')
    const long = await create({ hosttype: 'website', fqdn: 'a.example.com', website_inspection_config: `/${'x'.repeat(65_535)}` })
    expect(long.body.error?.key).toBe('too_long_website_inspection_config')
    expect(await hostsTable()).toEqual(before)
    // SPEC §9: 65,535 characters are allowed, and an edit is checked as a creation is.
    const full = await create({ hosttype: 'website', fqdn: 'c.example.com', website_inspection_config: `#${'x'.repeat(65_534)}` })
    expect(full.status).toBe(201)
    const edit = await engineer.api.put(`/api/v1/hosts/${full.body.id}`, { website_inspection_config: '/\n\nshop' })
    expect(edit.body.error).toMatchObject({ key: 'invalid_website_inspection_config', extra_info: { line: 3 } })
    const ok = await create({ hosttype: 'website', fqdn: 'b.example.com', website_inspection_config: '/\n/shop Add to cart\n' })
    expect(ok.status).toBe(201)
    expect((await resourcesOf(ok.body.id)).map((x) => x.display_name).sort()).toEqual(['DNS', 'HTTPS', 'Inspect /', 'Inspect /shop'])
  })

  it('moves a host to another environment with its checks, audited as MOVED (SPEC §2)', async () => {
    const second = await ctx.admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: engineer.organizationId })
    const h = await create({ hosttype: 'linux', ip_address: '192.0.2.50' })
    const moved = await engineer.api.put(`/api/v1/hosts/${h.body.id}`, { hostgroup_id: second.body.id })
    expect([moved.status, moved.body.hostgroup_id]).toEqual([200, second.body.id])
    const resources = await ctx.server.vigil.store.db
      .selectFrom('resources')
      .select('hostgroup_id')
      .where('host_id', '=', h.body.id)
      .execute()
    expect(resources).toEqual([{ hostgroup_id: second.body.id }])
    const events = await ctx.admin.get(`/api/v1/events?types=audit_log&host_id=${h.body.id}&limit=10`)
    const move = events.body.result.find((e: { status: string }) => e.status === 'MOVED')
    expect(move.extra_data).toMatchObject({
      before: { hostgroup_id: engineer.environmentId },
      after: { hostgroup_id: second.body.id },
    })
  })

  it('refuses a move to an environment the caller cannot write or of another organization, and writes nothing (SPEC §2)', async () => {
    const h = await create({ hosttype: 'ping', ip_address: '192.0.2.51' })
    const before = await hostsTable()
    const away = await engineer.api.put(`/api/v1/hosts/${h.body.id}`, { hostgroup_id: other.environmentId })
    expect([away.status, away.body.error?.key]).toEqual([404, 'hostgroup_not_found'])
    // A server admin administering both organizations still may not carry a host across them.
    const across = await ctx.admin.put(`/api/v1/hosts/${h.body.id}`, { hostgroup_id: other.environmentId })
    expect([across.status, across.body.error?.key]).toEqual([400, 'invalid_operation'])
    expect(across.body.error.extra_info).toMatchObject({ field: 'hostgroup_id', reason: 'other_organization' })
    expect(await hostsTable()).toEqual(before)
  })

  it('forms clusters of 2 to 3 hosts only (SPEC §5 Cluster)', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(async () => (await create({ ip_address: '192.0.2.60' })).body.id as number))
    const big = await engineer.api.put('/api/v1/hosts/clusters', { name: 'db cluster', host_ids: ids })
    expect(big.body.error).toMatchObject({ key: 'validation_failed', extra_info: { reason: 'cluster_too_large', maximum: 3 } })
    const small = await engineer.api.put('/api/v1/hosts/clusters', { name: 'db cluster', host_ids: [ids[0]] })
    expect(small.body.error).toMatchObject({ key: 'validation_failed', extra_info: { reason: 'cluster_too_small', minimum: 2 } })
    const ok = await engineer.api.put('/api/v1/hosts/clusters', { name: 'db cluster', host_ids: ids.slice(0, 2) })
    expect(ok.status).toBe(200)
    expect((await engineer.api.get(`/api/v1/hosts/${ids[1]}`)).body.cluster).toBe('db cluster')
    // Re-forming replaces the members; dissolving empties it.
    await engineer.api.put('/api/v1/hosts/clusters', { name: 'db cluster', host_ids: [ids[1], ids[2]] })
    expect((await engineer.api.get(`/api/v1/hosts/${ids[0]}`)).body.cluster).toBe('')
    expect((await engineer.api.del(`/api/v1/hosts/${ids[2]}/cluster`)).status).toBe(204)
    expect((await engineer.api.get(`/api/v1/hosts/${ids[1]}`)).body.cluster).toBe('')
    const foreign = await engineer.api.put('/api/v1/hosts/clusters', {
      name: 'mixed',
      host_ids: [ids[0], (await create({}, () => other)).body.id],
    })
    expect(foreign.body.error?.key).toBe('host_not_found')
  })

  it('edits tags of many hosts at once, each change audited (issue 15 bulk edit)', async () => {
    const a = await create({ tags: ['keep', 'old'] })
    const b = await create({ tags: ['old'] })
    const r = await engineer.api.post('/api/v1/hosts/tags', { host_ids: [a.body.id, b.body.id], add: ['standby'], remove: ['old'] })
    expect(r.body).toEqual({ updated: 2 })
    expect((await engineer.api.get(`/api/v1/hosts/${a.body.id}`)).body.tags.sort()).toEqual(['keep', 'standby'])
    expect((await engineer.api.get(`/api/v1/hosts/${b.body.id}`)).body.tags).toEqual(['standby'])
    const audit = await ctx.admin.get(`/api/v1/events?types=audit_log&host_id=${b.body.id}&limit=100`)
    expect(audit.body.result.filter((e: { type: string }) => e.type === 'audit_log')).toHaveLength(2)
  })

  it('refuses a user without host_write every host change, and writes nothing (SPEC §6)', async () => {
    const mine = await create({ hosttype: 'ping' }, () => operator)
    expect([mine.status, mine.body.error?.key]).toEqual([403, 'unauthorized'])
    const h = (await ctx.admin.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: operator.environmentId, check_type: '1' })).body
    const h2 = (await ctx.admin.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: operator.environmentId, check_type: '1' })).body
    const before = await hostsTable()
    for (const r of [
      await operator.api.put(`/api/v1/hosts/${h.id}`, { tags: ['x'] }),
      await operator.api.post('/api/v1/hosts/tags', { host_ids: [h.id], add: ['x'] }),
      await operator.api.put('/api/v1/hosts/clusters', { name: 'c1', host_ids: [h.id, h2.id] }),
    ])
      expect([r.status, r.body.error?.key]).toEqual([403, 'unauthorized'])
    expect(await hostsTable()).toEqual(before)
  })

  it("shows another organization's administrator nothing of these hosts", async () => {
    const h = await create({ hosttype: 'linux', ip_address: '192.0.2.70' })
    expect((await other.api.get(`/api/v1/hosts/${h.body.id}`)).status).toBe(404)
    const list = await other.api.get('/api/v1/hosts/')
    expect(list.body.result.map((x: { id: number }) => x.id)).not.toContain(h.body.id)
    expect((await other.api.post('/api/v1/hosts/tags', { host_ids: [h.body.id], add: ['x'] })).status).toBe(404)
  })

  it('lists the host-type catalogue with the checks each type brings (SPEC §3)', async () => {
    const r = await operator.api.get('/api/v1/host-types')
    expect(r.status).toBe(200)
    const byName = new Map(r.body.result.map((t: { name: string }) => [t.name, t]))
    expect(byName.get('printer')).toMatchObject({ category: 'printers', access_method: 'snmp' })
    expect(byName.get('kubernetes-cluster')).toMatchObject({ checks: expect.arrayContaining([{ name: 'API livez', kind: 'https' }]) })
    for (const t of r.body.result as { name: string; checks: unknown[]; access_method: string }[])
      if (t.name !== 'ping') expect(t.checks.length, t.name).toBeGreaterThan(1)
  })
})
