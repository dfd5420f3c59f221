/** The rules of the timeline view as functions: SPEC §2 "Timeline view", §4 "Timeline", §9 event filters. */
import { describe, expect, it } from 'vitest'
import {
  daysFromToday,
  filterParams,
  groupByDay,
  highestId,
  isRecent,
  isUpcoming,
  localDay,
  mergeEvents,
  panelQuery,
  pastPagination,
  splitEvents,
  TIMELINE_RANGE_S,
} from '../../../../src/ui/timeline/timeline-model'

const NOW = Math.floor(new Date(2026, 10, 23, 12, 0, 0).getTime() / 1000)
const at = (day: number, hour: number) => Math.floor(new Date(2026, 10, day, hour).getTime() / 1000)
const ev = (id: number, display_time: number, extra: Partial<{ type: string; status: string; start_time: number }> = {}) => ({
  id,
  display_time,
  type: 'state_change',
  status: 'critical',
  start_time: display_time,
  ...extra,
})

describe('upcoming and past (SPEC §4 Timeline)', () => {
  it('is upcoming only when the start lies in the future and the status is not STOPPED', () => {
    expect(isUpcoming(ev(1, NOW + 3600, { type: 'downtime', status: 'SCHEDULED' }), NOW)).toBe(true)
    expect(isUpcoming(ev(2, NOW + 3600, { type: 'downtime', status: 'STOPPED' }), NOW)).toBe(false)
    expect(isUpcoming(ev(3, NOW - 60, { type: 'downtime', status: 'STARTED' }), NOW)).toBe(false)
    expect(isUpcoming(ev(4, NOW, {}), NOW)).toBe(false)
  })
  it('treats types containing _future_ as upcoming (SPEC §3)', () => {
    expect(isUpcoming(ev(5, NOW - 10, { type: 'downtime_future_scheduled' }), NOW)).toBe(true)
  })
  it('splits a list into the two panels, keeping the order', () => {
    const { upcoming, past } = splitEvents(
      [ev(9, NOW + 90, { status: 'SCHEDULED' }), ev(8, NOW + 60, { status: 'STOPPED' }), ev(7, NOW - 5)],
      NOW,
    )
    expect([upcoming.map((e) => e.id), past.map((e) => e.id)]).toEqual([[9], [8, 7]])
  })
})

describe('day-label separators (SPEC §2)', () => {
  it('groups consecutive events of one local day', () => {
    const groups = groupByDay([ev(5, at(23, 11)), ev(4, at(23, 1)), ev(3, at(22, 23)), ev(2, at(20, 9)), ev(1, at(20, 8))])
    expect(groups.map((g) => [g.day, g.events.map((e) => e.id)])).toEqual([
      ['2026-11-23', [5, 4]],
      ['2026-11-22', [3]],
      ['2026-11-20', [2, 1]],
    ])
  })
  it('counts days from today for today, yesterday and tomorrow labels', () => {
    expect([localDay(at(23, 0)), localDay(at(23, 23))]).toEqual(['2026-11-23', '2026-11-23'])
    expect(['2026-11-22', '2026-11-23', '2026-11-24', '2025-11-23'].map((d) => daysFromToday(d, NOW))).toEqual([-1, 0, 1, -365])
  })
})

describe('past-panel pagination (SPEC §2: when page is above 1 or the page is full)', () => {
  it('is hidden on a first page that is not full', () => {
    expect(pastPagination(1, 49, 50)).toEqual({ visible: false, first: false, previous: false, next: false })
  })
  it('shows on a full first page, with only next enabled', () => {
    expect(pastPagination(1, 50, 50)).toEqual({ visible: true, first: false, previous: false, next: true })
  })
  it('shows on later pages, with next only while the page is full', () => {
    expect(pastPagination(3, 10, 50)).toEqual({ visible: true, first: true, previous: true, next: false })
    expect(pastPagination(2, 50, 50).next).toBe(true)
  })
})

describe('recent highlight (SPEC §4: within 600 seconds)', () => {
  it('highlights past events under 600 s old only', () => {
    expect([NOW - 599, NOW - 600, NOW, NOW + 60].map((t) => isRecent({ display_time: t }, NOW))).toEqual([true, false, true, false])
  })
})

describe('merging fetched and live events', () => {
  it('keeps each id once, the freshest copy, newest first', () => {
    const fresh = [{ ...ev(3, NOW - 10), status: 'STOPPED' }]
    const merged = mergeEvents(fresh, [ev(3, NOW - 10), ev(2, NOW - 10), ev(1, NOW)])
    expect(merged.map((e) => [e.id, e.status])).toEqual([
      [1, 'critical'],
      [3, 'STOPPED'],
      [2, 'critical'],
    ])
    expect(highestId(undefined, merged, [{ id: 2 }])).toBe(3)
    expect(highestId([], undefined)).toBeUndefined()
  })
})

describe('what the panels ask for (SPEC §2 default range, §7 parameters, §9 limit)', () => {
  it('asks one year back to one year ahead, the past panel without upcoming events, 1000 per page', () => {
    expect(panelQuery('past', NOW, { page: 3 })).toEqual({
      start_time: NOW - TIMELINE_RANGE_S,
      end_time: NOW + TIMELINE_RANGE_S,
      no_future_events: 'true',
      limit: 1000,
      offset: 2000,
    })
    expect(panelQuery('upcoming', NOW)).toEqual({ start_time: NOW, end_time: NOW + TIMELINE_RANGE_S, limit: 1000 })
    expect(panelQuery('refresh', NOW, { minId: 41 })).toMatchObject({ min_id: 41 })
  })
  it('turns switched-off quick filters into only_hard, only_non_flapping and types (SPEC §4 default state filters)', () => {
    expect(filterParams([])).toEqual({})
    expect(filterParams(['soft_state', 'flapping'])).toEqual({ only_hard: 'true', only_non_flapping: 'true' })
    const types = String(filterParams(['downtime', 'system']).types).split(',')
    expect(types).toContain('acknowledgement')
    expect(types).toContain('state_change')
    expect(types).not.toContain('downtime')
    expect(types).not.toContain('system')
  })
})
