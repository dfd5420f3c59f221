/**
 * Issue 20 probes: a REAL probe process (`src/probe/main.ts`) checks an environment's hosts and resources
 * for the central server, keeps checking while a proxy the test controls cuts its link, delivers the buffered
 * results afterwards in order with their original times, and once killed its hosts go `offline` (SPEC §3) and
 * a probe problem (system event) is raised. Also: tenant safety of the link, groups, revoke and audit.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, waitFor } from '../helpers/api'

const DEAD_S = 6

/** A TCP proxy between the probe and the server that the test can cut (every connection refused) and restore. */
async function linkProxy(target: URL) {
  let cut = false
  const sockets = new Set<net.Socket>()
  const server = net.createServer((inbound) => {
    if (cut) return inbound.destroy()
    const outbound = net.connect(Number(target.port), target.hostname)
    for (const s of [inbound, outbound]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => s.destroy())
    }
    inbound.pipe(outbound).pipe(inbound)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    cut() {
      cut = true
      for (const s of sockets) s.destroy()
    },
    restore() {
      cut = false
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** The check target: a loopback listener the test can stop and start on the same port. */
async function tcpTarget() {
  let server = net.createServer((s) => s.end())
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    stop: () => new Promise<void>((r) => server.close(() => r())),
    async start() {
      server = net.createServer((s) => s.end())
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
    },
  }
}

function startProbe(serverUrl: string, token: string, dir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/probe/main.ts'], {
    env: {
      ...process.env,
      VIGIL_PROBE_SERVER: serverUrl,
      VIGIL_PROBE_TOKEN: token,
      VIGIL_PROBE_BUFFER: path.join(dir, 'buffer.db'),
      VIGIL_PROBE_SYNC_MS: '300',
      VIGIL_PROBE_SEND_MS: '200',
      VIGIL_PROBE_MAX_BACKOFF_MS: '400',
      VIGIL_PROBE_WORKERS: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const nowS = () => Math.floor(Date.now() / 1000)

describe.each(DATABASES)('probes on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, {
    tenants: { a: 'administrator', b: 'administrator' },
    // The central engine runs, so the test sees that it leaves the probe's environment alone.
    env: { VIGIL_ENGINE: '1', VIGIL_PROBE_DEAD_S: String(DEAD_S), VIGIL_PROBE_SWEEP_MS: '250' },
  })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-probe-'))
  let target: Awaited<ReturnType<typeof tcpTarget>>
  let proxy: Awaited<ReturnType<typeof linkProxy>>
  let probe: ChildProcess | undefined
  beforeAll(async () => {
    target = await tcpTarget()
    proxy = await linkProxy(new URL(server.baseUrl))
  })
  afterAll(async () => {
    probe?.kill('SIGKILL')
    await target.stop().catch(() => undefined)
    await proxy.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const hostOf = async (id: number) => (await admin.get(`/api/v1/hosts/${id}`)).body
  const resourceOf = async (id: number) => (await admin.get(`/api/v1/resources/${id}`)).body
  const link = (token: string, what: 'sync' | 'results', body: unknown) =>
    fetch(`${server.baseUrl}/api/v1/probe-link/${what}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const report = { version: 'test', lag_s: 0, load: 0 }

  it('checks through a real probe, buffers while the link is cut, and turns its hosts offline once it is dead', async () => {
    const created = await admin.post('/api/v1/probes/', { name: uniq('probe'), environment_ids: [a.environmentId] })
    expect(created.status).toBe(201)
    expect(created.body.probe).toMatchObject({ environments: [{ id: a.environmentId }], last_contact: null, live: false })
    const token: string = created.body.token
    const hostId = (
      await admin.post('/api/v1/hosts/', {
        name: uniq('probed'),
        hostgroup_id: a.environmentId,
        ip_address: '127.0.0.1',
        check: { kind: 'tcp', config: { port: target.port } },
        check_interval: 1,
      })
    ).body.id
    const resourceId = (
      await admin.post('/api/v1/resources/', {
        host_id: hostId,
        name: 'port',
        check: { kind: 'tcp', config: { port: target.port } },
        check_interval: 1,
        retry_interval: 1,
        max_check_attempts: 1,
      })
    ).body.id
    // The central engine runs, but not this environment's checks: nothing is checked before the probe starts.
    await sleep(1500)
    expect((await resourceOf(resourceId)).state).toBe('pending')

    probe = startProbe(proxy.url, token, dir)
    await waitFor(async () => (await resourceOf(resourceId)).state === 'ok' && (await hostOf(hostId)).state === 'up', 20_000)
    const listed = (await admin.get('/api/v1/probes/')).body.result.find((p: { id: number }) => p.id === created.body.probe.id)
    expect(listed).toMatchObject({ live: true, version: expect.any(String) })
    expect(listed.last_contact).toBeGreaterThanOrEqual(nowS() - 2)

    // The link goes down; the probe keeps checking and sees the target fail, then recover, while nothing arrives.
    proxy.cut()
    const cutAt = nowS()
    await sleep(300)
    const before = await resourceOf(resourceId)
    await target.stop()
    await sleep(1500)
    await target.start()
    // Check times are whole seconds and the interval is 1 s: within 2 s the probe has seen it back.
    await sleep(2200)
    const during = await resourceOf(resourceId)
    expect([during.state, during.last_check]).toEqual(['ok', before.last_check])
    const restoredAt = nowS()
    proxy.restore()

    // The buffered results arrive in order, with the times they were checked: critical inside the cut, then ok.
    await waitFor(async () => (await resourceOf(resourceId)).last_check > restoredAt, 10_000)
    const events = await server.vigil.store.db
      .selectFrom('events')
      .select(['id', 'status', 'start_time'])
      .where('resource_id', '=', resourceId)
      .where('type', '=', 'state_change')
      .orderBy('id')
      .execute()
    const critical = events.find((e) => e.status === 'critical')!
    const recovered = events.find((e) => e.id > critical.id && e.status === 'ok')!
    expect(Number(critical.start_time)).toBeGreaterThanOrEqual(cutAt)
    expect(Number(recovered.start_time)).toBeLessThanOrEqual(restoredAt)
    expect(Number(recovered.start_time)).toBeGreaterThanOrEqual(Number(critical.start_time))

    // The probe dies: after the dead time its hosts are offline and the problem is a system event.
    probe.kill('SIGKILL')
    await waitFor(async () => (await hostOf(hostId)).state === 'offline', (DEAD_S + 4) * 1000)
    expect((await hostOf(hostId)).plugin_output).toContain(created.body.probe.name)
    // The problem on the timeline of server admins (SPEC §3 event type system).
    const timeline = (await admin.get('/api/v1/events?types=system&limit=100')).body.result as { status: string; message: string }[]
    const problem = timeline.find((e) => e.status === 'PROBE_DOWN')
    expect(problem?.message).toContain(created.body.probe.name)
    expect((await admin.get('/api/v1/probes/')).body.result.find((p: { id: number }) => p.id === created.body.probe.id).live).toBe(false)

    // Started again, it reports: its hosts leave offline and the problem ends with PROBE_UP. At once, not after
    // the 30 s retry interval the host's failed check during the cut had planned.
    probe = startProbe(proxy.url, token, dir)
    await waitFor(async () => (await hostOf(hostId)).state === 'up', 10_000)
    const back = await server.vigil.store.db.selectFrom('events').select('message').where('status', '=', 'PROBE_UP').executeTakeFirst()
    expect(back?.message).toContain(created.body.probe.name)
    probe.kill('SIGKILL')
  }, 90_000)

  it("refuses a probe's result for another environment's resource, and writes nothing", async () => {
    const { token } = (await admin.post('/api/v1/probes/', { name: uniq('probe'), environment_ids: [a.environmentId] })).body
    const host = (await b.api.post('/api/v1/hosts/', { name: uniq('b-host'), hostgroup_id: b.environmentId, check_type: '1' })).body.id
    const resource = (await b.api.post('/api/v1/resources/', { host_id: host, name: 'disk', check_type: '1' })).body.id
    // Its work holds only its own environment's checks.
    const work = await (await link(token, 'sync', report)).json()
    expect(work.checks.every((c: { host_id: number }) => c.host_id !== host)).toBe(true)
    const refused = await link(token, 'results', {
      results: [{ type: 'resource', id: resource, at: nowS(), status: 2, output: 'taken over', perfdata: [] }],
    })
    expect(refused.status).toBe(404)
    expect((await refused.json()).error.key).toBe('resource_check_not_found')
    const host2 = await link(token, 'results', {
      results: [{ type: 'host', id: host, at: nowS(), status: 1, output: 'down', perfdata: [] }],
    })
    expect(host2.status).toBe(404)
    expect((await b.api.get(`/api/v1/resources/${resource}`)).body.state).toBe('pending')
    expect((await b.api.get(`/api/v1/hosts/${host}`)).body.state).toBe('pending')
  })

  it("stores the configuration and the asset sections a probe's checks read", async () => {
    const t = await addTenant('administrator')
    const { token } = (await admin.post('/api/v1/probes/', { name: uniq('probe'), environment_ids: [t.environmentId] })).body
    const host = (
      await t.api.post('/api/v1/hosts/', { name: uniq('sw'), hostgroup_id: t.environmentId, ip_address: '192.0.2.50', check_type: '1' })
    ).body.id
    const resource = async (name: string, kind: string, config: Record<string, unknown>) =>
      (await t.api.post('/api/v1/resources/', { host_id: host, name, check: { kind, config } })).body.id as number
    const backups = await resource('Config Backups', 'config-backup', { profile: 'cisco-ios' })
    const inventory = await resource('Inventory', 'inventory', {})
    expect((await link(token, 'sync', report)).status).toBe(200)
    const system = { name: 'sw', description: 'Cisco IOS', object_id: null, location: 'Rack 1', contact: null, uptime_s: 5 }
    const posted = await link(token, 'results', {
      results: [
        { type: 'resource', id: backups, at: nowS(), status: 0, output: 'CONFIG OK', perfdata: [], configuration: 'hostname sw\nend\n' },
        { type: 'resource', id: inventory, at: nowS(), status: 0, output: 'INVENTORY OK', perfdata: [], inventory: { system: [system] } },
      ],
    })
    expect(posted.status).toBe(200)
    expect((await t.api.get(`/api/v1/resources/${backups}/config-backups/1`)).body.content).toBe('hostname sw\nend\n')
    expect((await t.api.get(`/api/v1/hosts/${host}/assets`)).body.result).toEqual([
      { section: 'system', updated_at: expect.any(Number), collected_by: ['Inventory'], rows: [system] },
    ])
    // A section Vigil does not know is refused, and nothing is written.
    const bad = await link(token, 'results', {
      results: [
        { type: 'resource', id: inventory, at: nowS(), status: 0, output: 'INVENTORY OK', perfdata: [], inventory: { not_a_section: [] } },
      ],
    })
    expect(bad.status).toBe(400)
    expect((await t.api.get(`/api/v1/hosts/${host}/assets`)).body.totalresults).toBe(1)
    // A Checkmk agent's inventory brings the host's packages along.
    const agent = await resource('Agent inventory', 'checkmk-agent', { inventory: true })
    const packages = [{ name: 'openssl', version: '3.0.15-1~deb12u1', arch: 'amd64', vendor: null }]
    const listed = await link(token, 'results', {
      results: [
        {
          type: 'resource',
          id: agent,
          at: nowS(),
          status: 0,
          output: 'CHECKMK OK',
          perfdata: [],
          inventory: { system: [system] },
          packages,
        },
      ],
    })
    expect(listed.status).toBe(200)
    expect((await t.api.get(`/api/v1/hosts/${host}/software`)).body.result).toEqual([{ ...packages[0], updated_at: expect.any(Number) }])
  })

  it('splits an environment between the probes of its group, and one takes over when the other falls silent', async () => {
    const env = (await admin.post('/api/v1/hostgroups/', { name: uniq('group'), organization_id: a.organizationId })).body.id
    const hosts: number[] = []
    for (let i = 0; i < 6; i++)
      hosts.push(
        (
          await admin.post('/api/v1/hosts/', {
            name: uniq('g'),
            hostgroup_id: env,
            ip_address: '127.0.0.1',
            check: { kind: 'tcp', config: { port: target.port } },
          })
        ).body.id,
      )
    const one = (await admin.post('/api/v1/probes/', { name: uniq('one'), environment_ids: [env] })).body.token
    const two = (await admin.post('/api/v1/probes/', { name: uniq('two'), environment_ids: [] })).body
    expect((await admin.put(`/api/v1/probes/${two.probe.id}/environments`, { environment_ids: [env] })).status).toBe(204)
    const hostsOf = async (token: string) =>
      ((await (await link(token, 'sync', report)).json()).checks as { type: string; id: number }[])
        .filter((c) => c.type === 'host')
        .map((c) => c.id)
    await hostsOf(one)
    const [mine, theirs] = [await hostsOf(two.token), await hostsOf(one)]
    expect(mine.length).toBeGreaterThan(0)
    expect(theirs.length).toBeGreaterThan(0)
    expect([...mine, ...theirs].sort()).toEqual([...hosts].sort())
    // Probe two falls silent: after the dead time, probe one runs every host and none goes offline.
    await waitFor(async () => (await hostsOf(one)).length === hosts.length, (DEAD_S + 3) * 1000)
    for (const h of hosts) expect((await hostOf(h)).state).not.toBe('offline')
  }, 30_000)

  it('revokes a probe: refused at once, and create, assign and revoke are audited', async () => {
    const { token, probe: row } = (await admin.post('/api/v1/probes/', { name: uniq('gone'), environment_ids: [] })).body
    expect((await link(token, 'sync', report)).status).toBe(200)
    await admin.put(`/api/v1/probes/${row.id}/environments`, { environment_ids: [a.environmentId] })
    expect((await admin.del(`/api/v1/probes/${row.id}`)).status).toBe(204)
    expect((await link(token, 'sync', report)).status).toBe(401)
    expect((await admin.get('/api/v1/probes/')).body.result.some((p: { id: number }) => p.id === row.id)).toBe(false)
    const audit = await server.vigil.store.db
      .selectFrom('events')
      .select('status')
      .where('type', '=', 'audit_log')
      .where('event_class', '=', 'probe_audit')
      .where('subject_name', '=', row.name)
      .orderBy('id')
      .execute()
    expect(audit.map((e) => e.status)).toEqual(['CREATED', 'ASSIGNED', 'REVOKED'])
    // Only server admins manage probes.
    expect((await a.api.get('/api/v1/probes/')).status).toBe(403)
    expect((await a.api.post('/api/v1/probes/', { name: 'mine', environment_ids: [a.environmentId] })).status).toBe(403)
  })
})
