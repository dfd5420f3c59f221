/**
 * SPEC §3 Acknowledgement (persistent flag and comment), §4 Acknowledgements (add, optionally persistent,
 * and remove), §5 comment required. Semantics, as Nagios' sticky acknowledgements:
 * - a non-persistent acknowledgement ends at the next state change of its object;
 * - a persistent one stays until the object is OK/UP again;
 * - acknowledging again replaces the acknowledgement in effect, so an object has at most one;
 * - one with an expiry time ends then, whatever the state (the engine's timer, engine/acknowledgements.ts);
 * - one with a persistent comment stays listed, as ended, after it ended (issue 17 acknowledge options).
 * The host/resource row's `acknowledged` is true exactly while one is in effect. Ending by state change
 * happens in the engine's result transaction (engine/ingest.ts → endAcknowledgements).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import {
  chunked,
  isProblem,
  loadTargets,
  objectWhere,
  rightRefusal,
  rowKey,
  targetKey,
  type ActionTarget,
  type ObjectKind,
  type Refusal,
  type StateChangeNote,
} from './action-targets'
import { actionDeltas, eventDelta, writeEvents, type Actor } from './event-log'
import type { Acknowledgement, AcknowledgementOptions } from '../../shared/api/acknowledgements'
import type { FeedDelta } from '../../shared/feed'

export function acknowledgeRefusal(scope: Scope, t: ActionTarget): Refusal | null {
  // Nothing to acknowledge on an OK/UP (or never checked) object.
  return (
    rightRefusal(scope, 'add_acknowledgement', t) ??
    (isProblem(t.state) ? null : { key: 'acknowledgement_add_failed', extra: { reason: 'no_problem', state: t.state } })
  )
}

async function setAcknowledged(db: Kysely<Database>, objects: { object: ObjectKind; id: number }[], value: 0 | 1) {
  const hosts = objects.filter((o) => o.object === 'host').map((o) => o.id)
  const resources = objects.filter((o) => o.object === 'resource').map((o) => o.id)
  if (hosts.length) await db.updateTable('hosts').set({ acknowledged: value }).where('id', 'in', hosts).execute()
  if (resources.length) await db.updateTable('resources').set({ acknowledged: value }).where('id', 'in', resources).execute()
}

interface AcknowledgementRow {
  id: number
  comment: string
  persistent: number
  notify: number
  expire_time: number | null
  persistent_comment: number
  username: string
  user_full_name: string
  created_time: number
  ended_time: number | null
  end_reason: string
}

function toApi(r: AcknowledgementRow, t: ActionTarget): Acknowledgement {
  return {
    id: r.id,
    host_id: t.hostId,
    host_name: t.hostName,
    resource_id: t.object === 'resource' ? t.id : null,
    resource_name: t.resourceName,
    comment: r.comment,
    persistent: r.persistent === 1,
    notify: r.notify === 1,
    expire_time: r.expire_time === null ? null : Number(r.expire_time),
    persistent_comment: r.persistent_comment === 1,
    username: r.username,
    user_full_name: r.user_full_name,
    created_time: Number(r.created_time),
    ended_time: r.ended_time === null ? null : Number(r.ended_time),
    end_reason: r.end_reason,
  }
}

/** Acknowledges targets (checked with acknowledgeRefusal) in the caller's transaction. */
export async function addAcknowledgements(
  tx: Kysely<Database>,
  actor: Actor,
  targets: ActionTarget[],
  body: Pick<AcknowledgementOptions, 'comment' | 'persistent'> & Partial<AcknowledgementOptions>,
  at: number,
) {
  if (!targets.length) return { result: [] as Acknowledgement[], deltas: [] as FeedDelta[] }
  await tx
    .updateTable('acknowledgements')
    .set({ ended_time: at, end_reason: 'replaced' })
    .where('ended_time', 'is', null)
    .where(objectWhere(targets))
    .execute()
  const rows = await tx
    .insertInto('acknowledgements')
    .values(
      targets.map((t) => ({
        host_id: t.hostId,
        resource_id: t.object === 'resource' ? t.id : null,
        hostgroup_id: t.hostgroupId,
        comment: body.comment,
        persistent: body.persistent ? 1 : 0,
        notify: body.notify ? 1 : 0,
        expire_time: body.expire_time ?? null,
        persistent_comment: body.persistent_comment ? 1 : 0,
        user_id: actor.userId,
        username: actor.username,
        user_full_name: actor.fullName,
        created_time: at,
      })),
    )
    .returningAll()
    .execute()
  await setAcknowledged(tx, targets, 1)
  const events = await writeEvents(
    tx,
    targets.map((t) => ({
      type: 'acknowledgement' as const,
      target: t,
      status: 'ADDED',
      comment: body.comment,
      actor,
      start_time: at,
      extra_data: {
        persistent: body.persistent,
        notify: body.notify ?? false,
        expire_time: body.expire_time ?? null,
        persistent_comment: body.persistent_comment ?? false,
      },
    })),
  )
  const byKey = new Map(targets.map((t) => [targetKey(t), t]))
  return {
    result: rows.map((r) => toApi(r, byKey.get(rowKey(r))!)),
    deltas: [...events.map(eventDelta), ...(await actionDeltas(tx, targets))] as FeedDelta[],
  }
}

/** The acknowledgement in effect on an object, then ended ones kept for their persistent comment ("view acknowledgements"). */
export async function listAcknowledgements(db: Kysely<Database>, t: ActionTarget): Promise<Acknowledgement[]> {
  const rows = await db
    .selectFrom('acknowledgements')
    .selectAll()
    .where((w) => w.or([w('ended_time', 'is', null), w('persistent_comment', '=', 1)]))
    .where(objectWhere([t]))
    .orderBy('id')
    .execute()
  return rows.map((r) => toApi(r, t)).sort((x, y) => Number(x.ended_time !== null) - Number(y.ended_time !== null) || y.id - x.id)
}

/** Removes the acknowledgements in effect (SPEC §4 remove); an object without one is left as it is. */
export async function removeAcknowledgements(tx: Kysely<Database>, actor: Actor, targets: ActionTarget[], at: number) {
  const active = await tx
    .selectFrom('acknowledgements')
    .select(['id', 'host_id', 'resource_id'])
    .where('ended_time', 'is', null)
    .where(objectWhere(targets))
    .execute()
  const keys = new Set(active.map(rowKey))
  const hit = targets.filter((t) => keys.has(targetKey(t)))
  if (!hit.length) return { removed: 0, deltas: [] as FeedDelta[] }
  await tx
    .updateTable('acknowledgements')
    .set({ ended_time: at, end_reason: 'removed' })
    .where(
      'id',
      'in',
      active.map((a) => a.id),
    )
    .execute()
  await setAcknowledged(tx, hit, 0)
  const events = await writeEvents(
    tx,
    hit.map((t) => ({ type: 'acknowledgement' as const, target: t, status: 'REMOVED', comment: '', actor, start_time: at })),
  )
  return { removed: active.length, deltas: [...events.map(eventDelta), ...(await actionDeltas(tx, hit))] as FeedDelta[] }
}

/**
 * SPEC §4 semantics at a state change, in the engine's result transaction: non-persistent
 * acknowledgements end, persistent ones end only on recovery. No event is written: the state change is.
 */
export async function endAcknowledgements(tx: Kysely<Database>, changes: StateChangeNote[]): Promise<FeedDelta[]> {
  const last = new Map<string, StateChangeNote>()
  for (const c of changes) last.set(targetKey(c), { ...c, problem: c.problem && (last.get(targetKey(c))?.problem ?? true) })
  const active = await tx
    .selectFrom('acknowledgements')
    .select(['id', 'host_id', 'resource_id', 'persistent'])
    .where('ended_time', 'is', null)
    .where(objectWhere(changes))
    .execute()
  const ending = active.filter((a) => a.persistent === 0 || !last.get(rowKey(a))!.problem)
  if (!ending.length) return []
  // One statement per (time, reason): a mass recovery ends thousands in a few statements.
  const groups = new Map<string, number[]>()
  for (const a of ending) {
    const c = last.get(rowKey(a))!
    const g = `${c.at}:${c.problem ? 'state_change' : 'recovered'}`
    groups.set(g, [...(groups.get(g) ?? []), a.id])
  }
  for (const [g, ids] of groups) {
    const [at, reason] = g.split(':')
    for (const part of chunked(ids, 1000))
      await tx
        .updateTable('acknowledgements')
        .set({ ended_time: Number(at), end_reason: reason })
        .where('id', 'in', part)
        .execute()
  }
  const objects = [...new Set(ending.map(rowKey))].map((k) => last.get(k)!)
  await setAcknowledged(tx, objects, 0)
  return actionDeltas(tx, objects)
}

/**
 * Ends the acknowledgements whose expiry time has come (issue 17), with an EXPIRED timeline event each;
 * answers the feed deltas and the next expiry time still ahead (unix seconds, null when none).
 */
export async function expireAcknowledgements(tx: Kysely<Database>, at: number): Promise<{ deltas: FeedDelta[]; next: number | null }> {
  const due = await tx
    .selectFrom('acknowledgements')
    .select(['id', 'host_id', 'resource_id'])
    .where('ended_time', 'is', null)
    .where('expire_time', '<=', at)
    .execute()
  const deltas: FeedDelta[] = []
  if (due.length) {
    for (const part of chunked(
      due.map((a) => a.id),
      1000,
    ))
      await tx.updateTable('acknowledgements').set({ ended_time: at, end_reason: 'expired' }).where('id', 'in', part).execute()
    const targets = [
      ...(await loadTargets(
        tx,
        'host',
        due.filter((a) => a.resource_id === null).map((a) => a.host_id),
      )),
      ...(await loadTargets(
        tx,
        'resource',
        due.flatMap((a) => (a.resource_id === null ? [] : [a.resource_id])),
      )),
    ]
    await setAcknowledged(tx, targets, 0)
    const events = await writeEvents(
      tx,
      targets.map((t) => ({ type: 'acknowledgement' as const, target: t, status: 'EXPIRED', comment: '', actor: null, start_time: at })),
    )
    deltas.push(...events.map(eventDelta), ...(await actionDeltas(tx, targets)))
  }
  const next = await tx
    .selectFrom('acknowledgements')
    .select((e) => e.fn.min('expire_time').as('next'))
    .where('ended_time', 'is', null)
    .executeTakeFirst()
  return { deltas, next: next?.next == null ? null : Number(next.next) }
}
