import { describe, expect, it } from 'vitest'
import { createThrottledSaver } from '../../../../src/app/preferences/throttled-saver'
import { PREFERENCE_SAVE_THROTTLE_MS } from '../../../../src/shared/constants'

function fakeClock() {
  let now = 0
  const timers: { at: number; fn: () => void }[] = []
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => void timers.push({ at: now + ms, fn }),
    advance(ms: number) {
      now += ms
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1)
        t.fn()
      }
    },
  }
}

describe('preference saving (SPEC §7: PUT /users/current throttled to once per 3 s)', () => {
  it('sends the first change at once and merges later ones into one call after 3 s', () => {
    const clock = fakeClock()
    const sent: object[] = []
    const saver = createThrottledSaver<Record<string, unknown>>(async (p) => sent.push(p), PREFERENCE_SAVE_THROTTLE_MS, clock)
    saver.save({ theme: 'darkly' })
    expect(sent).toEqual([{ theme: 'darkly' }])
    clock.advance(500)
    saver.save({ hideSideBar: true })
    saver.save({ theme: 'solar' })
    expect(sent).toHaveLength(1)
    clock.advance(2499)
    expect(sent).toHaveLength(1)
    clock.advance(1)
    expect(sent).toEqual([{ theme: 'darkly' }, { hideSideBar: true, theme: 'solar' }])
    expect(saver.hasPending()).toBe(false)
  })

  it('sends at once again when 3 s have passed', () => {
    const clock = fakeClock()
    const sent: object[] = []
    const saver = createThrottledSaver<Record<string, unknown>>(async (p) => sent.push(p), PREFERENCE_SAVE_THROTTLE_MS, clock)
    saver.save({ a: 1 })
    clock.advance(3000)
    saver.save({ a: 2 })
    expect(sent).toEqual([{ a: 1 }, { a: 2 }])
  })
})
