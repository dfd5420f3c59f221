import { describe, expect, it } from 'vitest'
import { i18n } from '../../../../src/app/i18n/i18n'
import { monthGrid, mondayIndex, sameDay } from '../../../../src/ui/date/calendar'
import {
  addMonths,
  formatDateTime,
  fromUnix,
  parseDateTime,
  roundToStep,
  startOfMinute,
  toUnix,
  withDay,
  withTime,
} from '../../../../src/ui/date/date-time'
import { MAINTENANCE_PRESETS, PAST_PRESETS } from '../../../../src/ui/date/presets'

const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s)

describe('date format DD-MM-YYYY HH:mm:ss, 24-hour (SPEC §2, §9 Date-range)', () => {
  it('formats with leading zeros and 24-hour time', () => {
    expect(formatDateTime(at(2025, 3, 7, 9, 5, 3))).toBe('07-03-2025 09:05:03')
    expect(formatDateTime(at(2025, 12, 31, 23, 59, 59))).toBe('31-12-2025 23:59:59')
  })

  it('parses what it formats, and typed text without seconds', () => {
    const d = at(2025, 3, 7, 21, 45, 10)
    expect(parseDateTime(formatDateTime(d))?.getTime()).toBe(d.getTime())
    expect(parseDateTime(' 7-3-2025 21:45 ')?.getTime()).toBe(at(2025, 3, 7, 21, 45).getTime())
  })

  it('refuses text that is not a real date and time', () => {
    for (const bad of [
      '31-02-2025 10:00:00',
      '01-13-2025 10:00',
      '01-01-2025 24:00',
      '01-01-2025 10:60',
      '2025-01-01 10:00',
      '',
      '01-01-2025',
      '01-01-2025 10:00:61',
    ]) {
      expect(parseDateTime(bad), bad).toBeNull()
    }
  })

  it('rounds to the 5-minute step down and up, leaving times on the step alone', () => {
    expect(roundToStep(at(2025, 1, 1, 10, 7, 30), 'down')).toEqual(at(2025, 1, 1, 10, 5))
    expect(roundToStep(at(2025, 1, 1, 10, 7, 30), 'up')).toEqual(at(2025, 1, 1, 10, 10))
    expect(roundToStep(at(2025, 1, 1, 10, 10), 'up')).toEqual(at(2025, 1, 1, 10, 10))
    expect(roundToStep(at(2025, 1, 1, 10, 10, 1), 'up')).toEqual(at(2025, 1, 1, 10, 15))
    expect(roundToStep(at(2025, 1, 1, 23, 58), 'up')).toEqual(at(2025, 1, 2, 0, 0))
  })

  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(addMonths(at(2025, 1, 31, 8), 1)).toEqual(at(2025, 2, 28, 8))
    expect(addMonths(at(2024, 1, 31), 1)).toEqual(at(2024, 2, 29))
    expect(addMonths(at(2025, 3, 31), -1)).toEqual(at(2025, 2, 28))
    expect(addMonths(at(2025, 11, 15), 3)).toEqual(at(2026, 2, 15))
  })

  it('converts to and from unix seconds and sets day or time', () => {
    expect(toUnix(fromUnix(1700000000))).toBe(1700000000)
    expect(toUnix(new Date(1700000000999))).toBe(1700000000)
    expect(startOfMinute(at(2025, 1, 1, 10, 7, 30))).toEqual(at(2025, 1, 1, 10, 7))
    expect(withTime(at(2025, 1, 1, 10, 7, 30), 23, 55)).toEqual(at(2025, 1, 1, 23, 55))
    expect(withDay(at(2025, 1, 1, 10, 7), at(2025, 6, 30))).toEqual(at(2025, 6, 30, 10, 7))
  })
})

describe('calendar weeks start on Monday (SPEC §2, §5)', () => {
  it('numbers Monday 0 and Sunday 6', () => {
    expect(mondayIndex(at(2025, 9, 1))).toBe(0) // a Monday
    expect(mondayIndex(at(2025, 9, 7))).toBe(6) // a Sunday
  })

  it('lays a month out in Monday-first weeks padded with the months around it', () => {
    const grid = monthGrid(2025, 8) // September 2025 starts on a Monday
    expect(grid[0][0]).toEqual(at(2025, 9, 1))
    expect(grid).toHaveLength(5)
    const june = monthGrid(2025, 5) // June 2025 starts on a Sunday
    expect(june[0][0]).toEqual(at(2025, 5, 26))
    expect(june[0][6]).toEqual(at(2025, 6, 1))
    expect(june).toHaveLength(6)
    for (const week of [...grid, ...june]) {
      expect(week).toHaveLength(7)
      expect(mondayIndex(week[0])).toBe(0)
    }
  })

  it('compares days regardless of time', () => {
    expect(sameDay(at(2025, 1, 1, 0), at(2025, 1, 1, 23, 59))).toBe(true)
    expect(sameDay(at(2025, 1, 1), at(2025, 1, 2))).toBe(false)
  })
})

describe('date-range presets (SPEC §9)', () => {
  const now = at(2025, 1, 31, 10, 7, 42)

  it('has the maintenance presets next 2 h, 4 h, 1 day, 1 week, 1 month, 1 year, from the current minute', () => {
    const start = at(2025, 1, 31, 10, 7)
    expect(MAINTENANCE_PRESETS.map((p) => p.id)).toEqual(['next-2h', 'next-4h', 'next-1d', 'next-1w', 'next-1mo', 'next-1y'])
    expect(MAINTENANCE_PRESETS.map((p) => p.range(now))).toEqual([
      { start, end: at(2025, 1, 31, 12, 7) },
      { start, end: at(2025, 1, 31, 14, 7) },
      { start, end: new Date(start.getTime() + 86400_000) },
      { start, end: new Date(start.getTime() + 7 * 86400_000) },
      { start, end: at(2025, 2, 28, 10, 7) },
      { start, end: at(2026, 1, 31, 10, 7) },
    ])
  })

  it('has the past presets 2 h, 4 h, 1 day, 1 week, 1 month, 3 months, 6 months, 1 year, up to now', () => {
    expect(PAST_PRESETS.map((p) => p.id)).toEqual([
      'past-2h',
      'past-4h',
      'past-1d',
      'past-1w',
      'past-1mo',
      'past-3mo',
      'past-6mo',
      'past-1y',
    ])
    const ranges = PAST_PRESETS.map((p) => p.range(now))
    for (const r of ranges) expect(r.end).toEqual(now)
    expect(ranges.map((r) => r.start)).toEqual([
      at(2025, 1, 31, 8, 7, 42),
      at(2025, 1, 31, 6, 7, 42),
      new Date(now.getTime() - 86400_000),
      new Date(now.getTime() - 7 * 86400_000),
      at(2024, 12, 31, 10, 7, 42),
      at(2024, 10, 31, 10, 7, 42),
      at(2024, 7, 31, 10, 7, 42),
      at(2024, 1, 31, 10, 7, 42),
    ])
  })

  it('labels every preset from the catalogue', () => {
    for (const p of [...MAINTENANCE_PRESETS, ...PAST_PRESETS]) expect(i18n.exists(p.labelKey), p.labelKey).toBe(true)
  })
})
