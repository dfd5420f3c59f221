/**
 * `sensors`: a host's environmental sensors of one type (humidity, temperature), read over SNMP from the standard
 * ENTITY-SENSOR-MIB (RFC 3433) with each sensor's name from ENTITY-MIB's entPhysicalTable, checked against Nagios
 * threshold ranges. The SPEC §3 check option `humidity` brings it for humidity. Like `snmp`, it asks with the host's
 * sealed community or SNMPv3 user (snmp-agent.ts), which never appears in output.
 */
import type { Session } from 'net-snmp'
import { z } from 'zod'
import { perfItem, type PerfItem } from '../../../shared/perfdata'
import { evaluate, parseRange, ThresholdText, type ThresholdRange } from '../../../shared/thresholds'
import { failure, HostField, PortField, worstState } from './common'
import { withAgent } from './snmp-agent'
import { getRows, num, text, walkTable } from './snmp-table'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult, type ExitStatus } from './types'

/**
 * What each sensor type reads: its EntitySensorDataType, the output's first word, the unit shown after a value, the
 * perfdata unit and the levels a check without its own uses.
 */
const SENSOR_TYPES = {
  humidity: {
    type: 9, // percentRH
    word: 'HUMIDITY',
    unit: ' %RH',
    uom: '%',
    range: { min: 0, max: 100 },
    // Critical outside 20–80 %RH, ASHRAE TC 9.9's allowable humidity for class A1 data-centre equipment (Thermal
    // Guidelines for Data Processing Environments, 2008); warning outside 30–70 %RH, the narrower band server
    // rooms are usually kept in, so that a drift shows before the equipment's limits are reached.
    warn: '30:70',
    crit: '20:80',
  },
  temperature: {
    type: 8, // celsius
    word: 'TEMPERATURE',
    unit: ' °C',
    // The Nagios guidelines' units have none for temperature: a plain number.
    uom: '',
    range: { min: null, max: null },
    // Above ASHRAE's allowable inlet air for class A1 (32 °C), as a device's own sensors, inside it or at its
    // exhaust, read warmer than the air it takes in: warning above 35 °C, critical above 40 °C.
    warn: '~:35',
    crit: '~:40',
  },
} as const

export const SensorsConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  port: PortField.default(161),
  /** Refused: a community in plain check configuration would be readable (issue 13, review M4). */
  community: z.never({ error: "an SNMP community is a host secret: set the host's secrets.snmp_community instead" }).optional(),
  /** which sensors to check */
  sensor: z.enum(['humidity', 'temperature']).default('humidity'),
  /** Nagios ranges each sensor's value is checked against; each defaults to the sensor type's (SENSOR_TYPES) */
  warn: ThresholdText.optional(),
  crit: ThresholdText.optional(),
})
export type SensorsConfig = z.infer<typeof SensorsConfig>

// RFC 3433 entPhySensorEntry, indexed by ENTITY-MIB's entPhysicalIndex (RFC 6933), and that table's entry.
const SENSOR_ENTRY = '1.3.6.1.2.1.99.1.1.1'
const SENSOR = { type: 1, scale: 2, precision: 3, value: 4, operStatus: 5 }
const PHYSICAL_ENTRY = '1.3.6.1.2.1.47.1.1.1.1'
const PHYSICAL = { descr: 2, name: 7 }

/** A chassis lists hundreds of sensors (a transceiver has five): the type column is searched this far… */
const SENSOR_ROWS_MAX = 1024
/** …and this many sensors of the type are read and reported, so that one check cannot flood its output or graphs. */
const SENSORS_MAX = 64

// EntitySensorDataScale yocto(1) … yotta(17) as powers of ten. RFC 3433's comments give exa(14) 10^15 and peta(15)
// 10^18, a slip (Cisco corrected its copy of the MIB in 2020): the SI names win, exa 10^18 and peta 10^15.
const SCALE_EXPONENT = [0, -24, -21, -18, -15, -12, -9, -6, -3, 0, 3, 6, 9, 12, 18, 15, 21, 24]

// EntitySensorStatus: ok(1), unavailable(2), nonoperational(3).
const UNAVAILABLE = 2
const NONOPERATIONAL = 3
// EntitySensorValue: ±1000000000 is an underflow or overflow of a fixed-point reading, not a value.
const OUT_OF_RANGE = 1_000_000_000

interface Reading {
  name: string
  /** in the sensor type's unit (%RH, °C); null when there is none to trust */
  value: number | null
  status: ExitStatus
  /** why there is no value: unavailable, nonoperational, … */
  problem?: string
}

/**
 * The reading in the sensor type's unit: value × 10^scale, with `precision` (1 to 9) decimal places. A precision of
 * 0 or below shifts nothing (RFC 3433 EntitySensorPrecision: -8 to -1 count the accurate digits, 0 is no fixed point).
 */
function sensorValue(value: number, scale: number | null, precision: number | null): number {
  const places = precision !== null && precision > 0 ? precision : 0
  // A decimal exponent in a numeric literal rounds once: 455e-1 is 45.5, where 455 * 0.1 is 45.50000000000001.
  return Number(`${value}e${(SCALE_EXPONENT[scale ?? 9] ?? 0) - places}`)
}

/**
 * One sensor's reading and status. A sensor the agent calls nonoperational (RFC 3433: "believes the sensor is
 * broken", a cut wire or wild readings) is CRITICAL: the room it watches goes unwatched until someone repairs it.
 * One it calls unavailable ("presently cannot obtain the sensor value") is UNKNOWN: there is no reading to judge,
 * and a passing hiccup should not page anyone.
 */
function read(name: string, row: (number | null)[], warn: ThresholdRange | null, crit: ThresholdRange | null): Reading {
  const [scale, precision, value, operStatus] = row
  if (operStatus === NONOPERATIONAL) return { name, value: null, status: 2, problem: 'nonoperational' }
  if (operStatus === UNAVAILABLE) return { name, value: null, status: 3, problem: 'unavailable' }
  if (value === null) return { name, value: null, status: 3, problem: 'no value' }
  if (Math.abs(value) >= OUT_OF_RANGE) return { name, value: null, status: 3, problem: value > 0 ? 'overflow' : 'underflow' }
  const reading = sensorValue(value, scale, precision)
  return { name, value: reading, status: evaluate(reading, warn, crit) }
}

/** A perfdata label from a sensor's name: no quote or `=`, which end a label in perfdata text; one label per sensor. */
function labels(names: string[], indexes: string[]): string[] {
  const seen = new Set<string>()
  return names.map((name, i) => {
    let label = name.replace(/['=]/g, '_').replace(/\s+/g, ' ')
    if (seen.has(label)) label = `${label} #${indexes[i]}`
    seen.add(label)
    return label
  })
}

async function check(session: Session, where: string, config: SensorsConfig): Promise<CheckResult> {
  const def = SENSOR_TYPES[config.sensor]
  const types = await walkTable(session, SENSOR_ENTRY, SENSOR_ROWS_MAX, SENSOR.type)
  const found = [...types.table].filter(([, columns]) => num(columns.get(SENSOR.type) ?? null) === def.type).map(([index]) => index)
  const searched = types.truncated ? `first ${SENSOR_ROWS_MAX} sensors searched` : ''
  if (!found.length)
    return failure(3, `${def.word} UNKNOWN - no ${config.sensor} sensor in ENTITY-SENSOR-MIB on ${where}${searched && ` (${searched})`}`)
  const indexes = found.slice(0, SENSORS_MAX)
  const notes = [found.length > indexes.length ? `first ${indexes.length} of ${found.length}` : '', searched].filter(Boolean)
  const rows = await getRows(session, indexes, (index) => [
    ...[SENSOR.scale, SENSOR.precision, SENSOR.value, SENSOR.operStatus].map((column) => `${SENSOR_ENTRY}.${column}.${index}`),
    `${PHYSICAL_ENTRY}.${PHYSICAL.name}.${index}`,
  ])
  const names = rows.map((row) => text(row[4]) || null)
  // entPhysicalDescr only for the sensors without a name: a description can be long, a name rarely is.
  const unnamed = indexes.filter((_, i) => !names[i])
  const descriptions = new Map(
    (await getRows(session, unnamed, (index) => [`${PHYSICAL_ENTRY}.${PHYSICAL.descr}.${index}`])).map((row, i) => [
      unnamed[i],
      text(row[0]),
    ]),
  )
  const shown = indexes.map((index, i) => names[i] ?? (descriptions.get(index) || `sensor ${index}`))
  const warn = parseRange(config.warn ?? def.warn)
  const crit = parseRange(config.crit ?? def.crit)
  const readings = rows.map((row, i) => read(shown[i], row.slice(0, 4).map(num), warn, crit))
  const status = worstState(readings.map((r) => r.status))
  const perfdata: PerfItem[] = labels(shown, indexes).map((label, i) =>
    perfItem(label, readings[i].value, def.uom, { warn, crit, ...def.range }),
  )
  const parts = readings.map(
    (r) => `${r.name} ${r.problem ?? `${r.value}${def.unit}`}${r.status === 0 ? '' : ` (${STATUS_WORD[r.status]})`}`,
  )
  const count = `${indexes.length} sensor${indexes.length === 1 ? '' : 's'}`
  const cut = notes.length ? ` (${notes.join(', ')})` : ''
  return { status, output: `${def.word} ${STATUS_WORD[status]} - ${count}${cut}: ${parts.join(', ')}`, perfdata }
}

function sensorsOf(config: SensorsConfig, ctx: CheckContext): Promise<CheckResult> {
  return withAgent(
    {
      label: SENSOR_TYPES[config.sensor].word,
      host: config.host ?? ctx.address,
      port: config.port,
      retries: 1,
      timeoutMs: Math.min(ctx.timeoutMs, 5000),
      ask: (session, where) => check(session, where, config),
    },
    ctx,
  )
}

export const sensors: CheckKind<SensorsConfig> = { kind: 'sensors', config: SensorsConfig, usesSecrets: true, run: sensorsOf }
