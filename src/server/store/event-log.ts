/**
 * What every operator action records and publishes, in the caller's transaction: SPEC §3 Timeline events
 * of types acknowledgement, downtime and ticket (with comment, user_full_name, username, is_flexible,
 * duration, ticket_id, start_time, end_time, display_time, status), their feed EventDelta, and the
 * ActionDelta of each object whose row changed (acknowledged, maintenance depth, tickets).
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, EventTable } from './db'
import { chunked, type ActionTarget, type ObjectKind, type RiskTarget, type TicketTarget } from './action-targets'
import { readJson } from './json'
import type { ActionDelta, EventDelta } from '../../shared/feed'

/** Who acted: the caller's Scope fits; null for the engine. */
export interface Actor {
  userId: number
  username: string
  fullName: string
}

/** What an event is about: the fields of a ticket's target that an event row keeps. */
export type EventSubject =
  | Pick<ActionTarget, 'object' | 'id' | 'hostId' | 'hostgroupId' | 'name' | 'hostName'>
  | Pick<RiskTarget, 'object' | 'id' | 'hostId' | 'hostgroupId' | 'pluginId' | 'name' | 'hostName'>

interface NewEvent {
  /** `report`: a finding of an imported risk scan (store/risk-scans.ts); `system`: what a check observed (a configuration change) */
  type: 'acknowledgement' | 'downtime' | 'ticket' | 'notification' | 'report' | 'system'
  target: EventSubject
  /** what happened, as a line of text (notifications: type, object, state and output) */
  message?: string
  /** e.g. ADDED, REMOVED; SCHEDULED, STARTED, STOPPED, CANCELLED; CREATED, REOPENED, NOTE, REACKNOWLEDGED, CLOSED; DETECTED; CONFIG_CHANGED */
  status: string
  comment: string
  actor: Actor | null
  start_time: number
  end_time?: number | null
  /** defaults to start_time */
  display_time?: number
  is_flexible?: boolean
  duration?: number | null
  ticket_id?: string
  extra_data?: Record<string, unknown>
}

type EventRow = Selectable<EventTable>

/** SPEC §3 event_class of each kind of subject (the risk filter class of SPEC §9 reads risk_event). */
const EVENT_CLASS = { host: 'host_event', resource: 'resource_check_event', risk: 'risk_event' } satisfies Record<
  TicketTarget['object'],
  string
>

export function eventDelta(e: EventRow): EventDelta {
  return {
    kind: 'event',
    id: e.id,
    type: e.type,
    event_class: e.event_class,
    hostgroup_id: e.hostgroup_id,
    host_id: e.host_id,
    resource_id: e.resource_id,
    subject_name: e.subject_name,
    host_name: e.host_name,
    display_time: e.display_time,
    status: e.status,
    state_type: e.state_type,
    message: e.message,
  }
}

export async function writeEvents(db: Kysely<Database>, events: NewEvent[]): Promise<EventRow[]> {
  const out: EventRow[] = []
  for (const part of chunked(events, 300)) {
    const rows = await db
      .insertInto('events')
      .values(
        part.map((e) => ({
          type: e.type,
          event_class: EVENT_CLASS[e.target.object],
          hostgroup_id: e.target.hostgroupId,
          host_id: e.target.hostId,
          resource_id: e.target.object === 'resource' ? e.target.id : null,
          risk_id: e.target.object === 'risk' ? e.target.id : null,
          risk_plugin_id: e.target.object === 'risk' ? e.target.pluginId : null,
          subject_name: e.target.name,
          host_name: e.target.hostName,
          start_time: e.start_time,
          end_time: e.end_time ?? null,
          display_time: e.display_time ?? e.start_time,
          status: e.status,
          message: e.message ?? '',
          comment: e.comment,
          user_id: e.actor?.userId ?? null,
          username: e.actor?.username ?? '',
          user_full_name: e.actor?.fullName ?? '',
          ticket_id: e.ticket_id ?? '',
          is_flexible: e.is_flexible ? 1 : 0,
          duration: e.duration ?? null,
          extra_data: JSON.stringify(e.extra_data ?? {}),
        })),
      )
      .returningAll()
      .execute()
    out.push(...rows)
  }
  return out
}

/** An event's status and extra data changed in place (a notification's delivery); returns its delta. */
export async function updateEventStatus(
  db: Kysely<Database>,
  id: number,
  status: string,
  extra_data: Record<string, unknown>,
): Promise<EventDelta[]> {
  await db
    .updateTable('events')
    .set({ status, extra_data: JSON.stringify(extra_data) })
    .where('id', '=', id)
    .execute()
  return eventDeltas(db, [id])
}

/**
 * Moves an event from status `from` to `to` only if it still has `from`: of several deciders (a timer, a sweep in
 * another process) exactly one wins. The winner gets the event's delta, the others nothing.
 */
export async function claimEventStatus(
  db: Kysely<Database>,
  id: number,
  from: string,
  to: string,
  extra_data: Record<string, unknown>,
): Promise<EventDelta[]> {
  const { numUpdatedRows } = await db
    .updateTable('events')
    .set({ status: to, extra_data: JSON.stringify(extra_data) })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst()
  return numUpdatedRows > 0n ? eventDeltas(db, [id]) : []
}

/** Deltas of events changed in place (a maintenance's status moves SCHEDULED → STARTED → STOPPED). */
export async function eventDeltas(db: Kysely<Database>, ids: number[]): Promise<EventDelta[]> {
  const out: EventDelta[] = []
  for (const part of chunked(ids, 1000))
    out.push(...(await db.selectFrom('events').selectAll().where('id', 'in', part).orderBy('id').execute()).map(eventDelta))
  return out
}

/** The row state of each object after an action, for the feed. */
export async function actionDeltas(db: Kysely<Database>, objects: { object: ObjectKind; id: number }[]): Promise<ActionDelta[]> {
  const ids = (o: ObjectKind) => [...new Set(objects.filter((x) => x.object === o).map((x) => x.id))]
  const out: ActionDelta[] = []
  for (const part of chunked(ids('host'), 1000)) {
    const rows = await db
      .selectFrom('hosts')
      .select(['id', 'hostgroup_id', 'acknowledged', 'max_scheduled_downtime_depth', 'tickets'])
      .where('id', 'in', part)
      .execute()
    for (const r of rows)
      out.push({
        kind: 'action',
        object: 'host',
        id: r.id,
        host_id: r.id,
        hostgroup_id: r.hostgroup_id,
        acknowledged: r.acknowledged === 1,
        scheduled_downtime_depth: r.max_scheduled_downtime_depth,
        tickets: readJson<string[]>(r.tickets, []),
      })
  }
  for (const part of chunked(ids('resource'), 1000)) {
    const rows = await db
      .selectFrom('resources')
      .select(['id', 'host_id', 'hostgroup_id', 'acknowledged', 'scheduled_downtime_depth', 'tickets'])
      .where('id', 'in', part)
      .execute()
    for (const r of rows)
      out.push({
        kind: 'action',
        object: 'resource',
        id: r.id,
        host_id: r.host_id,
        hostgroup_id: r.hostgroup_id,
        acknowledged: r.acknowledged === 1,
        scheduled_downtime_depth: r.scheduled_downtime_depth,
        tickets: readJson<string[]>(r.tickets, []),
      })
  }
  return out
}

/**
 * Issue 5 system events: what an administrator cares about in the server itself (started with its release,
 * stopping, migrations applied, engine overloaded, feed bus reconnected). They have no environment, so
 * store/events.ts shows them to administrators only, and the feed on its `system` topic.
 */
export interface SystemEvent {
  /** STARTED, STOPPING, MIGRATED, OVERLOADED, RECONNECTED */
  status: string
  message: string
  extra_data?: Record<string, unknown>
}

const SYSTEM_SUBJECT = 'Vigil'

/** Writes the event; returns its feed delta. */
export async function writeSystemEvent(db: Kysely<Database>, e: SystemEvent, at = Math.floor(Date.now() / 1000)): Promise<EventDelta> {
  const row = await db
    .insertInto('events')
    .values({
      type: 'system',
      event_class: 'system_event',
      hostgroup_id: null,
      host_id: null,
      resource_id: null,
      subject_name: SYSTEM_SUBJECT,
      start_time: at,
      display_time: at,
      status: e.status,
      message: e.message,
      user_id: null,
      extra_data: JSON.stringify(e.extra_data ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return eventDelta(row as EventRow)
}
