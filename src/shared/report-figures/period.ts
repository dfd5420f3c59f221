/**
 * When a report looks (SPEC §9 report presets "last and this week, month, year", and day for daily reports;
 * report-content presets "yesterday, last week, month, quarter, year"): the range, the one its trend compares
 * with, and the report window within them. Times are unix seconds in UTC; weeks start on Monday (ISO 8601),
 * quarters on 1 January, April, July and October.
 */
import type { ReportContentPreset, ReportPeriod, ReportRange, ReportWindow } from '../api/report-configurations'

/**
 * Vigil's reading of SPEC §9 "service hours" (SPEC gives no hours): Monday to Friday, 08:00 to 18:00 UTC.
 */
export const SERVICE_HOURS = { days: [1, 2, 3, 4, 5], from_hour: 8, to_hour: 18 } as const

const DAY = 86_400

/** A calendar period: a report's period, or the quarter of the report-content presets. */
type CalendarPeriod = ReportPeriod | 'quarterly'

/** SPEC §9 report-content presets: the calendar period each one takes the last whole one of. */
const CONTENT_PRESET_PERIOD = {
  yesterday: 'daily',
  last_week: 'weekly',
  last_month: 'monthly',
  last_quarter: 'quarterly',
  last_year: 'yearly',
} as const satisfies Record<ReportContentPreset, CalendarPeriod>

/** Start of the period holding `t`, and of the one `steps` before or after it. */
function periodStart(period: CalendarPeriod, t: number, steps = 0): number {
  const d = new Date(t * 1000)
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()]
  const at = (...args: [number, number, number]) => Math.floor(Date.UTC(...args) / 1000)
  switch (period) {
    case 'daily':
      return at(y, m, day + steps)
    case 'weekly':
      return at(y, m, day - ((d.getUTCDay() + 6) % 7) + 7 * steps)
    case 'monthly':
      return at(y, m + steps, 1)
    case 'quarterly':
      return at(y, m - (m % 3) + 3 * steps, 1)
    case 'yearly':
      return at(y + steps, 0, 1)
  }
}

export interface ReportSpan {
  from: number
  to: number
  previous_from: number
  previous_to: number
}

/**
 * `this`: from the start of the report's current period to now, compared with as long a stretch from the start of
 * the period before; `last`: the report's last whole period, compared with the whole one before it; a
 * report-content preset: the last whole calendar period it names (yesterday, last week, …), compared with the whole
 * one before it, whatever the report's period.
 */
export function reportSpan(period: ReportPeriod, range: ReportRange, now: number): ReportSpan {
  if (range === 'this') {
    const current = periodStart(period, now)
    const previous_from = periodStart(period, now, -1)
    return { from: current, to: now, previous_from, previous_to: Math.min(current, previous_from + (now - current)) }
  }
  return lastWhole(range === 'last' ? period : CONTENT_PRESET_PERIOD[range], now)
}

/** The last whole `period` before the one holding `now`, and the whole one before that. */
function lastWhole(period: CalendarPeriod, now: number): ReportSpan {
  const from = periodStart(period, now, -1)
  return { from, to: periodStart(period, now), previous_from: periodStart(period, now, -2), previous_to: from }
}

/** The stretches of [from, to) the window covers, in order. */
export function windowIntervals(from: number, to: number, window: ReportWindow): [number, number][] {
  if (to <= from) return []
  if (window === '24x7') return [[from, to]]
  const out: [number, number][] = []
  for (let day = Math.floor(from / DAY) * DAY; day < to; day += DAY) {
    if (!(SERVICE_HOURS.days as readonly number[]).includes(new Date(day * 1000).getUTCDay())) continue
    const start = Math.max(from, day + SERVICE_HOURS.from_hour * 3600)
    const end = Math.min(to, day + SERVICE_HOURS.to_hour * 3600)
    if (end > start) out.push([start, end])
  }
  return out
}

/**
 * The standby hours of [from, to): the time outside service hours (evenings, nights and weekends), when an
 * engineer on standby answers problems (SPEC §3 standby-summary, host option "standby"), in order.
 */
export function standbyIntervals(from: number, to: number): [number, number][] {
  const out: [number, number][] = []
  let t = from
  for (const [a, b] of windowIntervals(from, to, 'service_hours')) {
    if (a > t) out.push([t, a])
    t = b
  }
  if (to > t) out.push([t, to])
  return out
}
