/** SPEC §7 "Usage tracker" on SPEC §9's timer: over 5 entries or 900 s since the last send; cleared on success; stops after 2 errors. */
import { describe, expect, it } from 'vitest'
import { createTracker } from '../../../src/app/client-reports/tracker'

function setup(fail = false) {
  let now = 1_000_000_000
  const sent: unknown[][] = []
  const tracker = createTracker({
    send: async (entries) => {
      if (fail) throw new Error('offline')
      sent.push([...entries])
    },
    ready: () => true,
    now: () => now,
  })
  return { tracker, sent, advance: (s: number) => (now += s * 1000) }
}

describe('usage tracker', () => {
  it('waits while it holds 5 entries or fewer, and sends once it holds 6, clearing what it sent', async () => {
    const { tracker, sent, advance } = setup()
    for (let i = 0; i < 5; i++) tracker.log('location', `/p${i}`)
    advance(120)
    await tracker.tick()
    expect(sent).toHaveLength(0)
    tracker.log('location', '/p5')
    await tracker.tick()
    expect(sent[0]).toHaveLength(6)
    expect(sent[0][5]).toEqual({ type: 'location', value: '/p5', time: 1_000_120 })
    expect(tracker.pending()).toBe(0)
  })

  it('sends a short log 900 s after the last send', async () => {
    const { tracker, sent, advance } = setup()
    tracker.log('language', 'en')
    advance(899)
    await tracker.tick()
    expect(sent).toHaveLength(0)
    advance(1)
    await tracker.tick()
    expect(sent).toEqual([[{ type: 'language', value: 'en', time: 1_000_000 }]])
  })

  it('keeps the log after a failed send and stops for good after 2 errors', async () => {
    const { tracker, advance } = setup(true)
    tracker.log('language', 'en')
    advance(900)
    await tracker.tick()
    expect(tracker.stopped()).toBe(false)
    expect(tracker.pending()).toBe(1)
    await tracker.tick()
    expect(tracker.stopped()).toBe(true)
    tracker.log('location', '/more')
    expect(tracker.pending()).toBe(1)
  })
})
