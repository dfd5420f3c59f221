import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMessageStore, type MessageVariant } from '../../../../src/app/shell/messages'

describe('message durations (SPEC §9 "Message display")', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const cases: [MessageVariant, number | null][] = [
    ['success', 3000],
    ['info', 2000],
    ['secondary', 5000],
    ['danger', null],
    ['warning', null],
  ]
  for (const [variant, ms] of cases) {
    it(`${variant} ${ms === null ? 'stays until closed' : `goes after ${ms} ms`}`, () => {
      const store = createMessageStore()
      store.getState().show({ variant, text: variant })
      vi.advanceTimersByTime((ms ?? 3_600_000) - 1)
      expect(store.getState().messages).toHaveLength(1)
      vi.advanceTimersByTime(1)
      expect(store.getState().messages).toHaveLength(ms === null ? 1 : 0)
    })
  }

  it('action info stays 5 s and connection errors 60 s', () => {
    const store = createMessageStore()
    store.getState().show({ variant: 'info', duration: 'action_info', text: 'creating ticket' })
    store.getState().show({ variant: 'danger', duration: 'connection', text: 'No connection' })
    vi.advanceTimersByTime(5000)
    expect(store.getState().messages.map((m) => m.text)).toEqual(['No connection'])
    vi.advanceTimersByTime(55_000)
    expect(store.getState().messages).toEqual([])
  })

  it('a message with the same key replaces the earlier one and restarts its time', () => {
    const store = createMessageStore()
    store.getState().show({ variant: 'danger', duration: 'connection', text: 'No connection', key: 'nc' })
    vi.advanceTimersByTime(50_000)
    store.getState().show({ variant: 'danger', duration: 'connection', text: 'No connection', key: 'nc' })
    expect(store.getState().messages).toHaveLength(1)
    vi.advanceTimersByTime(50_000)
    expect(store.getState().messages).toHaveLength(1)
  })

  it('closing all messages (esc) also closes persistent ones and tells them', () => {
    const store = createMessageStore()
    let closed = 0
    store.getState().show({ variant: 'warning', text: 'update available', onClose: () => void closed++ })
    store.getState().show({ variant: 'success', text: 'saved' })
    store.getState().closeAll()
    expect(store.getState().messages).toEqual([])
    expect(closed).toBe(1)
  })
})
