/**
 * `snmp`: an SNMP v2c GET of one OID with Nagios threshold ranges (SPEC §3 host admin field "SNMP
 * community"), after monitoring-plugins' check_snmp. The community is a secret (DESIGN.md "Secrets"):
 * it is the host's sealed secret `snmp_community`, opened for the run (issue 13), never part of a check's
 * configuration, and it goes into the request and nowhere else, never into output or errors.
 */
import net from 'node:net'
import netSnmp, { type Varbind } from 'net-snmp'
import { z } from 'zod'
import { perfItem } from '../../../shared/perfdata'
import { evaluate, parseRange, ThresholdText } from '../../../shared/thresholds'
import { failure, HostField, PortField, stopReason } from './common'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult } from './types'
import { throughPolicy } from './reach'

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
  const community = ctx.secrets.snmp_community
  if (!community) return Promise.resolve(failure(3, 'SNMP UNKNOWN - the host has no SNMP community: set its secret snmp_community'))
  const host = config.host ?? ctx.address
  return throughPolicy('SNMP', host, ctx, (address) => askAgent(config, community, host, address, ctx))
}

/** The GET sent to `address`, the checked address of `host`. */
function askAgent(config: SnmpConfig, community: string, host: string, address: string, ctx: CheckContext): Promise<CheckResult> {
  return new Promise((resolve) => {
    const oid = config.oid.replace(/^\./, '')
    const where = `${host} port ${config.port}`
    const session = netSnmp.createSession(address, community, {
      port: config.port,
      version: netSnmp.Version2c,
      retries: 0,
      timeout: ctx.timeoutMs,
      transport: net.isIPv6(address) ? 'udp6' : 'udp4',
    })
    let settled = false
    const settle = (result: CheckResult) => {
      if (settled) return
      settled = true
      stop()
      session.close()
      resolve(result)
    }
    const stop = ctx.onStop(() => settle(failure(2, `SNMP CRITICAL - ${stopReason(ctx)} waiting for ${where}`)))
    session.on('error', (error) => settle(failure(2, `SNMP CRITICAL - ${where}: ${error.message}`)))
    session.get([oid], (error, varbinds) => {
      // An agent silently drops a wrong community, so a timeout names both causes.
      if (error?.name === 'RequestTimedOutError')
        return settle(failure(2, `SNMP CRITICAL - no response from ${where} (agent down or community refused)`))
      if (error) return settle(failure(2, `SNMP CRITICAL - ${where}: ${error.message}`))
      const varbind = varbinds[0]
      if (netSnmp.isVarbindError(varbind))
        return settle(failure(3, `SNMP UNKNOWN - ${oid} on ${where}: ${netSnmp.varbindError(varbind).split(':')[0]}`))
      settle(judge(config, oid, decode(varbind)))
    })
  })
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
