/**
 * The CPU utilisation of a Checkmk agent's host (Checkmk's "CPU utilization" service), a rate of two readings of
 * counters that count from boot: Linux's `cpu` line of /proc/stat in <<<kernel>>> (jiffies spent per state) and
 * Windows' processor counters in <<<winperf_processor>>> (100 ns ticks: idle `-232`, an inverse timer, user `-96`,
 * privileged `-94`; the `_Total` column is their average over the cores). The run keeps its reading as the check's
 * memo; the first run, and one after the counters restarted (a reboot), has only the reading, so the rate follows
 * with the next check. No levels unless the check or its organization sets them, as in Checkmk.
 */
import { perfItem, type PerfItem } from '../../../shared/perfdata'
import { fieldsOf, type AgentOutput } from './checkmk-output'
import type { CheckMemo, ExitStatus } from './types'

interface Reading {
  /** the agent's clock, seconds */
  at: number
  cores: number
  /** counters by what they count; on Linux they add up to all the time there was */
  counters: Record<string, number>
}

/** What each counter is called in the output line. */
const SHARE_WORDS: Record<string, string> = { user: 'user', system: 'system', iowait: 'I/O wait', steal: 'steal', privileged: 'privileged' }
/** Windows' counters tick every 100 ns. */
const WINDOWS_TICKS_PER_S = 1e7
const WINDOWS_COUNTERS: Record<string, string> = { '-232': 'idle', '-96': 'user', '-94': 'privileged' }

function linuxReading(output: AgentOutput): Reading | null {
  const section = output.get('kernel')
  if (!section?.lines.length) return null
  const rows = section.lines.map((line) => fieldsOf(section, line))
  const total = rows.find((f) => f[0] === 'cpu')
  if (!total || total.length < 5) return null
  // user nice system idle iowait irq softirq steal (guest time is part of user already)
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = total.slice(1, 9).map(Number)
  const counters = { user: user + nice, system: system + irq + softirq, iowait, steal, idle }
  if (!Object.values(counters).every(Number.isFinite)) return null
  return { at: Number(rows[0][0]), cores: Math.max(1, rows.filter((f) => /^cpu\d+$/.test(f[0])).length), counters }
}

function windowsReading(output: AgentOutput): Reading | null {
  const section = output.get('winperf_processor')
  if (!section?.lines.length) return null
  const rows = section.lines.map((line) => fieldsOf(section, line))
  const counters: Record<string, number> = {}
  let cores = 1
  for (const f of rows.slice(1)) {
    const name = WINDOWS_COUNTERS[f[0]]
    // key, one column per core, _Total, counter type
    if (!name || f.length < 4) continue
    counters[name] = Number(f[f.length - 2])
    cores = f.length - 3
  }
  if (counters.idle === undefined || !Object.values(counters).every(Number.isFinite)) return null
  return { at: Number(rows[0][0]), cores, counters }
}

const memoOf = (os: string, r: Reading): CheckMemo =>
  Object.fromEntries([[`${os}.at`, r.at], ...Object.entries(r.counters).map(([k, v]) => [`${os}.${k}`, v])])

/** Percent of the time between the readings per counter, or null when they cannot be compared. */
function shares(os: 'linux' | 'windows', now: Reading, memo: CheckMemo | undefined): Record<string, number> | null {
  const before = (k: string) => memo?.[`${os}.${k}`]
  const elapsed = now.at - (before('at') ?? NaN)
  const deltas = Object.entries(now.counters).map(([k, v]) => [k, v - (before(k) ?? NaN)] as const)
  if (!(elapsed > 0) || deltas.some(([, d]) => !(d >= 0))) return null
  const whole = os === 'linux' ? deltas.reduce((sum, [, d]) => sum + d, 0) : elapsed * WINDOWS_TICKS_PER_S
  if (!(whole > 0)) return null
  // Timing jitter of the agent's clock can make a share a little over 100 (Checkmk clamps too).
  return Object.fromEntries(deltas.map(([k, d]) => [k, Math.min(100, (d / whole) * 100)]))
}

export interface CpuUtilisation {
  status: ExitStatus
  text: string
  perfdata: PerfItem[]
  memo: CheckMemo
}

const pct = (n: number) => `${Number(n.toFixed(1))} %`

/** The utilisation since the previous reading (`memo`), judged against the levels; null when the agent reports no counters. */
export function cpuUtilisation(
  output: AgentOutput,
  levels: { warn?: number; crit?: number },
  memo: CheckMemo | undefined,
): CpuUtilisation | null {
  const linux = linuxReading(output)
  const os = linux ? 'linux' : 'windows'
  const now = linux ?? windowsReading(output)
  if (!now) return null
  const next = memoOf(os, now)
  const share = shares(os, now, memo)
  if (!share) {
    const restarted = memo?.[`${os}.at`] !== undefined
    return {
      status: 0,
      text: `CPU utilisation from the next check on${restarted ? ' (the counters restarted)' : ''}`,
      perfdata: [],
      memo: next,
    }
  }
  const { idle, ...busy } = share
  const util = Math.max(0, 100 - idle)
  const { warn, crit } = levels
  const status: ExitStatus = crit !== undefined && util >= crit ? 2 : warn !== undefined && util >= warn ? 1 : 0
  const limitText = status ? ` (${status === 2 ? 'critical' : 'warning'} at ${status === 2 ? crit : warn} %)` : ''
  // The output names what took the time; the perfdata has every share, zero or not.
  const parts = Object.entries(busy)
    .filter(([k, v]) => v > 0 || k === 'user')
    .map(([k, v]) => `${SHARE_WORDS[k]} ${pct(v)}`)
  const range = (limit: number | undefined) => (limit === undefined ? undefined : { start: 0, end: limit, inside: false })
  return {
    status,
    text: `CPU utilisation ${pct(util)} on ${now.cores} ${now.cores === 1 ? 'core' : 'cores'}${limitText} (${parts.join(', ')})`,
    perfdata: [
      perfItem('cpu_util', Number(util.toFixed(2)), '%', { warn: range(warn), crit: range(crit), min: 0, max: 100 }),
      ...Object.entries(busy).map(([k, v]) => perfItem(`cpu_${k}`, Number(v.toFixed(2)), '%', { min: 0, max: 100 })),
    ],
    memo: next,
  }
}
