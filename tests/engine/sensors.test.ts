import type { Agent } from 'net-snmp'
import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { sensors, SensorsConfig } from '../../src/server/engine/checks/sensors'
import { LOOPBACK } from '../fixtures/loopback'
import { COMMUNITY, startSensorAgent, type AgentSensor } from '../fixtures/snmp-agent'

const HUMIDITY = 9
const CELSIUS = 8
const inlet = (value: number, more: Partial<AgentSensor> = {}): AgentSensor => ({
  index: 1001,
  type: HUMIDITY,
  value,
  name: 'Rack 7 inlet',
  ...more,
})
const outlet = (value: number, more: Partial<AgentSensor> = {}): AgentSensor => ({
  index: 1002,
  type: HUMIDITY,
  value,
  name: 'Rack 7 outlet',
  ...more,
})
const cpu: AgentSensor = { index: 2001, type: CELSIUS, value: 31, name: 'CPU' }

// The sensors kind's levels for humidity: warning outside 30–70 %RH, critical outside 20–80 %RH.
const HUMIDITY_LEVELS = { warn: { start: 30, end: 70, inside: false }, crit: { start: 20, end: 80, inside: false } }

// SPEC §3 check option `humidity`: the host's humidity sensors, read from ENTITY-SENSOR-MIB (RFC 3433) by a real agent.
describe('sensors check', () => {
  let agent: Agent | undefined
  let port: number
  const start = async (list: AgentSensor[]) => {
    ;({ agent, port } = await startSensorAgent(list))
  }
  // Issue 13: the community is the host's sealed secret, opened by the engine for the run.
  const run = (config: Omit<z.input<typeof SensorsConfig>, 'port' | 'community'> = {}, community = COMMUNITY, timeoutMs = 2000) =>
    runCheck(sensors, sensors.config.parse({ port, ...config }), { timeoutMs, address: LOOPBACK, secrets: { snmp_community: community } })

  afterEach(async () => {
    const closing = agent
    agent = undefined
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
  })

  it('reports each humidity sensor by name, with perfdata, and leaves the temperature sensors out', async () => {
    await start([inlet(45), cpu, outlet(48)])
    expect(await run()).toEqual({
      status: 0,
      output: 'HUMIDITY OK - 2 sensors: Rack 7 inlet 45 %RH, Rack 7 outlet 48 %RH',
      perfdata: [
        { label: 'Rack 7 inlet', value: 45, uom: '%', unit: '%', ...HUMIDITY_LEVELS, min: 0, max: 100 },
        { label: 'Rack 7 outlet', value: 48, uom: '%', unit: '%', ...HUMIDITY_LEVELS, min: 0, max: 100 },
      ],
    })
    const temperature = await run({ sensor: 'temperature' })
    expect(temperature).toMatchObject({ status: 0, output: 'TEMPERATURE OK - 1 sensor: CPU 31 °C' })
    expect(temperature.perfdata).toEqual([
      {
        label: 'CPU',
        value: 31,
        uom: '',
        unit: '',
        warn: { start: null, end: 35, inside: false },
        crit: { start: null, end: 40, inside: false },
        min: null,
        max: null,
      },
    ])
  })

  it('warns outside 30–70 %RH and is critical outside 20–80 %RH, the worst sensor deciding', async () => {
    await start([inlet(75), outlet(15)])
    expect(await run()).toMatchObject({
      status: 2,
      output: 'HUMIDITY CRITICAL - 2 sensors: Rack 7 inlet 75 %RH (WARNING), Rack 7 outlet 15 %RH (CRITICAL)',
    })
    expect(await run({ crit: '10:90' })).toMatchObject({ status: 1, output: expect.stringMatching(/^HUMIDITY WARNING - /) })
    expect((await run({ warn: '10:90', crit: '5:95' })).status).toBe(0)
  })

  it('applies each sensor’s precision and scale, and names it by description or index without a name', async () => {
    await start([
      inlet(455, { precision: 1 }),
      // milli(8): 52000 × 10^-3
      { index: 1003, type: HUMIDITY, value: 52000, scale: 8, descr: 'Humidity probe B' },
      { index: 1004, type: HUMIDITY, value: 50 },
    ])
    const result = await run()
    expect(result.output).toBe('HUMIDITY OK - 3 sensors: Rack 7 inlet 45.5 %RH, Humidity probe B 52 %RH, sensor 1004 50 %RH')
    expect(result.perfdata.map((p) => [p.label, p.value])).toEqual([
      ['Rack 7 inlet', 45.5],
      ['Humidity probe B', 52],
      ['sensor 1004', 50],
    ])
  })

  it('gives sensors of the same name a perfdata label each, without characters that end a label', async () => {
    await start([inlet(45, { name: "Door='A'" }), outlet(48, { name: "Door='A'" })])
    expect((await run()).perfdata.map((p) => p.label)).toEqual(['Door__A_', 'Door__A_ #1002'])
  })

  it('is UNKNOWN, naming what is missing, when the host has no humidity sensor', async () => {
    await start([cpu])
    expect(await run()).toEqual({
      status: 3,
      output: `HUMIDITY UNKNOWN - no humidity sensor in ENTITY-SENSOR-MIB on ${LOOPBACK} port ${port}`,
      perfdata: [],
    })
  })

  it('is CRITICAL for a sensor the agent calls nonoperational and UNKNOWN for one it cannot read', async () => {
    await start([inlet(45, { status: 3 }), outlet(48)])
    const broken = await run()
    expect(broken).toMatchObject({
      status: 2,
      output: 'HUMIDITY CRITICAL - 2 sensors: Rack 7 inlet nonoperational (CRITICAL), Rack 7 outlet 48 %RH',
    })
    expect(broken.perfdata.map((p) => p.value)).toEqual([null, 48])
  })

  it('is UNKNOWN for a sensor whose value is unavailable', async () => {
    await start([inlet(45, { status: 2 }), outlet(48)])
    expect(await run()).toMatchObject({
      status: 3,
      output: 'HUMIDITY UNKNOWN - 2 sensors: Rack 7 inlet unavailable (UNKNOWN), Rack 7 outlet 48 %RH',
    })
  })

  it('reads at most 64 sensors of a large chassis and says so', async () => {
    await start(Array.from({ length: 70 }, (_, i) => ({ index: 3000 + i, type: HUMIDITY, value: 40 + (i % 10), name: `Probe ${i}` })))
    const result = await run()
    expect(result.status).toBe(0)
    expect(result.output).toMatch(/^HUMIDITY OK - 64 sensors \(first 64 of 70\): Probe 0 40 %RH, /)
    expect(result.perfdata).toHaveLength(64)
  })

  it('is CRITICAL without revealing the community when the agent stays silent', async () => {
    await start([inlet(45)])
    const result = await run({}, 'wrong-community', 300)
    expect(result.status).toBe(2)
    expect(result.output).toMatch(/^HUMIDITY CRITICAL - (no response from|timed out after 0\.3 s)/)
    expect(result.output).not.toContain('wrong-community')
    expect(result.output).not.toContain(COMMUNITY)
  })

  it('is UNKNOWN, sending nothing, when the host has no sealed community', async () => {
    const result = await runCheck(sensors, sensors.config.parse({}), { timeoutMs: 2000, address: LOOPBACK })
    expect(result).toEqual({
      status: 3,
      output: 'HUMIDITY UNKNOWN - the host has no SNMP community or SNMPv3 user: set its secret snmp_community or snmp_v3_user',
      perfdata: [],
    })
  })

  it('refuses a community in its configuration', () => {
    expect(sensors.config.safeParse({ community: 'public' }).success).toBe(false)
  })
})
