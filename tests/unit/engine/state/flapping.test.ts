import { describe, expect, it } from 'vitest'
import { NOT_FLAPPING, percentStateChange, updateFlapping, type FlapState } from '../../../../src/server/engine/state'

function feed(statuses: number[], start: FlapState = NOT_FLAPPING, thresholds?: { low: number; high: number }) {
  let state = start
  return statuses.map((status) => (state = updateFlapping(state, status, thresholds)))
}

// Issue 3: weighted state history, 21 states, weights 0.75 → 1.25, start at ≥ 30 %, stop at ≤ 20 %.
describe('flapping detection', () => {
  it('weights recent changes more than old ones', () => {
    const steady = Array(21).fill(0)
    const oldChange = [2, ...steady.slice(1)]
    const newChange = [...steady.slice(1), 2]
    expect(percentStateChange(steady)).toBe(0)
    expect(percentStateChange(oldChange)).toBeCloseTo((0.75 * 100) / 20)
    expect(percentStateChange(newChange)).toBeCloseTo((1.25 * 100) / 20)
    expect(percentStateChange(Array.from({ length: 21 }, (_, i) => i % 2))).toBeCloseTo(100)
  })

  it('starts flapping once changes reach the high threshold', () => {
    const steps = feed([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 2, 0, 2])
    const startedAt = steps.findIndex((s) => s.started)
    expect(startedAt).toBeGreaterThan(0)
    expect(steps[startedAt].percent_state_change).toBeGreaterThanOrEqual(30)
    expect(steps[startedAt - 1].is_flapping).toBe(false)
    expect(steps.at(-1)?.is_flapping).toBe(true)
  })

  it('keeps flapping between the thresholds and stops at or below the low one', () => {
    const flapping = feed(Array.from({ length: 21 }, (_, i) => (i % 2) * 2)).at(-1)!
    expect(flapping.is_flapping).toBe(true)
    const calming = feed(Array(21).fill(0), flapping)
    const stoppedAt = calming.findIndex((s) => s.stopped)
    expect(stoppedAt).toBeGreaterThan(0)
    expect(calming[stoppedAt].percent_state_change).toBeLessThanOrEqual(20)
    // before stopping, it was still flapping while the percentage was above the low threshold
    expect(calming[stoppedAt - 1].is_flapping).toBe(true)
    expect(calming[stoppedAt - 1].percent_state_change).toBeGreaterThan(20)
    expect(calming.at(-1)).toMatchObject({ is_flapping: false, percent_state_change: 0 })
  })

  it('honours configured thresholds', () => {
    const statuses = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    expect(feed(statuses).at(-1)?.is_flapping).toBe(false)
    expect(feed(statuses, NOT_FLAPPING, { low: 5, high: 10 }).at(-1)?.is_flapping).toBe(true)
  })

  it('keeps only the last 21 states', () => {
    const long = feed(Array.from({ length: 40 }, (_, i) => i % 3))
    expect(long.at(-1)?.history).toHaveLength(21)
  })
})
