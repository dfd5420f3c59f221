/**
 * SPEC §9 "Report trend arrows": a change of magnitude up to 0.05 is no difference, above 0.05 up to 0.5 light,
 * above 0.5 high, each with a direction; values rounded to 3 places. Relative mode is (ratio − 1) × 100, the
 * other (difference) mode (current − previous) × 100.
 */
import type { Trend } from '../api/report-configurations'

export const TREND_NONE_MAX = 0.05
export const TREND_LIGHT_MAX = 0.5

export type TrendMode = 'relative' | 'difference'

const round3 = (x: number) => Math.round(x * 1000) / 1000

/** The arrow of `current` against `previous`; in relative mode a previous 0 has no ratio (value null, high unless both are 0). */
export function trend(current: number, previous: number, mode: TrendMode): Trend {
  if (mode === 'relative' && previous === 0) {
    return current === 0
      ? { value: 0, level: 'none', direction: 'none' }
      : { value: null, level: 'high', direction: current > 0 ? 'up' : 'down' }
  }
  const value = round3(mode === 'relative' ? (current / previous - 1) * 100 : (current - previous) * 100)
  const magnitude = Math.abs(value)
  if (magnitude <= TREND_NONE_MAX) return { value, level: 'none', direction: 'none' }
  return { value, level: magnitude <= TREND_LIGHT_MAX ? 'light' : 'high', direction: value > 0 ? 'up' : 'down' }
}
