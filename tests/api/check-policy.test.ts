/**
 * Issue 13 "Plugins, not shell lines" (review H1, M1, M4): who may configure which check, plugins run through
 * the real server, and SNMP communities that exist only as sealed host secrets.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Agent } from 'net-snmp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, TEST_SECRET_KEY } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { adminClient, uniq, type Client } from '../helpers/api'
import { BASE, COMMUNITY, startAgent } from '../fixtures/snmp-agent'
import { hostSecrets } from '../../src/server/store/hosts'
import { sealSnmpCommunities } from '../../src/server/store/snmp-communities'
import { secretBox } from '../../src/server/security/secrets'

// The test servers' key (helpers/server.ts), to read what they sealed.
const box = secretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))

const FIXTURES = fileURLToPath(new URL('../fixtures/plugins', import.meta.url))
const PLUGIN = { kind: 'command', config: { command: 'check_fixture.sh', args: ['0', 'args', '--password=$SECRET:password$'] } }

/** Polls a resource until its check has run (state is no longer pending). */
async function checked(api: Client, id: number) {
  for (let i = 0; i < 200; i++) {
    const r = (await api.get(`/api/v1/resources/${id}`)).body
    if (r.state !== 'pending') return r
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`resource ${id} was never checked`)
}

describe.each(DATABASES)('who may configure which check, on %s', (db) => {
  const {
    server,
    admin,
    tenants: { engineer },
  } = useApiSuite(db, { env: { VIGIL_PLUGIN_DIRS: FIXTURES }, tenants: { engineer: 'engineer' } })
  let hostId: number
  let resourceId: number
  const configOf = async (table: 'hosts' | 'resources', id: number) =>
    server.vigil.store.db.selectFrom(table).select(['check_kind', 'check_config']).where('id', '=', id).executeTakeFirstOrThrow()
  const count = async (table: 'hosts' | 'resources') =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    hostId = (
      await engineer.api.post('/api/v1/hosts/', { name: uniq('eng-host'), hostgroup_id: engineer.environmentId, ip_address: '192.0.2.10' })
    ).body.id
    resourceId = (
      await engineer.api.post('/api/v1/resources/', { host_id: hostId, name: 'web', check: { kind: 'tcp', config: { port: 80 } } })
    ).body.id
  })

  it("refuses a customer's engineer any command check, and writes nothing (review H1)", async () => {
    const [hosts, resources] = [await count('hosts'), await count('resources')]
    const attempts = [
      await engineer.api.post('/api/v1/resources/', { host_id: hostId, name: 'pwn', check: PLUGIN }),
      await engineer.api.post('/api/v1/hosts/', { name: uniq('pwn'), hostgroup_id: engineer.environmentId, check: PLUGIN }),
      await engineer.api.put(`/api/v1/resources/${resourceId}`, { check: PLUGIN }),
      await engineer.api.put(`/api/v1/hosts/${hostId}`, { check: PLUGIN }),
    ]
    for (const r of attempts) {
      expect(r.status).toBe(403)
      expect(r.body.error).toMatchObject({ key: 'unauthorized', extra_info: { field: 'check.kind' } })
    }
    expect([await count('hosts'), await count('resources')]).toEqual([hosts, resources])
    expect(await configOf('resources', resourceId)).toEqual({ check_kind: 'tcp', check_config: '{"port":80}' })
    expect((await configOf('hosts', hostId)).check_kind).toBe('ping')
  })

  it.each([
    ['tcp', { port: 6379, send: 'CONFIG GET *\r\n' }, 'send'],
    ['tcp', { port: 22, expect: 'SSH-2.0-OpenSSH_9' }, 'expect'],
    ['smtp', { expect: '220 mail' }, 'expect'],
    ['http', { content_regex: '^.{3}c' }, 'content_regex'],
    ['https', { content_regex: '^(a|a)*$' }, 'content_regex'],
  ])("refuses a customer's engineer %s with %j: server-admin templates only", async (kind, config, field) => {
    const r = await engineer.api.put(`/api/v1/resources/${resourceId}`, { check: { kind, config } })
    expect(r.status).toBe(403)
    expect(r.body.error).toMatchObject({ key: 'unauthorized', extra_info: { field: `check.config.${field}` } })
    expect(await configOf('resources', resourceId)).toEqual({ check_kind: 'tcp', check_config: '{"port":80}' })
  })

  it('lets everybody with host_write match a plain content substring', async () => {
    const r = await engineer.api.put(`/api/v1/resources/${resourceId}`, { check: { kind: 'http', config: { content: 'Welcome' } } })
    expect(r.status).toBe(200)
    expect(await configOf('resources', resourceId)).toEqual({ check_kind: 'http', check_config: '{"content":"Welcome"}' })
  })

  it('lets the seeded server admin configure plugins, send and content_regex', async () => {
    const plugin = await admin.post('/api/v1/resources/', { host_id: hostId, name: 'plugin', check: PLUGIN })
    expect(plugin.status).toBe(201)
    expect(
      (
        await admin.post('/api/v1/resources/', {
          host_id: hostId,
          name: 'redis',
          check: { kind: 'tcp', config: { port: 6379, send: 'PING\r\n', expect: '+PONG' } },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await admin.post('/api/v1/resources/', {
          host_id: hostId,
          name: 'page',
          check: { kind: 'http', config: { content_regex: 'ready' } },
        })
      ).status,
    ).toBe(201)
  })

  it('refuses plugin paths and shell lines even from a server admin', async () => {
    for (const command of ['/bin/sh', '../../bin/sh', '..']) {
      const r = await admin.post('/api/v1/resources/', {
        host_id: hostId,
        name: uniq('sh'),
        check: { kind: 'command', config: { command, args: ['-c', 'id'] } },
      })
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'check.config.command' } })
    }
  })

  it('refuses an SNMP community in check configuration: it is a sealed host secret (review M4)', async () => {
    const r = await admin.post('/api/v1/resources/', {
      host_id: hostId,
      name: 'snmp',
      check: { kind: 'snmp', config: { community: 'public', oid: '1.3.6.1.2.1.1.3.0' } },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'check.config.community' } })
  })
})

describe.each(DATABASES)('plugins and SNMP checks through the running engine, on %s', (db) => {
  const { server, admin } = useApiSuite(db, { env: { VIGIL_ENGINE: '1', VIGIL_PLUGIN_DIRS: FIXTURES } })
  let agent: Agent
  let agentPort: number
  let hostId: number
  beforeAll(async () => {
    ;({ agent, port: agentPort } = await startAgent())
    hostId = (
      await admin.post('/api/v1/hosts/', {
        name: uniq('snmp-host'),
        hostgroup_id: 1,
        ip_address: '127.0.0.1',
        check_type: '1',
        secrets: { snmp_community: COMMUNITY, password: 'hunter2-s3cret' },
      })
    ).body.id
  })
  afterAll(() => new Promise<void>((resolve) => agent.close(() => resolve())))

  it('answers from a real agent with the sealed community, which is stored nowhere in plain text', async () => {
    const created = await admin.post('/api/v1/resources/', {
      host_id: hostId,
      name: 'load',
      check: { kind: 'snmp', config: { port: agentPort, oid: `${BASE}.1.0`, label: 'load' } },
    })
    expect(created.status).toBe(201)
    const resource = await checked(admin, created.body.id)
    expect([resource.state, resource.plugin_output]).toEqual(['ok', `SNMP OK - load ${BASE}.1.0 = 42`])
    const db = server.vigil.store.db
    const row = await db.selectFrom('resources').select('check_config').where('id', '=', created.body.id).executeTakeFirstOrThrow()
    expect(row.check_config).not.toContain('community')
    const host = await db.selectFrom('hosts').select(['check_config', 'secrets']).where('id', '=', hostId).executeTakeFirstOrThrow()
    expect(JSON.stringify(host)).not.toContain(COMMUNITY)
  })

  it('moves a plaintext community left by an earlier version into the host secrets, and the check goes on answering', async () => {
    const db = server.vigil.store.db
    const other = (await admin.post('/api/v1/hosts/', { name: uniq('legacy'), hostgroup_id: 1, ip_address: '127.0.0.1', check_type: '1' }))
      .body.id
    const ids = []
    for (const [name, community] of [
      ['legacy-1', COMMUNITY],
      ['legacy-2', 'another-community'],
    ]) {
      const id = (await admin.post('/api/v1/resources/', { host_id: other, name, check_type: '1' })).body.id
      await db
        .updateTable('resources')
        .set({ check_kind: 'snmp', check_type: '0', check_config: JSON.stringify({ port: agentPort, oid: `${BASE}.1.0`, community }) })
        .where('id', '=', id)
        .execute()
      ids.push(id)
    }
    expect(await sealSnmpCommunities(db, box)).toEqual({ moved: 2, differing: [{ host_id: other, resource_id: ids[1] }], unopened: [] })
    expect(await sealSnmpCommunities(db, box)).toEqual({ moved: 0, differing: [], unopened: [] })
    const rows = await db.selectFrom('resources').select('check_config').where('id', 'in', ids).execute()
    expect(rows.map((r) => r.check_config).join()).not.toContain('community')
    expect(await hostSecrets(db, box, other)).toEqual({ snmp_community: COMMUNITY })
    await server.vigil.engine.refresh('resource', ids)
    expect((await checked(admin, ids[0])).plugin_output).toBe(`SNMP OK - value ${BASE}.1.0 = 42`)
  })

  it('runs a plugin as an unprivileged user, with $SECRET:name$ from the host and masked in its output', async () => {
    const created = await admin.post('/api/v1/resources/', { host_id: hostId, name: 'plugin', check: PLUGIN })
    const resource = await checked(admin, created.body.id)
    expect([resource.state, resource.plugin_output]).toEqual(['ok', 'FIXTURE args: --password=***'])
    const context = await admin.post('/api/v1/resources/', {
      host_id: hostId,
      name: 'context',
      check: { kind: 'command', config: { command: 'check_fixture.sh', args: ['0', 'context'] } },
    })
    const output = (await checked(admin, context.body.id)).plugin_output as string
    expect(output).toMatch(/ cwd=\/ env=LC_ALL PATH PWD$/)
    if (process.getuid?.() === 0) expect(output).not.toMatch(/uid=0 /)
  })
})

describe('SNMP communities at start (sqlite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-communities-'))
  const env = { DATABASE_URL: path.join(dir, 'vigil.db'), VIGIL_ADMIN_PASSWORD: 'communities-admin-pw' }
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('seals the plaintext communities of host and resource checks once the key is loaded', async () => {
    const first = await startServer({ env })
    const admin = await adminClient({ ...first, adminPassword: env.VIGIL_ADMIN_PASSWORD })
    const hostId = (await admin.post('/api/v1/hosts/', { name: 'legacy-switch', hostgroup_id: 1, ip_address: '127.0.0.1' })).body.id
    const resourceId = (await admin.post('/api/v1/resources/', { host_id: hostId, name: 'uptime', check_type: '1' })).body.id
    const legacy = JSON.stringify({ oid: '1.3.6.1.2.1.1.3.0', community: 'plain-community' })
    const db = first.vigil.store.db
    await db.updateTable('hosts').set({ check_kind: 'snmp', check_config: legacy }).where('id', '=', hostId).execute()
    await db.updateTable('resources').set({ check_kind: 'snmp', check_config: legacy }).where('id', '=', resourceId).execute()
    await first.close()

    const second = await startServer({ env })
    const after = second.vigil.store.db
    const host = await after.selectFrom('hosts').select(['check_config', 'secrets']).where('id', '=', hostId).executeTakeFirstOrThrow()
    const resource = await after.selectFrom('resources').select('check_config').where('id', '=', resourceId).executeTakeFirstOrThrow()
    expect([host.check_config, resource.check_config]).toEqual(['{"oid":"1.3.6.1.2.1.1.3.0"}', '{"oid":"1.3.6.1.2.1.1.3.0"}'])
    expect(host.secrets).not.toContain('plain-community')
    expect(await hostSecrets(after, box, hostId)).toEqual({ snmp_community: 'plain-community' })
    await second.close()
  })
})
