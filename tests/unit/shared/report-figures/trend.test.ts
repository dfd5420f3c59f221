/** SPEC §9 "Report trend arrows": thresholds 0.05 and 0.5, a direction, 3 places, relative and difference modes. */
import { describe, expect, it } from 'vitest'
import { trend } from '../../../../src/shared/report-figures/trend'

describe('report trend arrows (SPEC §9)', () => {
  it('reads a difference of fractions times 100, rounded to 3 places before it is judged', () => {
    // (0.9 − 0.8995) × 100 = 0.05000000000000071 → 0.05: no difference.
    expect(trend(0.9, 0.8995, 'difference')).toEqual({ value: 0.05, level: 'none', direction: 'none' })
    // (0.9 − 0.899) × 100 = 0.1: light, up.
    expect(trend(0.9, 0.899, 'difference')).toEqual({ value: 0.1, level: 'light', direction: 'up' })
    // (0.9 − 0.905) × 100 = −0.5: still light, down.
    expect(trend(0.9, 0.905, 'difference')).toEqual({ value: -0.5, level: 'light', direction: 'down' })
    // (0.9 − 0.91) × 100 = −1: high, down.
    expect(trend(0.9, 0.91, 'difference')).toEqual({ value: -1, level: 'high', direction: 'down' })
  })

  it('reads a ratio as (ratio − 1) × 100 in relative mode', () => {
    // 3 changes after 2: (1.5 − 1) × 100 = 50: high, up.
    expect(trend(3, 2, 'relative')).toEqual({ value: 50, level: 'high', direction: 'up' })
    // 1000 after 1001: (0.999001 − 1) × 100 = −0.0999 → −0.1: light, down.
    expect(trend(1000, 1001, 'relative')).toEqual({ value: -0.1, level: 'light', direction: 'down' })
    // 20000 after 20001: −0.005: no difference.
    expect(trend(20_000, 20_001, 'relative')).toEqual({ value: -0.005, level: 'none', direction: 'none' })
  })

  it('has no ratio after a previous zero: nothing moved is no difference, anything else a high arrow without a value', () => {
    expect(trend(0, 0, 'relative')).toEqual({ value: 0, level: 'none', direction: 'none' })
    expect(trend(2, 0, 'relative')).toEqual({ value: null, level: 'high', direction: 'up' })
  })
})
