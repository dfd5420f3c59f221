/**
 * SPEC §9 report presets (this and last week, month, year; day), report-content presets (yesterday, last week,
 * month, quarter, year) and windows (24/7, service hours).
 */
import { describe, expect, it } from 'vitest'
import { reportSpan, windowIntervals } from '../../../../src/shared/report-figures/period'

const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) / 1000

describe('report periods (SPEC §9 presets)', () => {
  it('starts this week on Monday and compares it with as long a stretch of last week', () => {
    const now = at(2026, 1, 7, 12) // Wednesday noon
    expect(reportSpan('weekly', 'this', now)).toEqual({
      from: at(2026, 1, 5),
      to: now,
      previous_from: at(2025, 12, 29),
      previous_to: at(2025, 12, 31, 12),
    })
  })

  it('takes last week, month and year whole, compared with the whole one before', () => {
    const now = at(2026, 3, 4, 9)
    expect(reportSpan('weekly', 'last', now)).toEqual({
      from: at(2026, 2, 23),
      to: at(2026, 3, 2),
      previous_from: at(2026, 2, 16),
      previous_to: at(2026, 2, 23),
    })
    expect(reportSpan('monthly', 'last', now)).toEqual({
      from: at(2026, 2, 1),
      to: at(2026, 3, 1),
      previous_from: at(2026, 1, 1),
      previous_to: at(2026, 2, 1),
    })
    expect(reportSpan('yearly', 'last', now)).toEqual({
      from: at(2025, 1, 1),
      to: at(2026, 1, 1),
      previous_from: at(2024, 1, 1),
      previous_to: at(2025, 1, 1),
    })
    expect(reportSpan('daily', 'last', now)).toEqual({
      from: at(2026, 3, 3),
      to: at(2026, 3, 4),
      previous_from: at(2026, 3, 2),
      previous_to: at(2026, 3, 3),
    })
  })

  it('never lets the previous stretch of a long month run into this one', () => {
    const now = at(2026, 3, 31, 12)
    expect(reportSpan('monthly', 'this', now)).toMatchObject({
      from: at(2026, 3, 1),
      previous_from: at(2026, 2, 1),
      previous_to: at(2026, 3, 1),
    })
  })

  it('takes a report-content preset as the last whole calendar period, whatever the report period', () => {
    const now = at(2026, 3, 4, 9) // Wednesday 4 March 2026
    for (const period of ['daily', 'weekly', 'monthly', 'yearly'] as const) {
      expect(reportSpan(period, 'yesterday', now)).toEqual({
        from: at(2026, 3, 3),
        to: at(2026, 3, 4),
        previous_from: at(2026, 3, 2),
        previous_to: at(2026, 3, 3),
      })
      expect(reportSpan(period, 'last_week', now)).toEqual({
        from: at(2026, 2, 23),
        to: at(2026, 3, 2),
        previous_from: at(2026, 2, 16),
        previous_to: at(2026, 2, 23),
      })
      expect(reportSpan(period, 'last_month', now)).toEqual({
        from: at(2026, 2, 1),
        to: at(2026, 3, 1),
        previous_from: at(2026, 1, 1),
        previous_to: at(2026, 2, 1),
      })
      // The first quarter runs on; the last whole one is the fourth of 2025, compared with the third.
      expect(reportSpan(period, 'last_quarter', now)).toEqual({
        from: at(2025, 10, 1),
        to: at(2026, 1, 1),
        previous_from: at(2025, 7, 1),
        previous_to: at(2025, 10, 1),
      })
      expect(reportSpan(period, 'last_year', now)).toEqual({
        from: at(2025, 1, 1),
        to: at(2026, 1, 1),
        previous_from: at(2024, 1, 1),
        previous_to: at(2025, 1, 1),
      })
    }
  })

  it('reads quarters from January, April, July and October, across the turn of the year', () => {
    expect(reportSpan('weekly', 'last_quarter', at(2026, 8, 15, 12))).toEqual({
      from: at(2026, 4, 1),
      to: at(2026, 7, 1),
      previous_from: at(2026, 1, 1),
      previous_to: at(2026, 4, 1),
    })
    // On the first second of a quarter the one just ended is the last whole one.
    expect(reportSpan('weekly', 'last_quarter', at(2026, 4, 1))).toMatchObject({ from: at(2026, 1, 1), to: at(2026, 4, 1) })
    // Yesterday of 1 January is 31 December, compared with 30 December.
    expect(reportSpan('monthly', 'yesterday', at(2026, 1, 1, 0))).toEqual({
      from: at(2025, 12, 31),
      to: at(2026, 1, 1),
      previous_from: at(2025, 12, 30),
      previous_to: at(2025, 12, 31),
    })
  })

  it('keeps service hours to Monday–Friday 08:00–18:00 UTC, skipping the weekend', () => {
    expect(windowIntervals(at(2026, 1, 9), at(2026, 1, 12, 12), 'service_hours')).toEqual([
      [at(2026, 1, 9, 8), at(2026, 1, 9, 18)],
      [at(2026, 1, 12, 8), at(2026, 1, 12, 12)],
    ])
    expect(windowIntervals(at(2026, 1, 9), at(2026, 1, 12, 12), '24x7')).toEqual([[at(2026, 1, 9), at(2026, 1, 12, 12)]])
  })
})
