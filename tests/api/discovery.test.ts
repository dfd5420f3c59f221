/**
 * Issue 15 "Discover a network": an engineer sweeps a loopback range a server admin allowed for the
 * organization, sees the test's own listeners proposed with their open ports, guessed host type and parent
 * (a real SNMP agent plays the router), and adds the chosen ones as hosts that bring their checks. Refused:
 * a range past the maximum, a range the organization may not reach, another organization's sweep, a user
 * without host_write (SPEC §6), and a third sweep of one organization at once. Both databases.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import netSnmp, { type Agent } from 'net-snmp'
import { DATABASES, TEST_SECRET_KEY } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { waitFor, type Client } from '../helpers/api'
import { tcpServer, type Listening } from '../fixtures/loopback'
import { COMMUNITY, startAgent } from '../fixtures/snmp-agent'
import { secretBox } from '../../src/server/security/secrets'
import { hostSecrets } from '../../src/server/store/hosts'

// Linux routes all of 127/8 to `lo`: each address below is a machine of its own to the sweep.
const RANGE = '127.0.30.0/29'
const WINDOWS = '127.0.30.2'
const PRINTER = '127.0.30.3'
const ROUTER = '127.0.30.4'
const PORTS = [3389, 445, 9100, 5900]
const box = secretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))

let listeners: Listening[] = []
let connections = 0
let agent: Agent
let snmpPort: number

beforeAll(async () => {
  const count = (socket: net.Socket) => {
    connections++
    socket.end()
  }
  listeners = await Promise.all([tcpServer(count, WINDOWS, 3389), tcpServer(count, WINDOWS, 445), tcpServer(count, PRINTER, 9100)])
  ;({ agent, port: snmpPort } = await startAgent(ROUTER))
  const mib = agent.getMib()
  const readOnly = netSnmp.MaxAccess['read-only']
  mib.registerProvider({
    name: 'sysDescr',
    type: netSnmp.MibProviderType.Scalar,
    oid: '1.3.6.1.2.1.1.1',
    scalarType: netSnmp.ObjectType.OctetString,
    maxAccess: readOnly,
  })
  mib.registerProvider({
    name: 'sysObjectID',
    type: netSnmp.MibProviderType.Scalar,
    oid: '1.3.6.1.2.1.1.2',
    scalarType: netSnmp.ObjectType.OID,
    maxAccess: readOnly,
  })
  mib.setScalarValue('sysDescr', 'RouterOS CCR1009-7G-1C-1S+')
  mib.setScalarValue('sysObjectID', '1.3.6.1.4.1.14988.1')
})
afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()))
  agent?.close()
})

const finished = (api: Client, id: string) =>
  waitFor(async () => {
    const r = await api.get(`/api/v1/discovery/${id}`)
    return r.body.state !== 'running' && r.body
  }, 20_000)

describe.each(DATABASES)('network discovery on %s', (db) => {
  const {
    server,
    admin,
    addUser,
    tenants: { eng, other },
  } = useApiSuite(db, { tenants: { eng: 'engineer', other: 'engineer' } })
  const sweep = (api: Client, body: Record<string, unknown>) => api.post('/api/v1/discovery', body)
  let job: any

  beforeAll(async () => {
    // Issue 13 "Targets": loopback opens only where a server admin lists a network inside it.
    const allowed = await admin.put(`/api/v1/organizations/${eng.organizationId}/allowed-targets`, { networks: [RANGE], names: [] })
    expect(allowed.status).toBe(200)
  })

  it('proposes the listeners of a loopback range a server admin allowed, with their ports, guessed type and parent', async () => {
    const started = await sweep(eng.api, {
      hostgroup_id: eng.environmentId,
      cidr: '127.0.30.5/29',
      ports: PORTS,
      snmp_community: COMMUNITY,
      snmp_port: snmpPort,
    })
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ cidr: RANGE, state: 'running', total: 6, skipped: 0, snmp: true, ports: [445, 3389, 5900, 9100] })
    job = await finished(eng.api, started.body.id)
    expect(job).toMatchObject({ state: 'done', total: 6, done: 6, found: 6 })
    expect(JSON.stringify(job)).not.toContain(COMMUNITY)
    const byAddress = Object.fromEntries(job.proposals.map((p: any) => [p.address, p]))
    expect(Object.keys(byAddress)).toEqual(['127.0.30.1', WINDOWS, PRINTER, ROUTER, '127.0.30.5', '127.0.30.6'])
    expect(byAddress[WINDOWS]).toMatchObject({ ping: true, open_ports: [445, 3389], hosttype: 'windows', basis: 'ports', parent: ROUTER })
    expect(byAddress[PRINTER]).toMatchObject({ open_ports: [9100], hosttype: 'printer', basis: 'ports', parent: ROUTER })
    expect(byAddress[ROUTER]).toMatchObject({
      open_ports: [],
      snmp: { sys_descr: 'RouterOS CCR1009-7G-1C-1S+', sys_object_id: '1.3.6.1.4.1.14988.1' },
      hosttype: 'router',
      basis: 'snmp',
      parent: null,
    })
    expect(byAddress['127.0.30.5']).toMatchObject({
      ping: true,
      open_ports: [],
      snmp: null,
      hosttype: 'ping',
      basis: 'ping',
      parent: ROUTER,
    })
    expect(byAddress[WINDOWS].name).toBe(byAddress[WINDOWS].fqdn || WINDOWS)
  })

  it('adds the chosen proposals as hosts with the checks their type brings, parents first, with an answer per row', async () => {
    const r = await eng.api.post(`/api/v1/discovery/${job.id}/hosts`, {
      hosts: [
        { address: WINDOWS, name: 'win-01', hosttype: 'windows', parent: 'core-router' },
        { address: ROUTER, name: 'core-router', hosttype: 'router' },
        { address: PRINTER, name: 'core-router', hosttype: 'printer' },
        { address: '127.0.30.7', name: 'not-swept', hosttype: 'ping' },
      ],
    })
    expect(r.status).toBe(200)
    expect(r.body.added).toBe(2)
    expect(r.body.result.map((row: any) => [row.name, row.host_id !== null, row.error?.key ?? null])).toEqual([
      ['win-01', true, null],
      ['core-router', true, null],
      ['core-router', false, 'host_already_exists'],
      ['not-swept', false, 'validation_failed'],
    ])
    const win = (await eng.api.get('/api/v1/hosts/win-01')).body
    expect(win).toMatchObject({ hosttype: 'windows', ip_address: WINDOWS, parents: ['core-router'] })
    const checks = async (hostId: number) =>
      (await eng.api.get(`/api/v1/resources/?filter=${encodeURIComponent(JSON.stringify({ host_id: hostId }))}`)).body.result
        .map((x: any) => x.display_name)
        .sort()
    expect(await checks(win.id)).toEqual(['RDP', 'SMB'])
    const router = (await eng.api.get('/api/v1/hosts/core-router')).body
    expect(router.hosttype).toBe('router')
    expect(await checks(router.id)).toEqual(['Interfaces', 'Inventory', 'SNMP uptime'])
    // The community the router answered went with it, sealed, and is never returned.
    expect(await hostSecrets(server.vigil.store.db, box, router.id)).toEqual({ snmp_community: COMMUNITY })
    expect(JSON.stringify(router)).not.toContain(COMMUNITY)
    expect(await hostSecrets(server.vigil.store.db, box, win.id)).toEqual({})
    // Audit events name who added them; a second sweep marks the address as monitored already.
    const audit = (await admin.get(`/api/v1/events?types=audit_log&host_id=${win.id}`)).body.result
    expect(audit.map((e: any) => e.status)).toContain('CREATED')
    const again = await finished(eng.api, (await sweep(eng.api, { hostgroup_id: eng.environmentId, cidr: WINDOWS, ports: [3389] })).body.id)
    expect(again.proposals).toEqual([expect.objectContaining({ address: WINDOWS, existing_host: 'win-01', parent: null })])
  })

  it('refuses a range past a /22 with limit_exceeded naming the maximum, and starts nothing', async () => {
    const r = await sweep(eng.api, { hostgroup_id: eng.environmentId, cidr: '10.0.0.0/21' })
    expect(r.status).toBe(409)
    expect(r.body.error).toMatchObject({
      key: 'limit_exceeded',
      extra_info: { limit: 'discovery_addresses', maximum: 1024, addresses: 2046 },
    })
    const bad = await sweep(eng.api, { hostgroup_id: eng.environmentId, cidr: '10.0.0.0/33' })
    expect(bad.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'cidr' } })
  })

  it('refuses loopback to an organization no server admin opened it for, and nothing reaches the listeners', async () => {
    const before = connections
    const r = await sweep(other.api, { hostgroup_id: other.environmentId, cidr: RANGE, ports: PORTS })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'cidr' } })
    expect(r.body.error.extra_info.reason).toBe(`no address of ${RANGE} is allowed for this organization (loopback)`)
    expect(connections).toBe(before)
  })

  it('hides a sweep from another organization (404) and refuses users without host_write (SPEC §6: 403)', async () => {
    expect((await other.api.get(`/api/v1/discovery/${job.id}`)).body.error.key).toBe('not_found')
    expect((await other.api.get(`/api/v1/discovery/${job.id}`)).status).toBe(404)
    expect(
      (await other.api.post(`/api/v1/discovery/${job.id}/hosts`, { hosts: [{ address: WINDOWS, name: 'x', hosttype: 'ping' }] })).status,
    ).toBe(404)
    expect((await sweep(other.api, { hostgroup_id: eng.environmentId, cidr: RANGE })).body.error.key).toBe('hostgroup_not_found')
    const operator = await addUser(eng, 'operator')
    const refused = await sweep(operator.api, { hostgroup_id: eng.environmentId, cidr: RANGE })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ key: 'unauthorized', extra_info: { action: 'host_write' } })
    expect((await operator.api.get(`/api/v1/discovery/${job.id}`)).status).toBe(403)
  })

  it('runs two sweeps of an organization at once, refuses a third, and cancels a running one', async () => {
    const body = { hostgroup_id: eng.environmentId, cidr: RANGE, ports: [5900], snmp_community: 'nobody-answers' }
    const first = await sweep(eng.api, body)
    const second = await sweep(eng.api, body)
    expect([first.status, second.status]).toEqual([202, 202])
    const third = await sweep(eng.api, body)
    expect(third.body.error).toMatchObject({ key: 'limit_exceeded', extra_info: { limit: 'discovery_sweeps', maximum: 2 } })
    for (const id of [first.body.id, second.body.id]) expect((await eng.api.del(`/api/v1/discovery/${id}`)).status).toBe(204)
    expect((await eng.api.get(`/api/v1/discovery/${first.body.id}`)).body.state).toBe('cancelled')
    expect((await sweep(eng.api, body)).status).toBe(202)
    // Deleting a finished (here: cancelled) sweep forgets it.
    expect((await eng.api.del(`/api/v1/discovery/${first.body.id}`)).status).toBe(204)
    expect((await eng.api.get(`/api/v1/discovery/${first.body.id}`)).status).toBe(404)
  })
})
