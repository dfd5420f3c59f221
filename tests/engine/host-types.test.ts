/**
 * Issue 15: a host added by type monitors the right things at once. A Linux server reached by the check_mk
 * access method brings its Checkmk agent's check and a daily inventory from the agent (SPEC §3 access methods),
 * the `rdp` option tag adds its check and `no_check_ssh` drops the type's SSH check (SPEC §3 option tags); the
 * engine runs them against loopback and they turn green (the test's agent on port 6556) and red (nothing on 3389).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { adminClient, uniq, waitFor, type Client } from '../helpers/api'
import { LOOPBACK } from '../fixtures/loopback'
import { linuxAgentOutput, startAgent, type Agent } from '../fixtures/checkmk-agent'

const AGENT_PORT = 6556

describe('a host created by type', () => {
  let server: TestServer
  let admin: Client
  let agent: Agent
  beforeAll(async () => {
    server = await startServer({ env: { VIGIL_ENGINE: '1' } })
    admin = await adminClient(server)
    agent = await startAgent(linuxAgentOutput(), AGENT_PORT)
  })
  afterAll(async () => {
    await agent.close()
    await server.close()
  })

  it('creates its checks, and they run and turn green or red', async () => {
    const org = (await admin.post('/api/v1/organizations/', { name: uniq('org') })).body
    const env = (await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: org.id })).body
    // The host check is passive here: ping needs raw sockets the test machine may not grant.
    const host = await admin.post('/api/v1/hosts/', {
      name: uniq('linux'),
      hostgroup_id: env.id,
      hosttype: 'linux',
      access_method: 'check_mk',
      ip_address: LOOPBACK,
      tags: ['rdp', 'no_check_ssh'],
      check_type: '1',
    })
    expect(host.status).toBe(201)
    const list = async () =>
      (await admin.get(`/api/v1/resources/?filter=${encodeURIComponent(JSON.stringify({ host_id: host.body.id }))}`)).body.result as {
        display_name: string
        state: string
        plugin_output: string
      }[]
    expect((await list()).map((r) => r.display_name).sort()).toEqual(['Checkmk agent', 'Inventory', 'RDP'])
    const states = await waitFor(async () => {
      const by = Object.fromEntries((await list()).map((r) => [r.display_name, r]))
      return by['Checkmk agent']?.state === 'ok' && by.Inventory?.state === 'ok' && by.RDP?.state === 'critical' ? by : undefined
    }, 15_000)
    expect(states['Checkmk agent'].plugin_output).toMatch(/^CHECKMK OK - CPU load 0.3 on 2 cores, memory 50 % used/)
    expect(states.RDP.plugin_output).toMatch(/^TCP CRITICAL .*port 3389/)
    // The inventory run stored the agent's asset sections: the host's asset link is on (SPEC §2 has_asset_data).
    const assets = (await admin.get(`/api/v1/hosts/${host.body.id}/assets`)).body.result as { section: string; rows: unknown[] }[]
    expect(assets.map((a) => a.section)).toEqual([
      'cpu',
      'system',
      'bios',
      'os',
      'services',
      'memory',
      'addresses',
      'interfaces',
      'storage',
      'disks',
    ])
    expect(assets.find((a) => a.section === 'services')!.rows).toHaveLength(3)
    expect((await admin.get(`/api/v1/hosts/${host.body.id}`)).body.has_asset_data).toBe(true)
    // With Checkmk's inventory plugin the agent lists its packages too: they are the host's software (SPEC §2 Assets).
    const software = (await admin.get(`/api/v1/hosts/${host.body.id}/software`)).body.result as { name: string; version: string }[]
    expect(software.map((p) => `${p.name} ${p.version}`)).toEqual(['libc6 2.36-9+deb12u9', 'nginx 1.22.1-9', 'openssl 3.0.15-1~deb12u1'])
  })

  it('runs a check edited while its first run is in flight with its new configuration', async () => {
    const org = (await admin.post('/api/v1/organizations/', { name: uniq('org') })).body
    const env = (await admin.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: org.id })).body
    const host = await admin.post('/api/v1/hosts/', {
      name: uniq('linux'),
      hostgroup_id: env.id,
      hosttype: 'linux',
      ip_address: LOOPBACK,
      check_type: '1',
    })
    const filter = encodeURIComponent(JSON.stringify({ host_id: host.body.id }))
    const ssh = (await admin.get(`/api/v1/resources/?filter=${filter}`)).body.result[0] as { id: number }
    // Edited at once, while the SSH check of port 22 planned at creation is starting or running.
    expect((await admin.put(`/api/v1/resources/${ssh.id}`, { check: { kind: 'tcp', config: { port: AGENT_PORT } } })).status).toBe(200)
    const row = await waitFor(async () => {
      // Now, not at the retry interval; without the fix the edited check stayed "running" and never ran again.
      await admin.post(`/api/v1/resources/${ssh.id}/reschedule`)
      await new Promise((r) => setTimeout(r, 250))
      const r = (await admin.get(`/api/v1/resources/${ssh.id}`)).body as { state: string; plugin_output: string }
      return r.state === 'ok' ? r : undefined
    }, 15_000)
    expect(row.plugin_output).toMatch(/port 6556/)
  })
})
