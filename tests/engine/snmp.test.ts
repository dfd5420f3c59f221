import type { Agent } from 'net-snmp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { snmp, SnmpConfig } from '../../src/server/engine/checks/snmp'
import { LOOPBACK } from '../fixtures/loopback'
import { BASE, COMMUNITY, startAgent } from '../fixtures/snmp-agent'

// SPEC §3 host admin field "SNMP community"; issue 3: v2c get of an OID with thresholds.
describe('snmp check', () => {
  let agent: Agent
  let port: number
  // Issue 13: the community is the host's sealed secret, opened by the engine for the run.
  const run = (config: Omit<z.input<typeof SnmpConfig>, 'port' | 'community'> & { community?: string }, timeoutMs = 2000) => {
    const { community = COMMUNITY, ...rest } = config
    return runCheck(snmp, snmp.config.parse({ port, ...rest }), { timeoutMs, address: LOOPBACK, secrets: { snmp_community: community } })
  }

  beforeAll(async () => {
    ;({ agent, port } = await startAgent())
  })
  afterAll(() => new Promise<void>((resolve) => agent.close(() => resolve())))

  it('reads a numeric value and reports it as perfdata', async () => {
    const result = await run({ oid: `${BASE}.1.0`, label: 'load', uom: '%' })
    expect(result).toEqual({
      status: 0,
      output: `SNMP OK - load ${BASE}.1.0 = 42%`,
      perfdata: [{ label: 'load', value: 42, uom: '%', unit: '%', warn: null, crit: null, min: null, max: null }],
    })
  })

  it('applies Nagios threshold ranges to the value', async () => {
    expect((await run({ oid: `${BASE}.1.0`, warn: '40', crit: '50' })).status).toBe(1)
    expect((await run({ oid: `${BASE}.1.0`, warn: '40', crit: '@40:45' })).status).toBe(2)
    expect((await run({ oid: `${BASE}.1.0`, warn: '~:50', crit: '10:' })).status).toBe(0)
  })

  it('decodes Counter64 and text values', async () => {
    expect((await run({ oid: `${BASE}.3.0` })).perfdata[0].value).toBe(2 ** 32)
    expect(await run({ oid: `${BASE}.2.0` })).toMatchObject({ status: 0, output: `SNMP OK - ${BASE}.2.0 = "rack-7"` })
    const result = await run({ oid: `${BASE}.2.0`, crit: '10' })
    expect(result.status).toBe(3)
    expect(result.output).toContain('is not numeric')
  })

  it('is UNKNOWN for an OID the agent does not have', async () => {
    const result = await run({ oid: `${BASE}.9.0` })
    expect(result.status).toBe(3)
    expect(result.output).toMatch(new RegExp(`^SNMP UNKNOWN - ${BASE}\\.9\\.0 on ${LOOPBACK} port ${port}: NoSuch`))
  })

  it('is CRITICAL without revealing the community when the agent stays silent', async () => {
    const result = await run({ oid: `${BASE}.1.0`, community: 'wrong-community' }, 300)
    expect(result.status).toBe(2)
    expect(result.output).toMatch(/no response from|timed out after 0\.3 s/)
    expect(result.output).not.toContain('wrong-community')
    expect(result.output).not.toContain(COMMUNITY)
  })

  it('is UNKNOWN, sending nothing, when the host has no sealed community', async () => {
    const result = await runCheck(snmp, snmp.config.parse({ port, oid: `${BASE}.1.0` }), { timeoutMs: 2000, address: LOOPBACK })
    expect(result).toEqual({
      status: 3,
      output: 'SNMP UNKNOWN - the host has no SNMP community or SNMPv3 user: set its secret snmp_community or snmp_v3_user',
      perfdata: [],
    })
  })
})
