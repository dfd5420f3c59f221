/**
 * `ping`: ICMP echo through the system's `ping` (iputils), SPEC §3 host type "ping" and the default
 * host check. Unprivileged processes may not open raw ICMP sockets, and the setuid/capability `ping`
 * binary is the sanctioned way round that, so this kind forks one short process per check by design.
 * Thresholds and perfdata follow monitoring-plugins' check_ping (`check-host-alive`: 3000 ms/80 %,
 * 5000 ms/100 %).
 */
import { z } from 'zod'
import { perfItem } from '../../../shared/perfdata'
import { failure, HostField, stopReason } from './common'
import { runChild } from './child'
import { STATUS_WORD, type CheckContext, type CheckKind, type CheckResult, type ExitStatus } from './types'
import { throughPolicy } from './reach'

export const PingConfig = z.object({
  /** defaults to the host's address */
  host: HostField.optional(),
  packets: z.number().int().min(1).max(20).default(5),
  // Unset thresholds follow the organization's (issue 15 Settings), then check_ping's defaults (summarise).
  warn_rta_ms: z.number().positive().optional(),
  crit_rta_ms: z.number().positive().optional(),
  warn_pl: z.number().min(0).max(100).optional(),
  crit_pl: z.number().min(0).max(100).optional(),
})
export type PingConfig = z.infer<typeof PingConfig>

interface Limits {
  warn_rta_ms: number
  crit_rta_ms: number
  warn_pl: number
  crit_pl: number
}

const TRANSMITTED = /(\d+) packets transmitted, (\d+) received/
const LOSS = /([\d.]+)% packet loss/
const RTT = /= ([\d.]+)\/([\d.]+)\/([\d.]+)/
// The sandbox or container forbids ICMP: our environment's fault, not the target's.
const NOT_PERMITTED = /not permitted|permission denied/i

function verdict(config: Limits, loss: number, rtaMs: number | null): ExitStatus {
  // check_ping compares with >=, unlike threshold ranges.
  if (loss >= config.crit_pl || (rtaMs !== null && rtaMs >= config.crit_rta_ms)) return 2
  if (loss >= config.warn_pl || (rtaMs !== null && rtaMs >= config.warn_rta_ms)) return 1
  return 0
}

function summarise(given: PingConfig, host: string, stdout: string, stderr: string): CheckResult {
  const config: Limits = {
    warn_rta_ms: given.warn_rta_ms ?? 3000,
    crit_rta_ms: given.crit_rta_ms ?? 5000,
    warn_pl: given.warn_pl ?? 80,
    crit_pl: given.crit_pl ?? 100,
  }
  const sent = TRANSMITTED.exec(stdout)
  if (!sent) {
    const why = (stderr || stdout).trim().split('\n').pop() || 'ping printed no statistics'
    const status = NOT_PERMITTED.test(why) ? 3 : 2
    return failure(status, `PING ${STATUS_WORD[status]} - ${host}: ${why}`)
  }
  const loss = Number(LOSS.exec(stdout)?.[1] ?? 100)
  const rtt = RTT.exec(stdout)
  const rtaMs = rtt ? Number(rtt[2]) : null
  const status = verdict(config, loss, rtaMs)
  const perfdata = [
    perfItem('pl', loss, '%', {
      warn: { start: 0, end: config.warn_pl, inside: false },
      crit: { start: 0, end: config.crit_pl, inside: false },
      min: 0,
    }),
  ]
  if (rtaMs !== null)
    perfdata.unshift(
      perfItem('rta', rtaMs, 'ms', {
        warn: { start: 0, end: config.warn_rta_ms, inside: false },
        crit: { start: 0, end: config.crit_rta_ms, inside: false },
        min: 0,
      }),
    )
  const rta = rtaMs === null ? '' : `, RTA = ${rtaMs.toFixed(2)} ms`
  return { status, output: `PING ${STATUS_WORD[status]} - ${host}: Packet loss = ${loss}%${rta}`, perfdata }
}

function runPing(config: PingConfig, ctx: CheckContext): Promise<CheckResult> {
  const host = config.host ?? ctx.address
  return throughPolicy('PING', host, ctx, (address) => pingAddress(config, host, address, ctx))
}

/** Pings `address`, the checked address of `host`. */
async function pingAddress(config: PingConfig, host: string, address: string, ctx: CheckContext): Promise<CheckResult> {
  // ping's own deadline ends it a second before our timeout so that it still prints its statistics.
  const deadline = Math.max(1, Math.ceil(ctx.timeoutMs / 1000) - 1)
  const args = ['-n', '-q', '-c', String(config.packets), '-i', '0.2', '-w', String(deadline), '--', address]
  const r = await runChild('ping', args, ctx)
  if (r.kind === 'stopped') return failure(2, `PING CRITICAL - ${host}: ${stopReason(ctx)}`)
  if (r.kind === 'error') {
    return failure(
      3,
      r.error.code === 'ENOENT'
        ? 'PING UNKNOWN - the ping binary was not found; install iputils-ping'
        : `PING UNKNOWN - cannot run ping: ${r.error.message}`,
    )
  }
  return summarise(config, host, r.stdout, r.stderr)
}

export const ping: CheckKind<PingConfig> = { kind: 'ping', config: PingConfig, run: runPing }
