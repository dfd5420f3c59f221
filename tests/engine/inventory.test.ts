import { cpus, networkInterfaces, totalmem } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCheck } from '../../src/server/engine/checks'
import { inventory } from '../../src/server/engine/checks/inventory'
import { LOOPBACK } from '../fixtures/loopback'
import { SNMPD_COMMUNITY, SYS_LOCATION, startSnmpd, type Snmpd } from '../fixtures/snmpd'

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
      output: 'INVENTORY UNKNOWN - the host has no SNMP community: set its secret snmp_community',
      perfdata: [],
    })
  })
})
