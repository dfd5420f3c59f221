/**
 * The rules of the timeline view as plain functions (SPEC §2 "Timeline view", §4 "Timeline", §9):
 * the upcoming/past split, day separators, past-panel pagination, the recent highlight, the quick
 * filters and the queries each panel sends.
 *
 * Reading of SPEC §4 "Default selected state filters are flapping and soft_state": the timeline has
 * state quick filters `flapping` and `soft_state`; selected means those events are shown, and both are
 * selected by default. Switching one off sends only_non_flapping / only_hard. The event-type chips are
 * the SPEC §9 event filter types, all selected by default; events of other types are always shown.
 */
import type { EventsParams, TimelineEvent } from '../../shared/api/events'
import { AGE_HIGHLIGHT_S, TIMELINE_EVENTS_LIMIT } from '../../shared/constants'
import { EVENT_TYPES } from '../../shared/enums'

/** SPEC §2 and §9: "Default range is one year back to one year ahead." */
export const TIMELINE_RANGE_S = 365 * 86400

export const STATE_FILTERS = ['flapping', 'soft_state'] as const
/** SPEC §9 "Event filters: types state_change, notification, downtime, ticket, system". */
export const TYPE_FILTERS = ['state_change', 'notification', 'downtime', 'ticket', 'system'] as const
export type TimelineFilter = (typeof STATE_FILTERS)[number] | (typeof TYPE_FILTERS)[number]
export const TIMELINE_FILTERS: readonly TimelineFilter[] = [...STATE_FILTERS, ...TYPE_FILTERS]

type Timed = Pick<TimelineEvent, 'id' | 'type' | 'start_time' | 'status' | 'display_time'>

/**
 * SPEC §4: "An upcoming event is shown only if its start lies in the future and its status is not
 * STOPPED. All others are past." SPEC §3 adds that types containing `_future_` are upcoming.
 */
export function isUpcoming(e: Timed, now: number): boolean {
  return e.type.includes('_future_') || (e.start_time > now && e.status !== 'STOPPED')
}

/** Newest display_time first, then the highest id (SPEC §3 "sorted by display_time descending"). */
export function byDisplayTime(a: Timed, b: Timed): number {
  return b.display_time - a.display_time || b.id - a.id
}

/** Lists of events as one, each id once (the earlier list wins: pass the freshest first), sorted. */
export function mergeEvents<E extends Timed>(...lists: readonly (readonly E[])[]): E[] {
  const byId = new Map<number, E>()
  for (const list of lists) for (const e of list) if (!byId.has(e.id)) byId.set(e.id, e)
  return [...byId.values()].sort(byDisplayTime)
}

export function splitEvents<E extends Timed>(events: readonly E[], now: number): { upcoming: E[]; past: E[] } {
  const upcoming: E[] = []
  const past: E[] = []
  for (const e of events) (isUpcoming(e, now) ? upcoming : past).push(e)
  return { upcoming, past }
}

/** The highest id among lists of events, for `min_id` (SPEC §2 "events newer than the highest id seen"). */
export function highestId(...lists: readonly (readonly Pick<TimelineEvent, 'id'>[] | undefined)[]): number | undefined {
  let max: number | undefined
  for (const list of lists) for (const e of list ?? []) if (max === undefined || e.id > max) max = e.id
  return max
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The local calendar day of a unix time, YYYY-MM-DD (the person's clock, not the server's). */
export function localDay(t: number): string {
  const d = new Date(t * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export interface DayGroup<E> {
  day: string
  events: E[]
}

/** SPEC §2 "day-label separators": consecutive events of one local day form a group, in list order. */
export function groupByDay<E extends Timed>(events: readonly E[]): DayGroup<E>[] {
  const groups: DayGroup<E>[] = []
  for (const e of events) {
    const day = localDay(e.display_time)
    const last = groups[groups.length - 1]
    if (last?.day === day) last.events.push(e)
    else groups.push({ day, events: [e] })
  }
  return groups
}

/** Whole days from today to `day` (both YYYY-MM-DD local): -1 yesterday, 0 today, 1 tomorrow. */
export function daysFromToday(day: string, now: number): number {
  const [y, m, d] = day.split('-').map(Number)
  const today = new Date(now * 1000)
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000)
}

export interface PastPagination {
  visible: boolean
  first: boolean
  previous: boolean
  next: boolean
}

/** SPEC §2: "The past panel has pagination (first, previous, current, next) when page is above 1 or the page is full." */
export function pastPagination(page: number, count: number, pageSize: number): PastPagination {
  const full = count >= pageSize
  return { visible: page > 1 || full, first: page > 1, previous: page > 1, next: full }
}

/** SPEC §4: "events within 600 seconds are highlighted as recent". */
export function isRecent(e: Pick<TimelineEvent, 'display_time'>, now: number): boolean {
  const age = now - e.display_time
  return age >= 0 && age < AGE_HIGHLIGHT_S
}

/** The span a panel's events cover, newest first; null for an empty panel. */
export function spanOf(events: readonly Pick<TimelineEvent, 'display_time'>[]): { newest: number; oldest: number } | null {
  if (!events.length) return null
  const times = events.map((e) => e.display_time)
  return { newest: Math.max(...times), oldest: Math.min(...times) }
}

/** Query parameters of the quick filters switched off (`hidden`). */
export function filterParams(hidden: readonly string[]): EventsParams {
  const q: EventsParams = {}
  if (hidden.includes('soft_state')) q.only_hard = 'true'
  if (hidden.includes('flapping')) q.only_non_flapping = 'true'
  if (TYPE_FILTERS.some((t) => hidden.includes(t))) q.types = EVENT_TYPES.filter((t) => !hidden.includes(t)).join(',')
  return q
}

/**
 * What each panel asks for, around `anchor` (the time the view opened). Upcoming: the year ahead, one
 * page of TIMELINE_EVENTS_LIMIT; past: the default range without upcoming events, paged; refresh: events
 * newer than `minId` anywhere in the range.
 */
export function panelQuery(
  panel: 'upcoming' | 'past' | 'refresh',
  anchor: number,
  opts: { page?: number; pageSize?: number; minId?: number } = {},
): EventsParams {
  const pageSize = opts.pageSize ?? TIMELINE_EVENTS_LIMIT
  switch (panel) {
    case 'upcoming':
      return { start_time: anchor, end_time: anchor + TIMELINE_RANGE_S, limit: TIMELINE_EVENTS_LIMIT }
    case 'past':
      return {
        start_time: anchor - TIMELINE_RANGE_S,
        end_time: anchor + TIMELINE_RANGE_S,
        no_future_events: 'true',
        limit: pageSize,
        offset: ((opts.page ?? 1) - 1) * pageSize,
      }
    case 'refresh':
      return {
        start_time: anchor - TIMELINE_RANGE_S,
        end_time: anchor + TIMELINE_RANGE_S,
        min_id: opts.minId ?? 0,
        limit: TIMELINE_EVENTS_LIMIT,
      }
  }
}
