import { describe, expect, it } from 'vitest'
import { isStale, staleAt } from '../../../../src/server/engine/state'

// Issue 3 and SPEC §3 is_stale: older than twice the interval, or the freshness window for passive checks.
describe('staleness', () => {
  it('makes an active result stale after twice its check interval', () => {
    const active = { last_check: 1000, check_interval: 60, is_passive: false }
    expect(isStale(active, 1120)).toBe(false)
    expect(isStale(active, 1121)).toBe(true)
    expect(staleAt(active)).toBe(1120)
  })

  it('uses the freshness window of a passive check when set', () => {
    const passive = { last_check: 1000, check_interval: 60, is_passive: true, freshness_threshold: 900 }
    expect(isStale(passive, 1500)).toBe(false)
    expect(isStale(passive, 1901)).toBe(true)
    expect(isStale({ ...passive, freshness_threshold: null }, 1121)).toBe(true)
  })

  it('never calls a pending check stale', () => {
    expect(isStale({ last_check: null, check_interval: 60, is_passive: false }, 1e12)).toBe(false)
  })
})
