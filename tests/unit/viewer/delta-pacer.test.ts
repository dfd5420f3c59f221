// @vitest-environment jsdom
/**
 * When an open map takes its deltas (issue 18 wall-soak): a change after a quiet spell in the next frame, the
 * changes of a storm at most every STORM_GAP_MS.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deltaPacer, STORM_BATCH, STORM_GAP_MS } from '../../../src/viewer/live/delta-pacer'

const FRAME_MS = 16

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] })
})
afterEach(() => vi.useRealTimers())

/** A feed that brings `n` deltas every `everyMs` for `forMs`; the batches applied, with when. */
function feedFor(n: number, everyMs: number, forMs: number) {
  const applied: { at: number; size: number }[] = []
  const pacer = deltaPacer<number>((batch) => applied.push({ at: performance.now(), size: batch.length }))
  let sent = 0
  for (let t = 0; t < forMs; t += everyMs) {
    for (let i = 0; i < n; i++) pacer.push(sent++)
    vi.advanceTimersByTime(everyMs)
  }
  vi.advanceTimersByTime(STORM_GAP_MS + FRAME_MS)
  return { applied, sent }
}

describe('deltaPacer', () => {
  it('applies a lone change in the next frame, and each of a slow stream of changes in its own frame', () => {
    const { applied } = feedFor(1, 100, 1000)
    expect(applied).toHaveLength(10)
    expect(applied.every(({ size }) => size === 1)).toBe(true)
    // Each within a frame of its arrival, every 100 ms.
    applied.forEach(({ at }, i) => expect(at - i * 100).toBeLessThanOrEqual(FRAME_MS))
  })

  it('applies a storm at most every STORM_GAP_MS, losing no delta', () => {
    // 1,000 changes a second in batches every 50 ms, as the server's feed sends them.
    const { applied, sent } = feedFor(50, 50, 2000)
    expect(applied.reduce((n, b) => n + b.size, 0)).toBe(sent)
    // The first batch at once, then one every STORM_GAP_MS or a frame more: not one per feed batch (40).
    expect(applied[0].at).toBeLessThanOrEqual(FRAME_MS)
    for (let i = 1; i < applied.length; i++) expect(applied[i].at - applied[i - 1].at).toBeGreaterThanOrEqual(STORM_GAP_MS)
    // About four pictures a second, not one per feed batch (40 in these 2 s).
    expect(applied.length).toBeGreaterThanOrEqual(5)
    expect(applied.length).toBeLessThanOrEqual(9)
  })

  it('takes changes in the next frame again once a storm has passed', () => {
    const applied: number[] = []
    const pacer = deltaPacer<number>(() => applied.push(performance.now()))
    for (let i = 0; i <= STORM_BATCH; i++) pacer.push(i)
    vi.advanceTimersByTime(FRAME_MS)
    expect(applied).toHaveLength(1)
    vi.advanceTimersByTime(STORM_GAP_MS)
    const quiet = performance.now()
    pacer.push(-1)
    vi.advanceTimersByTime(FRAME_MS)
    expect(applied).toHaveLength(2)
    expect(applied[1] - quiet).toBeLessThanOrEqual(FRAME_MS)
  })

  it('drops what is pending when cancelled', () => {
    const apply = vi.fn()
    const pacer = deltaPacer<number>(apply)
    pacer.push(1)
    pacer.cancel()
    vi.advanceTimersByTime(STORM_GAP_MS + FRAME_MS)
    expect(apply).not.toHaveBeenCalled()
  })
})
