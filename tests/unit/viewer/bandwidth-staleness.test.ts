/**
 * Bandwidth connectors on a still wall (issue 7 "mark a value as stale when its data is old instead of showing
 * it as live"): with no delta and no refetch, a timer still greys a value once its data got old.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Connector } from '../../../src/shared/maps'
import { BANDWIDTH_STALE_S, bandwidthReading } from '../../../src/shared/maps/bandwidth'
import { STALENESS_CHECK_MS, watchBandwidthStaleness } from '../../../src/viewer/canvas/bandwidth-staleness'

const T0 = 1_700_000_000
const link = (id: string, resource_id: number): Connector => ({
  id,
  from: 'a',
  to: 'b',
  z: 1,
  kind: 'bandwidth',
  width: 2,
  dash: false,
  bandwidth: { resource_id, in_key: 'in', out_key: 'out', capacity_bps: 1e9 },
})
/** Perfdata as the last GET states brought it: resource 1 reported at T0, resource 2 five minutes later. */
const samples: Record<number, Record<string, { value: number; t: number }>> = {
  1: { in: { value: 4e8, t: T0 }, out: { value: 1e8, t: T0 } },
  2: { in: { value: 4e8, t: T0 + 300 }, out: { value: 1e8, t: T0 + 300 } },
}
const reading = (c: Connector) =>
  c.bandwidth ? bandwidthReading(c.bandwidth, samples[c.bandwidth.resource_id], Date.now() / 1000) : undefined

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0 * 1000)
})
afterEach(() => vi.useRealTimers())

describe('bandwidth staleness on a still wall (issue 7)', () => {
  it('redraws within one check of a value turning stale, once per link, and not while nothing changes', () => {
    const redraw = vi.fn()
    const stop = watchBandwidthStaleness([link('l1', 1), link('l2', 2)], reading, redraw)
    // Fresh for BANDWIDTH_STALE_S: no redraw however often the timer looks.
    vi.advanceTimersByTime(BANDWIDTH_STALE_S * 1000 - STALENESS_CHECK_MS)
    expect(redraw).not.toHaveBeenCalled()
    expect(reading(link('l1', 1))?.stale).toBe(false)
    vi.advanceTimersByTime(2 * STALENESS_CHECK_MS)
    expect(reading(link('l1', 1))?.stale).toBe(true)
    expect(redraw).toHaveBeenCalledTimes(1)
    // Five minutes later the second link follows.
    vi.advanceTimersByTime(300_000)
    expect(reading(link('l2', 2))?.stale).toBe(true)
    expect(redraw.mock.calls.length).toBeGreaterThan(1)
    stop()
  })

  it('keeps the age of a stale label current, and stops with its view', () => {
    const redraw = vi.fn()
    vi.setSystemTime((T0 + BANDWIDTH_STALE_S + 60) * 1000)
    const stop = watchBandwidthStaleness([link('l1', 1)], reading, redraw)
    // "16m old" → "17m old" within a minute.
    vi.advanceTimersByTime(60_000)
    expect(redraw).toHaveBeenCalled()
    stop()
    redraw.mockClear()
    vi.advanceTimersByTime(3_600_000)
    expect(redraw).not.toHaveBeenCalled()
  })

  it('sets no timer for a map without bandwidth connectors', () => {
    const plain: Connector = { id: 'p', from: 'a', to: 'b', z: 1, kind: 'plain', width: 2, dash: false }
    watchBandwidthStaleness([plain], reading, vi.fn())
    expect(vi.getTimerCount()).toBe(0)
  })
})
