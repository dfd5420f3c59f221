/** The maintenance rules of the engine (SPEC §1 "fixed or flexible", §4 Maintenance), Nagios semantics. */
import { describe, expect, it } from 'vitest'
import { dueChange, nextDueAt, type DowntimeTimes } from '../../../src/server/engine/downtimes'

const fixed: DowntimeTimes = { status: 'SCHEDULED', start_time: 1000, end_time: 2000, is_flexible: false, duration: 1000, actual_end: null }
const flexible: DowntimeTimes = {
  status: 'SCHEDULED',
  start_time: 1000,
  end_time: 2000,
  is_flexible: true,
  duration: 300,
  actual_end: null,
}

describe('fixed maintenance', () => {
  it('is in effect from its start to its end, whatever the object state', () => {
    expect(dueChange(fixed, 999, true)).toBeNull()
    expect(dueChange(fixed, 1000, false)).toEqual({ to: 'STARTED', actual_start: 1000, actual_end: 2000 })
    expect(dueChange(fixed, 1500, false)).toEqual({ to: 'STARTED', actual_start: 1500, actual_end: 2000 })
    const started = { ...fixed, status: 'STARTED', actual_end: 2000 }
    expect(dueChange(started, 1999, false)).toBeNull()
    expect(dueChange(started, 2000, false)).toEqual({ to: 'STOPPED', actual_end: 2000 })
  })

  it('whose whole window passed while the server was down ends without starting', () => {
    expect(dueChange(fixed, 2000, true)).toEqual({ to: 'STOPPED', actual_end: null })
  })

  it('is due next at its start, then at its end', () => {
    expect(nextDueAt(fixed, 500)).toBe(1000)
    expect(nextDueAt(fixed, 1000)).toBe(2000)
    expect(nextDueAt({ ...fixed, status: 'STARTED', actual_end: 2000 }, 1500)).toBe(2000)
    expect(nextDueAt({ ...fixed, status: 'STOPPED' }, 1500)).toBeNull()
    expect(nextDueAt({ ...fixed, status: 'CANCELLED' }, 1500)).toBeNull()
  })
})

describe('flexible maintenance', () => {
  it('waits in its window for a non-OK state, then lasts its duration, possibly past the window', () => {
    expect(dueChange(flexible, 1500, false)).toBeNull()
    expect(dueChange(flexible, 999, true)).toBeNull()
    expect(dueChange(flexible, 1900, true)).toEqual({ to: 'STARTED', actual_start: 1900, actual_end: 2200 })
    expect(dueChange(flexible, 2000, true)).toEqual({ to: 'STARTED', actual_start: 2000, actual_end: 2300 })
    const started = { ...flexible, status: 'STARTED', actual_end: 2200 }
    expect(dueChange(started, 2100, true)).toBeNull()
    expect(dueChange(started, 2200, true)).toEqual({ to: 'STOPPED', actual_end: 2200 })
  })

  it('never triggered, it is over after its window', () => {
    expect(dueChange(flexible, 2000, false)).toBeNull()
    expect(dueChange(flexible, 2001, false)).toEqual({ to: 'STOPPED', actual_end: null })
    expect(dueChange(flexible, 2001, true)).toEqual({ to: 'STOPPED', actual_end: null })
  })

  it('is looked at when its window opens (the object may already be down), then when it expires', () => {
    expect(nextDueAt(flexible, 500)).toBe(1000)
    expect(nextDueAt(flexible, 1000)).toBe(2001)
    expect(nextDueAt({ ...flexible, status: 'STARTED', actual_end: 2200 }, 1900)).toBe(2200)
  })
})
