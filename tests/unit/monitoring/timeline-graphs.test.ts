/** Monitoring timeline and graphs screens: links, the environment filter, graph ranges (SPEC §2, §3, §9). */
import { describe, expect, it } from 'vitest'
import { environmentFilterIds } from '../../../src/shared/environment-filter'
import { subjectTimelineHref } from '../../../src/monitoring/timeline/links'
import { fitPreset, parseGraphRange, rangeBounds } from '../../../src/monitoring/graphs/range'
import { keysByUnit } from '../../../src/monitoring/graphs/units'
import { currentUser } from '../app/fixtures'

describe('global timeline environment filter (SPEC §3 preferences.environmentFilter)', () => {
  it('expands group-{id} lists to their environments', () => {
    const user = {
      ...currentUser(['monitoring']),
      allowed_environment_lists: [{ id: '4', name: 'EU', organization_id: 1, environment_ids: [7, 3] }],
    }
    expect(environmentFilterIds({ ...user, preferences: { ...user.preferences, environmentFilter: [9, 'group-4', 3] } })).toEqual([3, 7, 9])
    expect(environmentFilterIds(user)).toEqual([])
  })
})

describe('event subject links (SPEC §2 host and resource timeline tabs)', () => {
  it('links a resource event to the resource tab and a host event to the host tab, names encoded', () => {
    expect(subjectTimelineHref({ host_name: 'web 01', subject_name: 'Disk /var', resource_id: 4 } as never)).toBe(
      '#/monitoring/hosts/web%2001/Disk%20%2Fvar/timeline',
    )
    expect(subjectTimelineHref({ host_name: 'web-01', subject_name: 'web-01', resource_id: null } as never)).toBe(
      '#/monitoring/hosts/web-01/timeline',
    )
    expect(subjectTimelineHref({ host_name: '', subject_name: 'OpenSSL', resource_id: null } as never)).toBeUndefined()
  })
})

describe('graph range (SPEC §9 past presets)', () => {
  const now = new Date(2026, 10, 23, 12, 0, 0).getTime()
  it('reads a preset or a zoom from the link, falling back to the last day', () => {
    expect(parseGraphRange(new URLSearchParams('range=past-1w'))).toEqual({ kind: 'preset', preset: 'past-1w' })
    expect(parseGraphRange(new URLSearchParams('range=past-forever'))).toEqual({ kind: 'preset', preset: 'past-1d' })
    expect(parseGraphRange(new URLSearchParams('range=past-2h&from=100&to=200'))).toEqual({
      kind: 'zoom',
      preset: 'past-2h',
      start: 100,
      end: 200,
    })
    expect(parseGraphRange(new URLSearchParams('from=200&to=100'))).toEqual({ kind: 'preset', preset: 'past-1d' })
  })
  it('moves a preset with the clock and keeps a zoom where it was put', () => {
    expect(rangeBounds({ kind: 'preset', preset: 'past-2h' }, now)).toEqual({ start: now / 1000 - 7200, end: now / 1000 })
    expect(rangeBounds({ kind: 'preset', preset: 'past-1y' }, now).start).toBe(new Date(2025, 10, 23, 12).getTime() / 1000)
    expect(rangeBounds({ kind: 'zoom', preset: 'past-2h', start: 5, end: 9 }, now)).toEqual({ start: 5, end: 9 })
  })
})

describe('graphs that fit the data (issue 17)', () => {
  const now = new Date(2026, 10, 23, 12, 0, 0).getTime()
  const ago = (hours: number) => now / 1000 - hours * 3600
  it('opens on the shortest past preset that shows nearly all the data', () => {
    expect(fitPreset(ago(1.9), now)).toBe('past-2h')
    expect(fitPreset(ago(3), now)).toBe('past-4h')
    // A day and a bit is a day, not a week of which six days are empty.
    expect(fitPreset(ago(26), now)).toBe('past-1d')
    expect(fitPreset(ago(30), now)).toBe('past-1w')
    expect(fitPreset(ago(5 * 365 * 24), now)).toBe('past-1y')
    expect(fitPreset(null, now)).toBe('past-1d')
  })
  it('puts the keys of one unit on one chart, one chart per unit', () => {
    const keys = [
      { key: 'load1', unit: '' },
      { key: 'mem', unit: 'B' },
      { key: 'load5', unit: '' },
    ]
    expect(keysByUnit(keys)).toEqual([
      { unit: '', keys: ['load1', 'load5'] },
      { unit: 'B', keys: ['mem'] },
    ])
  })
})
