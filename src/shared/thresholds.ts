/**
 * Nagios threshold ranges `[@][start:][end]` (Nagios plugin development guidelines, "Threshold and
 * ranges"): `10` alerts outside 0..10, `10:` below 10, `~:10` above 10, `10:20` outside 10..20 and
 * `@10:20` inside 10..20 (inclusive). Used by perfdata items and by check kinds with thresholds.
 */
import { z } from 'zod'

/** A parsed range. `start`/`end` null stand for −∞/+∞ so that the range survives JSON. */
export const ThresholdRangeSchema = z.object({
  start: z.number().nullable(),
  end: z.number().nullable(),
  /** `@` prefix: alert when the value lies inside the range instead of outside it */
  inside: z.boolean(),
})
export type ThresholdRange = z.infer<typeof ThresholdRangeSchema>

/** 0 OK, 1 WARNING, 2 CRITICAL: what a threshold check can yield (never UNKNOWN). */
export type ThresholdStatus = 0 | 1 | 2

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/

function toNumber(text: string): number | null {
  return NUMBER.test(text) ? Number(text) : null
}

/**
 * Parses a range; returns null for an empty or malformed one (including start > end, which the
 * monitoring-plugins library also rejects). A comma decimal separator is accepted, as some plugins
 * print their locale's.
 */
export function parseRange(text: string): ThresholdRange | null {
  let rest = text.trim().replace(/,/g, '.')
  if (rest === '') return null
  const inside = rest.startsWith('@')
  if (inside) rest = rest.slice(1)
  const colon = rest.indexOf(':')
  let start: number | null = 0
  let end: number | null
  if (colon === -1) {
    end = toNumber(rest)
    if (end === null) return null
  } else {
    const head = rest.slice(0, colon)
    const tail = rest.slice(colon + 1)
    if (head === '~') start = null
    else if (head !== '') {
      start = toNumber(head)
      if (start === null) return null
    }
    if (tail === '') end = null
    else {
      end = toNumber(tail)
      if (end === null) return null
    }
  }
  if (start !== null && end !== null && start > end) return null
  return { start, end, inside }
}

/** True when `value` is in alert for `range`. */
export function isAlert(range: ThresholdRange, value: number): boolean {
  const within = (range.start === null || value >= range.start) && (range.end === null || value <= range.end)
  return range.inside ? within : !within
}

/** The status of `value` against optional warning and critical ranges; critical wins. */
export function evaluate(value: number, warn: ThresholdRange | null | undefined, crit: ThresholdRange | null | undefined): ThresholdStatus {
  if (crit && isAlert(crit, value)) return 2
  if (warn && isAlert(warn, value)) return 1
  return 0
}

/** The range with both bounds multiplied by `factor` (unit normalisation, e.g. ms → s). */
export function scaleRange(range: ThresholdRange, factor: number): ThresholdRange {
  if (factor === 1) return range
  return {
    start: range.start === null ? null : range.start * factor,
    end: range.end === null ? null : range.end * factor,
    inside: range.inside,
  }
}

/** A threshold as stored in a check's configuration: Nagios range text that must parse. */
export const ThresholdText = z.string().refine((text) => parseRange(text) !== null, {
  message: 'invalid threshold range, expected [@][start:][end] as in Nagios',
})
