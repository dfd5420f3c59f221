/**
 * SPEC §3 Map events (added, edited, published, archived, recovered, deleted, imported): timeline events
 * of type `map` about one map (events.map_id), in its environment, subject_name the map's alias. They are
 * written in the caller's transaction, so a refused change leaves no event behind.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, EventTable } from './db'
import type { Scope } from './scope'
import { eventDelta } from './event-log'
import type { EventDelta } from '../../shared/feed'

export type MapEventKind = 'added' | 'edited' | 'published' | 'archived' | 'recovered' | 'deleted' | 'imported'

/** Timeline event_class of map events (SPEC §3 names host_event and resource_check_event; maps get their own). */
const MAP_EVENT_CLASS = 'map_event'

export interface MapRef {
  id: number
  hostgroup_id: number
  name: string
  alias: string
}

export async function writeMapEvent(
  db: Kysely<Database>,
  scope: Scope | null,
  map: MapRef,
  status: MapEventKind,
  t: number,
  extra: Record<string, unknown> = {},
) {
  const version = typeof extra.version === 'number' ? ` (version ${extra.version})` : ''
  return db
    .insertInto('events')
    .values({
      type: 'map',
      event_class: MAP_EVENT_CLASS,
      hostgroup_id: map.hostgroup_id,
      host_id: null,
      resource_id: null,
      map_id: map.id,
      subject_name: map.alias,
      start_time: t,
      display_time: t,
      status,
      message: `Map ${map.alias} ${status}${version}`,
      user_id: scope?.userId ?? null,
      username: scope?.username ?? '',
      user_full_name: scope?.fullName ?? '',
      extra_data: JSON.stringify({ name: map.name, ...extra }),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The feed delta of a map event; `map_id` lets the feed refresh a map's topic when it is published. */
export const mapEventDelta = (row: Selectable<EventTable>): EventDelta => ({ ...eventDelta(row), map_id: row.map_id })
