/**
 * SPEC §9 "Date-range" presets. The picker takes the preset list as a prop, so reports can pass their own
 * (last and this week, month, year) next to these two lists.
 */
import { addMinutes, addMonths, startOfMinute } from './date-time'

export interface DateRange {
  start: Date
  end: Date
}

export interface DatePreset {
  id: string
  /** i18n key of the button text. */
  labelKey: string
  range(now: Date): DateRange
}

type Span = { minutes: number } | { months: number }

const SPANS = {
  '2h': { minutes: 120 },
  '4h': { minutes: 240 },
  '1d': { minutes: 24 * 60 },
  '1w': { minutes: 7 * 24 * 60 },
  '1mo': { months: 1 },
  '3mo': { months: 3 },
  '6mo': { months: 6 },
  '1y': { months: 12 },
} satisfies Record<string, Span>
type SpanId = keyof typeof SPANS

function shift(d: Date, span: Span, sign: 1 | -1): Date {
  return 'months' in span ? addMonths(d, sign * span.months) : addMinutes(d, sign * span.minutes)
}

/** Forward from the current minute: maintenance may not start before it (SPEC §5 Maintenance). */
function next(id: SpanId): DatePreset {
  return {
    id: `next-${id}`,
    labelKey: `ui.dateRange.presets.next.${id}`,
    range: (now) => {
      const start = startOfMinute(now)
      return { start, end: shift(start, SPANS[id], 1) }
    },
  }
}

function past(id: SpanId): DatePreset {
  return { id: `past-${id}`, labelKey: `ui.dateRange.presets.past.${id}`, range: (now) => ({ start: shift(now, SPANS[id], -1), end: now }) }
}

/** SPEC §9 "Maintenance presets: next 2 h, 4 h, 1 day, 1 week, 1 month, 1 year". */
export const MAINTENANCE_PRESETS: readonly DatePreset[] = (['2h', '4h', '1d', '1w', '1mo', '1y'] as const).map(next)

/** SPEC §9 "Past presets: 2 h, 4 h, 1 day, 1 week, 1 month, 3 months, 6 months, 1 year". */
export const PAST_PRESETS: readonly DatePreset[] = (['2h', '4h', '1d', '1w', '1mo', '3mo', '6mo', '1y'] as const).map(past)
