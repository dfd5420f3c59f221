/**
 * The feed's batches (issue 20 load: one batch per result was the server's biggest cost with 500 sockets): the
 * first delta after a quiet spell goes out at the next turn, a busy feed at most once per gap, nothing is lost.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { coalesce } from '../../../../src/server/feed/coalesce'

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  it('runs once for the calls of one tick, at the next turn', () => {
    const run = vi.fn()
    const schedule = coalesce(run, 50, Date.now)
    schedule()
    schedule()
    schedule()
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersToNextTimer()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs a busy stream at most once per gap and still runs its last calls', () => {
    const run = vi.fn()
    const schedule = coalesce(run, 50, Date.now)
    // A call every 5 ms for 200 ms: one run at once, then one per 50 ms.
    for (let t = 0; t < 200; t += 5) {
      schedule()
      vi.advanceTimersByTime(5)
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(4)
    expect(run.mock.calls.length).toBeLessThanOrEqual(5)
    // A call just after a run waits for the rest of the gap, then runs; nothing more after it.
    const before = run.mock.calls.length
    schedule()
    vi.advanceTimersByTime(45)
    expect(run).toHaveBeenCalledTimes(before)
    vi.advanceTimersByTime(10)
    expect(run).toHaveBeenCalledTimes(before + 1)
    vi.advanceTimersByTime(500)
    expect(run).toHaveBeenCalledTimes(before + 1)
  })

  it('does not hold back a call that comes after a quiet gap', () => {
    const run = vi.fn()
    const schedule = coalesce(run, 50, Date.now)
    schedule()
    vi.advanceTimersToNextTimer()
    vi.advanceTimersByTime(80)
    schedule()
    vi.advanceTimersToNextTimer()
    expect(run).toHaveBeenCalledTimes(2)
    expect(vi.getTimerCount()).toBe(0)
  })
})
