/** Issue 16: custom auto-refresh intervals override SPEC §9's defaults; anything out of bounds is ignored. */
import { describe, expect, it } from 'vitest'
import { refreshIntervalsOf } from '../../../../src/app/preferences/refresh-intervals'

describe('custom auto-refresh intervals', () => {
  it('keeps whole seconds from 5 to 3600 of the known kinds, nothing else', () => {
    expect(refreshIntervalsOf({ refresh_intervals: { map: 20, default: 4, timeline: 3601, resource: 7.5, stats: 12 } })).toEqual({
      map: 20,
    })
    expect(refreshIntervalsOf({ refresh_intervals: 'fast' })).toEqual({})
    expect(refreshIntervalsOf({})).toEqual({})
  })
})
