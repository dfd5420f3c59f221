/**
 * The figures of one host or resource over one period (SPEC §1 "uptime, state, stability", §3 Report content
 * and options): seconds in each state within the report window, and the number of state changes. Pure: the
 * store reads the state_change events and maintenance, this adds them up, so hand-made sequences test it.
 */
import type { PeriodFigures, ReportOptions } from '../api/report-configurations'

/** A state_change event (SPEC §3 Timeline event): when, the state it entered, whether HARD (SPEC §4). */
export interface StateChangeAt {
  at: number
  state: string
  hard: boolean
}

export interface SummaryInput {
  /** the stretches of the period the window covers (period.ts windowIntervals), in order */
  windows: readonly [number, number][]
  /** the state at the period's start; null when not known (never checked) */
  initial: string | null
  /** when the subject was added: time before it is undetermined, and no change counts */
  since: number
  /** the state_change events within the period, in order */
  changes: readonly StateChangeAt[]
  /** when the subject was in maintenance (SPEC §3 Maintenance), in any order, overlaps allowed */
  maintenance: readonly [number, number][]
  options: Pick<ReportOptions, 'include_soft_states' | 'scheduled_outages_as_downtime' | 'unknown_as'>
}

/** Time that is in no known state: before the first check, or before the subject existed. */
export const UNDETERMINED = 'undetermined'
/** Time in maintenance when scheduled outages count as downtime (SPEC §3 option). */
export const SCHEDULED_DOWNTIME = 'scheduled_downtime'
/** The states that are no problem (SPEC §4: UP, OK); time undetermined is none either. */
export const GOOD_STATES = ['up', 'ok'] as const
const isProblem = (state: string) => state !== UNDETERMINED && !(GOOD_STATES as readonly string[]).includes(state)

function merged(intervals: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = []
  for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1)
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else if (b > a) out.push([a, b])
  }
  return out
}

const overlap = (a: number, b: number, c: number, d: number) => Math.max(0, Math.min(b, d) - Math.max(a, c))

/** The state after `changes` from `initial` (the state at the start of the next period), as summarize reads them. */
export function stateAfter(initial: string | null, changes: readonly StateChangeAt[], options: Pick<ReportOptions, 'include_soft_states'>) {
  return changes.reduce((state, c) => (c.hard || options.include_soft_states ? c.state : state), initial)
}

export function summarize(input: SummaryInput): PeriodFigures {
  const { windows, options } = input
  const maintenance = options.scheduled_outages_as_downtime ? merged(input.maintenance) : []
  const seconds: Record<string, number> = {}
  const add = (state: string, s: number) => {
    if (s > 0) seconds[state] = (seconds[state] ?? 0) + s
  }
  const named = (s: string | null) => (s === null || s === 'pending' ? UNDETERMINED : s === 'unknown' ? options.unknown_as : s)
  const inWindow = (t: number) => windows.some(([a, b]) => t >= a && t < b)

  /** Adds [a, b) in `state`, within the windows, split at `since` and around maintenance. */
  const span = (a: number, b: number, state: string) => {
    for (const [wa, wb] of windows) {
      const start = Math.max(a, wa)
      const end = Math.min(b, wb)
      if (end <= start) continue
      const before = overlap(start, end, -Infinity, input.since)
      add(UNDETERMINED, before)
      const from = Math.max(start, input.since)
      if (end <= from) continue
      const scheduled = maintenance.reduce((sum, [ma, mb]) => sum + overlap(from, end, ma, mb), 0)
      add(SCHEDULED_DOWNTIME, scheduled)
      add(state, end - from - scheduled)
    }
  }

  const first = windows[0]?.[0] ?? 0
  const last = windows.at(-1)?.[1] ?? 0
  let state = named(input.initial)
  let t = first
  let changes = 0
  let problems = 0
  for (const c of input.changes) {
    // SPEC §3 option "include soft states": otherwise only HARD changes move the state (SPEC §4).
    if (!c.hard && !options.include_soft_states) continue
    const next = named(c.state)
    if (next === state) continue
    const at = Math.min(Math.max(c.at, first), last)
    span(t, at, state)
    if (inWindow(c.at) && c.at >= input.since) {
      changes++
      if (isProblem(next)) problems++
    }
    state = next
    t = at
  }
  span(t, last, state)
  const total = windows.reduce((sum, [a, b]) => sum + (b - a), 0)
  return { total, seconds, changes, problems }
}

/** The share of the window spent in `states` (UP, or OK), 0 for an empty window. */
export const shareOf = (f: PeriodFigures, states: readonly string[]) =>
  f.total === 0 ? 0 : states.reduce((sum, s) => sum + (f.seconds[s] ?? 0), 0) / f.total
