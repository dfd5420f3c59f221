/** Series scaling of the performance-data graphs (SPEC §2 graphs tabs, §9 bytes base 1024). */
import { describe, expect, it } from 'vitest'
import {
  graphScales,
  nearestPoint,
  nearestTime,
  runsOf,
  stepTime,
  thresholdValues,
  timesOf,
  timeTickLabel,
  valueDomain,
  valueTicks,
} from '../../../../src/ui/graph/scales'

const p = (t: number, avg: number, min = avg, max = avg) => ({ t, min, avg, max })

describe('value axis', () => {
  it('covers the data, the threshold lines near it and zero for non-negative data', () => {
    expect(valueDomain([p(0, 2, 1, 3), p(60, 4)], [8])).toEqual([0, 8])
    // A 500 ms critical line does not flatten a 1 ms response time.
    expect(valueDomain([p(0, 0.001)], [0.1, 0.5])).toEqual([0, 0.001])
    expect(valueDomain([p(0, -5), p(60, 5)])).toEqual([-5, 5])
    expect(valueDomain([])).toEqual([0, 1])
    expect(valueDomain([p(0, 0), p(60, 0)])).toEqual([0, 1])
  })
  it('ticks bytes at round multiples of 1024 units and other units at round decimals', () => {
    expect(valueTicks([0, 1024 ** 3], 'B')).toEqual([0, 200, 400, 600, 800, 1000].map((v) => v * 1024 ** 2))
    expect(valueTicks([0, 9.2], '%')).toEqual([0, 2, 4, 6, 8, 10])
  })
  it('maps values to pixels with the origin at the top, the axis reaching the last tick', () => {
    const { y, x } = graphScales(1000, 2000, [0, 9.2], 100, 50)
    expect([y(0), y(10)]).toEqual([50, 0])
    expect([x(new Date(1000_000)), x(new Date(2000_000))]).toEqual([0, 100])
  })
})

describe('threshold lines (Nagios ranges)', () => {
  it('draws the finite bounds, but not the implicit start 0', () => {
    expect(thresholdValues({ start: 0, end: 80, inside: false })).toEqual([80])
    expect(thresholdValues({ start: 10, end: 20, inside: false })).toEqual([10, 20])
    expect(thresholdValues({ start: 0, end: 5, inside: true })).toEqual([0, 5])
    expect(thresholdValues({ start: null, end: 3, inside: false })).toEqual([3])
    expect(thresholdValues(null)).toEqual([])
  })
})

describe('drawing and read-out', () => {
  it('breaks the line where data is missing for more than twice the usual spacing', () => {
    expect(runsOf([p(0, 1), p(60, 1), p(120, 1), p(600, 1), p(660, 1)], 60).map((r) => r.map((x) => x.t))).toEqual([
      [0, 60, 120],
      [600, 660],
    ])
    // Buckets finer than the check interval: one result every 300 s in 87 s buckets is one line.
    expect(
      runsOf(
        [0, 300, 600, 900].map((t) => p(t, 1)),
        87,
      ),
    ).toHaveLength(1)
  })
  it('reads out the point nearest to the pointer', () => {
    const points = [p(0, 1), p(60, 2), p(120, 3)]
    expect(nearestPoint(points, 80)?.avg).toBe(2)
    expect(nearestPoint(points, 1000)?.avg).toBe(3)
    expect(nearestPoint([], 5)).toBeUndefined()
  })
  it('reads out every series of a chart at the data time nearest the pointer (issue 17)', () => {
    const times = timesOf([
      { name: 'load1', color: 'blue', points: [p(0, 1), p(120, 3)] },
      { name: 'load5', color: 'green', points: [p(60, 2), p(120, 2)] },
    ])
    expect(times).toEqual([0, 60, 120])
    expect(nearestTime(times, 70)).toBe(60)
    expect(nearestTime([], 70)).toBeUndefined()
  })
  it('steps the keyboard read-out through the times with the arrows, Home and End (issue 17)', () => {
    const times = [0, 60, 120]
    expect(stepTime(times, undefined, 'ArrowRight')).toBe(0)
    expect(stepTime(times, undefined, 'ArrowLeft')).toBe(120)
    expect(stepTime(times, 60, 'ArrowRight')).toBe(120)
    expect(stepTime(times, 120, 'ArrowRight')).toBe(120)
    expect(stepTime(times, 60, 'ArrowLeft')).toBe(0)
    expect(stepTime(times, 60, 'End')).toBe(120)
    expect(stepTime(times, 60, 'Home')).toBe(0)
    expect(stepTime(times, 60, 'a')).toBeUndefined()
    expect(stepTime([], undefined, 'Home')).toBeUndefined()
  })
  it('labels the time axis in 24-hour time, days as DD-MM', () => {
    expect(timeTickLabel(new Date(2026, 10, 23, 14, 30))).toBe('14:30')
    expect(timeTickLabel(new Date(2026, 10, 23))).toBe('23-11')
    expect(timeTickLabel(new Date(2027, 0, 1))).toBe('2027')
  })
})
