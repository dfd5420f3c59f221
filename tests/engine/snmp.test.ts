import dgram from 'node:dgram'
import netSnmp, { type Agent } from 'net-snmp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { snmp, SnmpConfig } from '../../src/server/engine/checks/snmp'
import { LOOPBACK } from '../fixtures/loopback'

const COMMUNITY = 'vigil-s3cret'
const BASE = '1.3.6.1.4.1.99999'

/**
 * A real SNMP agent (net-snmp's) on an ephemeral UDP port: net-snmp treats port 0 as "default 161",
 * so its documented `dgramModule` option hands it sockets that bind port 0 instead.
 */
async function startAgent(): Promise<{ agent: Agent; port: number }> {
  let bound: Promise<number> | undefined
  const dgramModule = {
    createSocket: (type: dgram.SocketType) => {
      const socket = dgram.createSocket(type)
      const bind = socket.bind.bind(socket) as (port: number, address?: string) => dgram.Socket
      socket.bind = ((_port: number, address?: string) => {
        bound = new Promise((resolve) => socket.once('listening', () => resolve(socket.address().port)))
        return bind(0, address ?? undefined)
      }) as typeof socket.bind
      return socket
    },
  }
  const agent = netSnmp.createAgent({ address: LOOPBACK, dgramModule }, () => {})
  agent.getAuthorizer().addCommunity(COMMUNITY)
  const mib = agent.getMib()
  const readOnly = netSnmp.MaxAccess['read-only']
  mib.registerProvider({ name: 'load', type: netSnmp.MibProviderType.Scalar, oid: `${BASE}.1`, scalarType: netSnmp.ObjectType.Integer, maxAccess: readOnly })
  mib.registerProvider({ name: 'label', type: netSnmp.MibProviderType.Scalar, oid: `${BASE}.2`, scalarType: netSnmp.ObjectType.OctetString, maxAccess: readOnly })
  mib.registerProvider({ name: 'octets', type: netSnmp.MibProviderType.Scalar, oid: `${BASE}.3`, scalarType: netSnmp.ObjectType.Counter64, maxAccess: readOnly })
  mib.setScalarValue('load', 42)
  mib.setScalarValue('label', 'rack-7')
  mib.setScalarValue('octets', Buffer.from([0, 0, 0, 0x01, 0, 0, 0, 0]))
  return { agent, port: await bound! }
}

// SPEC §3 host admin field "SNMP community"; issue 3: v2c get of an OID with thresholds.
describe('snmp check', () => {
  let agent: Agent
  let port: number
  const run = (config: Omit<z.input<typeof SnmpConfig>, 'port' | 'community'> & { community?: string }, timeoutMs = 2000) =>
    runCheck(snmp, snmp.config.parse({ community: COMMUNITY, port, ...config }), { timeoutMs, address: LOOPBACK })

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
})
