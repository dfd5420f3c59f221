/**
 * SPEC §3 Maintenance, §4 Maintenance (scheduled, started, ended, all removed): the rows, their one
 * timeline event each (type downtime; status SCHEDULED → STARTED → STOPPED, or CANCELLED when removed;
 * start_time/display_time = the maintenance start, so a future one is upcoming), and the depth columns
 * (hosts.max_scheduled_downtime_depth, resources.scheduled_downtime_depth: how many are in effect).
 * When a downtime starts and ends is decided by the engine (engine/downtimes.ts); this module writes it.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, DowntimeTable } from './db'
import { chunked, loadTargets, objectWhere, rowKey, targetKey, type ActionTarget, type ObjectKind } from './action-targets'
import { actionDeltas, eventDelta, eventDeltas, writeEvents, type Actor } from './event-log'
import type { Downtime, DowntimeStatus } from '../../shared/api/downtimes'
import type { FeedDelta } from '../../shared/feed'

type Row = Selectable<DowntimeTable>
const NOT_OVER = ['SCHEDULED', 'STARTED']

function toApi(r: Row, t: ActionTarget): Downtime {
  return {
    id: r.id,
    host_id: r.host_id,
    host_name: t.hostName,
    resource_id: r.resource_id,
    resource_name: t.resourceName,
    start_time: r.start_time,
    end_time: r.end_time,
    is_flexible: r.is_flexible === 1,
    duration: r.duration,
    comment: r.comment,
    status: r.status as DowntimeStatus,
    actual_start: r.actual_start,
    actual_end: r.actual_end,
    username: r.username,
    user_full_name: r.user_full_name,
    created_time: r.created_time,
  }
}

interface DowntimeWindow {
  start_time: number
  end_time: number
  comment: string
  is_flexible: boolean
  duration?: number | null
}

/** Schedules one maintenance per target and its SCHEDULED event; the engine starts it (call its wake()). */
export async function scheduleDowntimes(tx: Kysely<Database>, actor: Actor, targets: ActionTarget[], w: DowntimeWindow, at: number) {
  if (!targets.length) return { ids: [] as number[], deltas: [] as FeedDelta[] }
  // A fixed maintenance lasts its window; a flexible one `duration` seconds from when it triggers.
  const duration = w.is_flexible ? w.duration! : w.end_time - w.start_time
  const events = await writeEvents(
    tx,
    targets.map((t) => ({
      type: 'downtime' as const,
      target: t,
      status: 'SCHEDULED',
      comment: w.comment,
      actor,
      start_time: w.start_time,
      end_time: w.end_time,
      is_flexible: w.is_flexible,
      duration,
    })),
  )
  const eventOf = new Map(events.map((e) => [rowKey({ host_id: e.host_id!, resource_id: e.resource_id }), e.id]))
  const ids: number[] = []
  for (const part of chunked(targets, 300)) {
    const rows = await tx
      .insertInto('downtimes')
      .values(
        part.map((t) => ({
          host_id: t.hostId,
          resource_id: t.object === 'resource' ? t.id : null,
          hostgroup_id: t.hostgroupId,
          start_time: w.start_time,
          end_time: w.end_time,
          is_flexible: w.is_flexible ? 1 : 0,
          duration,
          comment: w.comment,
          status: 'SCHEDULED',
          event_id: eventOf.get(targetKey(t)) ?? null,
          user_id: actor.userId,
          username: actor.username,
          user_full_name: actor.fullName,
          created_time: at,
          updated_time: at,
        })),
      )
      .returning('id')
      .execute()
    ids.push(...rows.map((r) => r.id))
  }
  return { ids, deltas: events.map(eventDelta) as FeedDelta[] }
}

/** Maintenance of an object that is not over yet ("view maintenance"), or the given ones. */
export async function listDowntimes(db: Kysely<Database>, t: ActionTarget, ids?: number[]): Promise<Downtime[]> {
  let q = db
    .selectFrom('downtimes')
    .selectAll()
    .where(objectWhere([t]))
  q = ids ? q.where('id', 'in', ids.length ? ids : [-1]) : q.where('status', 'in', NOT_OVER)
  return (await q.orderBy('start_time').orderBy('id').execute()).map((r) => toApi(r, t))
}

/** Sets each object's depth to the number of its maintenances in effect (SPEC §3: over 0 = in maintenance). */
async function recomputeDepths(tx: Kysely<Database>, objects: { object: ObjectKind; id: number }[]) {
  const ids = (o: ObjectKind) => [...new Set(objects.filter((x) => x.object === o).map((x) => x.id))]
  for (const part of chunked(ids('host'), 1000)) {
    await tx
      .updateTable('hosts')
      .set({
        max_scheduled_downtime_depth: sql`(SELECT COUNT(*) FROM downtimes d WHERE d.host_id = hosts.id AND d.resource_id IS NULL AND d.status = 'STARTED')`,
      })
      .where('id', 'in', part)
      .execute()
  }
  for (const part of chunked(ids('resource'), 1000)) {
    await tx
      .updateTable('resources')
      .set({
        scheduled_downtime_depth: sql`(SELECT COUNT(*) FROM downtimes d WHERE d.resource_id = resources.id AND d.status = 'STARTED')`,
      })
      .where('id', 'in', part)
      .execute()
  }
}

const objectOf = (r: { host_id: number; resource_id: number | null }) =>
  r.resource_id === null ? { object: 'host' as const, id: r.host_id } : { object: 'resource' as const, id: r.resource_id }

/** SPEC §4 "all removed": every maintenance of the targets not yet over becomes CANCELLED. */
export async function cancelDowntimes(tx: Kysely<Database>, targets: ActionTarget[], at: number) {
  const rows = await tx.selectFrom('downtimes').selectAll().where('status', 'in', NOT_OVER).where(objectWhere(targets)).execute()
  if (!rows.length) return { removed: 0, deltas: [] as FeedDelta[] }
  for (const part of chunked(
    rows.map((r) => r.id),
    1000,
  )) {
    await tx
      .updateTable('downtimes')
      .set({ status: 'CANCELLED', actual_end: sql`CASE WHEN status = 'STARTED' THEN ${at} ELSE actual_end END`, updated_time: at })
      .where('id', 'in', part)
      .execute()
  }
  const eventIds = rows.flatMap((r) => (r.event_id === null ? [] : [r.event_id]))
  for (const part of chunked(eventIds, 1000)) {
    await tx
      .updateTable('events')
      .set({ status: 'CANCELLED', end_time: sql`CASE WHEN status = 'STARTED' THEN ${at} ELSE end_time END` })
      .where('id', 'in', part)
      .execute()
  }
  const objects = rows.map(objectOf)
  await recomputeDepths(tx, objects)
  return { removed: rows.length, deltas: [...(await eventDeltas(tx, eventIds)), ...(await actionDeltas(tx, objects))] as FeedDelta[] }
}

/** A maintenance not over yet, with its object's state (for the flexible trigger). */
export interface ActiveDowntime {
  id: number
  host_id: number
  resource_id: number | null
  status: string
  start_time: number
  end_time: number
  is_flexible: boolean
  duration: number
  actual_start: number | null
  actual_end: number | null
  event_id: number | null
  object_state: string
}

/** Every maintenance not over yet, or those of some objects. */
export async function activeDowntimes(db: Kysely<Database>, objects?: { object: ObjectKind; id: number }[]): Promise<ActiveDowntime[]> {
  let q = db.selectFrom('downtimes').selectAll().where('status', 'in', NOT_OVER)
  if (objects) q = q.where(objectWhere(objects))
  const rows = await q.execute()
  const state = new Map<string, string>()
  for (const o of ['host', 'resource'] as const) {
    const ids = rows.filter((r) => objectOf(r).object === o).map((r) => objectOf(r).id)
    for (const t of await loadTargets(db, o, ids)) state.set(targetKey(t), t.state)
  }
  return rows.map((r) => ({
    id: r.id,
    host_id: r.host_id,
    resource_id: r.resource_id,
    status: r.status,
    start_time: r.start_time,
    end_time: r.end_time,
    is_flexible: r.is_flexible === 1,
    duration: r.duration,
    actual_start: r.actual_start,
    actual_end: r.actual_end,
    event_id: r.event_id,
    object_state: state.get(rowKey(r)) ?? 'pending',
  }))
}

export type DowntimeChange =
  | { row: ActiveDowntime; to: 'STARTED'; actual_start: number; actual_end: number }
  | { row: ActiveDowntime; to: 'STOPPED'; actual_end: number | null }

/**
 * Moves maintenances on, each only from the status it was read in (several engine processes may race;
 * the update that wins returns the row), with their events and depths. Changes with the same outcome go
 * in one statement: a bulk maintenance over thousands of objects starts in a few. A flexible one's
 * event moves to when it really ran.
 */
export async function applyDowntimeChanges(tx: Kysely<Database>, changes: DowntimeChange[], at: number): Promise<FeedDelta[]> {
  const groups = new Map<string, DowntimeChange[]>()
  for (const c of changes) {
    const key = JSON.stringify([c.to, c.row.status, c.row.is_flexible, c.to === 'STARTED' ? c.actual_start : null, c.actual_end])
    groups.set(key, [...(groups.get(key) ?? []), c])
  }
  const objects: { object: ObjectKind; id: number }[] = []
  const eventIds: number[] = []
  for (const group of groups.values()) {
    const c = group[0]
    const patch =
      c.to === 'STARTED'
        ? { status: c.to, actual_start: c.actual_start, actual_end: c.actual_end }
        : { status: c.to, actual_end: c.actual_end }
    const moved =
      c.to === 'STARTED' && c.row.is_flexible ? { start_time: c.actual_start, display_time: c.actual_start, end_time: c.actual_end } : {}
    const end = c.to === 'STOPPED' && c.actual_end !== null ? { end_time: c.actual_end } : {}
    for (const part of chunked(group, 1000)) {
      const won = await tx
        .updateTable('downtimes')
        .set({ ...patch, updated_time: at })
        .where(
          'id',
          'in',
          part.map((x) => x.row.id),
        )
        .where('status', '=', c.row.status)
        .returning(['host_id', 'resource_id', 'event_id'])
        .execute()
      objects.push(...won.map(objectOf))
      const events = won.flatMap((w) => (w.event_id === null ? [] : [w.event_id]))
      if (events.length)
        await tx
          .updateTable('events')
          .set({ status: c.to, ...moved, ...end })
          .where('id', 'in', events)
          .execute()
      eventIds.push(...events)
    }
  }
  await recomputeDepths(tx, objects)
  return [...(await eventDeltas(tx, eventIds)), ...(await actionDeltas(tx, objects))]
}

/** applyDowntimeChanges in a transaction of its own (the maintenance timer's changes). */
export async function applyDueDowntimes(db: Kysely<Database>, changes: DowntimeChange[], at: number): Promise<FeedDelta[]> {
  return db.transaction().execute((tx) => applyDowntimeChanges(tx, changes, at))
}
