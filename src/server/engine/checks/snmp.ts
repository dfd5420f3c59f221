/**
 * `snmp`: an SNMP v2c GET of one OID with Nagios threshold ranges (SPEC §3 host admin field "SNMP
 * community"), after monitoring-plugins' check_snmp. The community is a secret (DESIGN.md "Secrets"):
 * it is the host's sealed secret `snmp_community`, opened for the run (issue 13), never part of a check's
 * configuration, and it goes into the request and nowhere else, never into output or errors.
 */
import netSnmp, { type Varbind } from 'net-snmp'
import { z } from 'zod'
import { perfItem } from '../../../shared/perfdata'
import { evaluate, parseRange, ThresholdText } from '../../../shared/thresholds'
import { failure, HostField, PortField } from './common'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult } from './types'
import { withAgent } from './snmp-agent'

export const SnmpConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  port: PortField.default(161),
  /** Refused: a community in plain check configuration would be readable (issue 13, review M4). */
  community: z.never({ error: "an SNMP community is a host secret: set the host's secrets.snmp_community instead" }).optional(),
  oid: z.string().regex(/^\.?\d+(\.\d+)+$/, 'numeric OID expected, e.g. 1.3.6.1.2.1.1.3.0'),
  /** Nagios ranges (`10`, `10:`, `~:10`, `@10:20`) the numeric value is checked against */
  warn: ThresholdText.optional(),
  crit: ThresholdText.optional(),
  /** perfdata label and unit of measurement for the value */
  label: z.string().min(1).default('value'),
  uom: z.string().default(''),
})
export type SnmpConfig = z.infer<typeof SnmpConfig>

const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/

/** The varbind's value as a number where it is one, else as text. */
function decode(varbind: Varbind): number | string {
  const { value, type } = varbind
  if (typeof value === 'number') return value
  if (Buffer.isBuffer(value)) {
    if (type === netSnmp.ObjectType.Counter64) {
      let n = 0n
      for (const byte of value) n = (n << 8n) | BigInt(byte)
      return Number(n)
    }
    const text = value.toString('utf8')
    return NUMERIC.test(text) ? Number(text) : text
  }
  return String(value)
}

function getOid(config: SnmpConfig, ctx: CheckContext): Promise<CheckResult> {
  const oid = config.oid.replace(/^\./, '')
  return withAgent(
    {
      label: 'SNMP',
      host: config.host ?? ctx.address,
      port: config.port,
      retries: 0,
      timeoutMs: ctx.timeoutMs,
      ask: (session, where) =>
        new Promise((resolve, reject) =>
          session.get([oid], (error, varbinds) => {
            if (error) return reject(error)
            const varbind = varbinds[0]
            if (netSnmp.isVarbindError(varbind))
              return resolve(failure(3, `SNMP UNKNOWN - ${oid} on ${where}: ${netSnmp.varbindError(varbind).split(':')[0]}`))
            resolve(judge(config, oid, decode(varbind)))
          }),
        ),
    },
    ctx,
  )
}

function judge(config: SnmpConfig, oid: string, value: number | string): CheckResult {
  const warn = config.warn === undefined ? null : parseRange(config.warn)
  const crit = config.crit === undefined ? null : parseRange(config.crit)
  if (typeof value === 'string') {
    if (warn || crit) return failure(3, `SNMP UNKNOWN - ${oid} = "${value}" is not numeric, thresholds cannot apply`)
    return { status: 0, output: `SNMP OK - ${oid} = "${value}"`, perfdata: [] }
  }
  const status = evaluate(value, warn, crit)
  return {
    status,
    output: `SNMP ${STATUS_WORD[status]} - ${config.label} ${oid} = ${value}${config.uom}`,
    perfdata: [perfItem(config.label, value, config.uom, { warn, crit })],
  }
}

export const snmp: CheckKind<SnmpConfig> = { kind: 'snmp', config: SnmpConfig, usesSecrets: true, run: getOid }
