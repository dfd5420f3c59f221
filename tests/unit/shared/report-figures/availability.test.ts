/**
 * SPEC §1 report figures (uptime, state, stability, standby) and SPEC §3 options from hand-built state_change sequences;
 * each expected figure is worked out by hand in the comment beside it.
 */
import { describe, expect, it } from 'vitest'
import { shareOf, stateAfter, summarize, type SummaryInput } from '../../../../src/shared/report-figures/availability'
import { standbyIntervals, windowIntervals } from '../../../../src/shared/report-figures/period'

const T = Date.UTC(2026, 0, 5) / 1000 // Monday 5 January 2026, 00:00 UTC
const HOUR = 3600
const options = { include_soft_states: false, scheduled_outages_as_downtime: false, unknown_as: 'unknown' as const }
const base: SummaryInput = { windows: [[T, T + 24 * HOUR]], initial: 'up', since: 0, changes: [], maintenance: [], options }
const pct = (x: number) => Math.round(x * 100_000) / 1000

describe('report figures (SPEC §1 uptime, state and stability summaries)', () => {
  it('counts a two-hour outage in a day as 91.667 % up and 8.333 % down, with two state changes', () => {
    const f = summarize({
      ...base,
      changes: [
        { at: T + 6 * HOUR, state: 'down', hard: true },
        { at: T + 8 * HOUR, state: 'up', hard: true },
      ],
    })
    // 22 h of 24 up: 79,200 s = 91.667 %; 2 h down: 7,200 s = 8.333 %.
    expect(f).toEqual({ total: 86_400, seconds: { up: 79_200, down: 7_200 }, changes: 2, problems: 1 })
    expect([pct(shareOf(f, ['up'])), pct(shareOf(f, ['down']))]).toEqual([91.667, 8.333])
  })

  it('moves the state only on HARD changes unless soft states are included (SPEC §3 option, §4)', () => {
    const input: SummaryInput = {
      ...base,
      windows: [[T, T + HOUR]],
      initial: 'ok',
      changes: [
        { at: T + 1000, state: 'critical', hard: false },
        { at: T + 1060, state: 'critical', hard: true },
        { at: T + 1300, state: 'ok', hard: true },
        // a soft problem that recovers before it turns hard never leaves OK in hard-state reporting
        { at: T + 2000, state: 'warning', hard: false },
        { at: T + 2100, state: 'ok', hard: false },
      ],
    }
    // HARD only: critical 1060–1300 = 240 s, OK 3,360 s = 93.333 %; two changes.
    const hard = summarize(input)
    expect(hard).toEqual({ total: 3600, seconds: { ok: 3360, critical: 240 }, changes: 2, problems: 1 })
    expect(pct(shareOf(hard, ['ok']))).toBe(93.333)
    // With soft states: critical 1000–1300 = 300 s, warning 2000–2100 = 100 s, OK 3,200 s = 88.889 %; four changes, two into a problem.
    const soft = summarize({ ...input, options: { ...options, include_soft_states: true } })
    expect(soft).toEqual({ total: 3600, seconds: { ok: 3200, critical: 300, warning: 100 }, changes: 4, problems: 2 })
    expect(pct(shareOf(soft, ['ok']))).toBe(88.889)
  })

  it('counts time in maintenance as scheduled downtime only with "scheduled outages as downtime" (SPEC §3)', () => {
    const input: SummaryInput = {
      ...base,
      windows: [[T, T + HOUR]],
      changes: [
        { at: T + 600, state: 'down', hard: true },
        { at: T + 1800, state: 'up', hard: true },
      ],
      // two overlapping maintenance rows: 0–900 and 300–1200 are one stretch of 1,200 s
      maintenance: [
        [T + 300, T + 1200],
        [T - 500, T + 900],
      ],
    }
    // Off: up 0–600 and 1800–3600 = 2,400 s (66.667 %), down 600–1800 = 1,200 s.
    expect(summarize(input).seconds).toEqual({ up: 2400, down: 1200 })
    // On: 0–1200 scheduled, down 1200–1800 = 600 s, up 1800–3600 = 1,800 s (50 %).
    const on = summarize({ ...input, options: { ...options, scheduled_outages_as_downtime: true } })
    expect(on.seconds).toEqual({ scheduled_downtime: 1200, down: 600, up: 1800 })
    expect(pct(shareOf(on, ['up']))).toBe(50)
  })

  it('reads UNKNOWN as the chosen state (SPEC §3 "unknown state treated as")', () => {
    const input: SummaryInput = {
      ...base,
      windows: [[T, T + HOUR]],
      initial: 'ok',
      changes: [
        { at: T + 900, state: 'unknown', hard: true },
        { at: T + 1800, state: 'ok', hard: true },
      ],
    }
    expect(summarize(input)).toEqual({ total: 3600, seconds: { ok: 2700, unknown: 900 }, changes: 2, problems: 1 })
    expect(summarize({ ...input, options: { ...options, unknown_as: 'critical' } }).seconds).toEqual({ ok: 2700, critical: 900 })
    // As OK, the UNKNOWN spell is no change at all.
    expect(summarize({ ...input, options: { ...options, unknown_as: 'ok' } })).toEqual({
      total: 3600,
      seconds: { ok: 3600 },
      changes: 0,
      problems: 0,
    })
  })

  it('leaves the time before the host was added, or before its first check, undetermined', () => {
    // Added half-way: 1,800 s undetermined, 1,800 s up (50 % up).
    expect(summarize({ ...base, windows: [[T, T + HOUR]], since: T + 1800 }).seconds).toEqual({ undetermined: 1800, up: 1800 })
    // Never checked until 600: pending counts as undetermined; the first result is a change.
    const f = summarize({ ...base, windows: [[T, T + HOUR]], initial: 'pending', changes: [{ at: T + 600, state: 'down', hard: true }] })
    expect(f).toEqual({ total: 3600, seconds: { undetermined: 600, down: 3000 }, changes: 1, problems: 1 })
  })

  it('adds up service hours only: an outage from 07:00 to 09:00 costs one hour of the ten (SPEC §9 windows)', () => {
    const windows = windowIntervals(T, T + 24 * HOUR, 'service_hours')
    expect(windows).toEqual([[T + 8 * HOUR, T + 18 * HOUR]])
    const f = summarize({
      ...base,
      windows,
      changes: [
        { at: T + 7 * HOUR, state: 'down', hard: true },
        { at: T + 9 * HOUR, state: 'up', hard: true },
      ],
    })
    // 08:00–09:00 down = 3,600 s, 09:00–18:00 up = 32,400 s: 90 % up; only the 09:00 change is in the window.
    expect(f).toEqual({ total: 36_000, seconds: { down: 3600, up: 32_400 }, changes: 1, problems: 0 })
    expect(pct(shareOf(f, ['up']))).toBe(90)
  })

  it('carries the state across periods: the state after one period starts the next', () => {
    const changes = [
      { at: T + 10, state: 'down', hard: true },
      { at: T + 20, state: 'unreachable', hard: false },
    ]
    expect(stateAfter('up', changes, options)).toBe('down')
    expect(stateAfter('up', changes, { include_soft_states: true })).toBe('unreachable')
    expect(stateAfter(null, [], options)).toBeNull()
  })

  it('adds up the standby hours: nights and the weekend, the problems that began in them (SPEC §3 standby-summary)', () => {
    // Friday 9 January 2026 00:00 to Sunday 11 January 00:00: standby 00–08 and 18–24 on Friday, all Saturday.
    const friday = T + 4 * 24 * HOUR
    const windows = standbyIntervals(friday, friday + 48 * HOUR)
    expect(windows).toEqual([
      [friday, friday + 8 * HOUR],
      [friday + 18 * HOUR, friday + 48 * HOUR],
    ])
    const f = summarize({
      ...base,
      windows,
      changes: [
        { at: friday + 3 * HOUR, state: 'down', hard: true }, // 03:00–04:00 in standby: one problem, 3,600 s
        { at: friday + 4 * HOUR, state: 'up', hard: true },
        { at: friday + 12 * HOUR, state: 'down', hard: true }, // noon, service hours: neither counted nor timed
        { at: friday + 13 * HOUR, state: 'up', hard: true },
        { at: friday + 30 * HOUR, state: 'unreachable', hard: true }, // Saturday 06:00–06:30: one problem, 1,800 s
        { at: friday + 30.5 * HOUR, state: 'up', hard: true },
      ],
    })
    // 38 h of standby: 3,600 s down, 1,800 s unreachable, the rest (131,400 s) up; four changes, two of them problems.
    expect(f).toEqual({ total: 38 * HOUR, seconds: { up: 131_400, down: 3600, unreachable: 1800 }, changes: 4, problems: 2 })
  })
})
