import { cpus, networkInterfaces, totalmem } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCheck } from '../../src/server/engine/checks'
import { inventory } from '../../src/server/engine/checks/inventory'
import { LOOPBACK } from '../fixtures/loopback'
import { snmp } from '../../src/server/engine/checks/snmp'
import { COMMUNITY, startDiskAgent } from '../fixtures/snmp-agent'
import { SNMPD_COMMUNITY, SNMPD_V3, SNMPD_V3_AUTH_ONLY, SYS_LOCATION, startSnmpd, type Snmpd } from '../fixtures/snmpd'

// SPEC §3 asset sections and "snmp (required) … checked for backup and inventory": a real snmpd on loopback.
describe('inventory check', () => {
  let agent: Snmpd
  const run = (secrets: Record<string, string>, timeoutMs = 10_000) =>
    runCheck(inventory, inventory.config.parse({ port: agent.port }), { timeoutMs, address: LOOPBACK, secrets })

  beforeAll(async () => {
    agent = await startSnmpd()
  })
  afterAll(() => agent?.close())

  it('collects the system, interfaces, addresses and storage the agent reports', async () => {
    const result = await run({ snmp_community: SNMPD_COMMUNITY })
    expect(result.status).toBe(0)
    const found = result.inventory!
    expect(found.system).toEqual([
      expect.objectContaining({ location: SYS_LOCATION, contact: 'noc@example.com', description: expect.stringMatching(/^Linux /) }),
    ])
    expect(found.system![0].uptime_s).toBeGreaterThanOrEqual(0)
    // This machine's own interfaces and IPv4 addresses, as the kernel lists them.
    const kernel = networkInterfaces()
    const names = found.interfaces!.map((i) => i.name)
    expect(names).toEqual(expect.arrayContaining(Object.keys(kernel)))
    expect(found.interfaces!.find((i) => i.name === 'lo')).toMatchObject({ type: 'softwareLoopback', oper_status: 'up', mtu: 65536 })
    const ipv4 = Object.entries(kernel).flatMap(([name, list]) =>
      (list ?? []).filter((a) => a.family === 'IPv4').map((a) => ({ address: a.address, netmask: a.netmask, interface: name })),
    )
    expect(found.addresses).toEqual(expect.arrayContaining(ipv4))
    // HOST-RESOURCES-MIB: the machine's processors and memory, and its routing table.
    expect(found.cpu!.length).toBe(cpus().length)
    expect(found.cpu![0].description).toEqual(expect.any(String))
    expect(found.memory).toEqual([{ total_bytes: totalmem() }])
    expect(found.routes!.length).toBeGreaterThan(0)
    for (const route of found.routes!) expect(Object.keys(kernel)).toContain(route.interface)
    expect(found.storage!.find((s) => s.type === 'ram')).toMatchObject({ description: 'Physical memory' })
    expect(found.storage!.find((s) => s.type === 'ram')!.size_bytes).toBeGreaterThan(0)
    expect(result.output).toBe(
      `INVENTORY OK - ${found.system![0].name}: ${found.interfaces!.length} interfaces, ${found.addresses!.length} addresses, ${found.storage!.length} storage areas`,
    )
  })

  it('is CRITICAL without naming the community when the agent does not answer it', async () => {
    const result = await run({ snmp_community: 'wrong-community' }, 1200)
    expect(result.status).toBe(2)
    expect(result.output).toMatch(/no response from|timed out/)
    expect(result.output).not.toContain('wrong-community')
    expect(result.inventory).toBeUndefined()
  })

  it('is UNKNOWN and asks nothing without a community', async () => {
    expect(await run({})).toEqual({
      status: 3,
      output: 'INVENTORY UNKNOWN - the host has no SNMP community or SNMPv3 user: set its secret snmp_community or snmp_v3_user',
      perfdata: [],
    })
  })

  // SNMPv3 (RFC 3414 USM): the host's user and passphrases instead of a community, which they win over.
  it('reads the agent as an SNMPv3 user with authentication and privacy', async () => {
    const v3 = {
      snmp_community: 'not-used',
      snmp_v3_user: SNMPD_V3.user,
      snmp_v3_auth_protocol: 'sha256',
      snmp_v3_auth_password: SNMPD_V3.auth,
      snmp_v3_priv_protocol: 'aes',
      snmp_v3_priv_password: SNMPD_V3.priv,
    }
    const result = await run(v3)
    expect(result.status).toBe(0)
    expect(result.inventory!.system).toEqual([expect.objectContaining({ location: SYS_LOCATION })])

    const wrong = await run({ ...v3, snmp_v3_auth_password: 'not-the-passphrase' }, 1500)
    expect(wrong.status).toBe(2)
    expect(wrong.output).toMatch(/Wrong Digest|no response from .* \(agent down or SNMPv3 user refused\)/)
    expect(wrong.output).not.toContain('not-the-passphrase')
  })

  it('checks an OID as an SNMPv3 user with authentication only', async () => {
    const secrets = { snmp_v3_user: SNMPD_V3_AUTH_ONLY.user, snmp_v3_auth_protocol: 'sha', snmp_v3_auth_password: SNMPD_V3_AUTH_ONLY.auth }
    const uptime = await runCheck(snmp, snmp.config.parse({ port: agent.port, oid: '1.3.6.1.2.1.1.3.0', label: 'uptime' }), {
      timeoutMs: 5000,
      address: LOOPBACK,
      secrets,
    })
    expect(uptime.status).toBe(0)
    expect(uptime.perfdata[0]).toMatchObject({ label: 'uptime', value: expect.any(Number) })
    // Privacy asked of a user the agent knows without it: refused.
    const refused = await runCheck(snmp, snmp.config.parse({ port: agent.port, oid: '1.3.6.1.2.1.1.3.0' }), {
      timeoutMs: 1500,
      address: LOOPBACK,
      secrets: { ...secrets, snmp_v3_priv_password: 'some-privacy-pass' },
    })
    expect(refused.status).toBe(2)
  })

  it('lists the disks among the devices with their medium and capacity (hrDiskStorageTable)', async () => {
    const disks = await startDiskAgent([
      { index: 1025, descr: 'Fixed Disk', media: 3, removable: false, capacity_kb: 468_749_312 },
      { index: 1026, descr: 'DVD-ROM', media: 5, removable: true, capacity_kb: 0 },
    ])
    try {
      const result = await runCheck(inventory, inventory.config.parse({ port: disks.port }), {
        timeoutMs: 5000,
        address: LOOPBACK,
        secrets: { snmp_community: COMMUNITY },
      })
      expect(result.status).toBe(0)
      const none = { vendor: null, model: null, serial_number: null, interface: null }
      expect(result.inventory!.disks).toEqual([
        { name: 'Fixed Disk', ...none, media: 'hardDisk', size_bytes: 468_749_312 * 1024 },
        { name: 'DVD-ROM', ...none, media: 'opticalDiskROM, removable', size_bytes: 0 },
      ])
      // The processor is a device, not a disk.
      expect(result.inventory!.cpu).toEqual([{ index: 768, description: 'Intel Xeon Silver 4310', load_percent: null }])
    } finally {
      disks.agent.close()
    }
  })

  it('asks no disk table of an agent without disks', async () => {
    expect((await run({ snmp_community: SNMPD_COMMUNITY })).inventory!.disks).toBeUndefined()
  })
})
