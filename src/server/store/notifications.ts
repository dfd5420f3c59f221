/**
 * What the notifier (notifications/notifier.ts) reads to decide on a state change: the host's notification
 * settings and maintenance, the state_change event, and the last notification that went out.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { ActionTarget } from './action-targets'
import { readJson } from './json'

export interface NotificationSettings {
  notificationsEnabled: boolean
  tags: string[]
  /** the object (or for a resource its host) is in maintenance */
  inMaintenance: boolean
}

/** The SPEC §3 host admin fields of a target's host and its maintenance; null when the host is gone. */
export async function notificationSettings(db: Kysely<Database>, target: ActionTarget): Promise<NotificationSettings | null> {
  const host = await db
    .selectFrom('hosts')
    .select(['notifications_enabled', 'tags', 'max_scheduled_downtime_depth'])
    .where('id', '=', target.hostId)
    .executeTakeFirst()
  if (!host) return null
  const resource =
    target.object === 'resource'
      ? await db.selectFrom('resources').select('scheduled_downtime_depth').where('id', '=', target.id).executeTakeFirst()
      : undefined
  return {
    notificationsEnabled: host.notifications_enabled === 1,
    tags: readJson<string[]>(host.tags, []),
    inMaintenance: host.max_scheduled_downtime_depth > 0 || (resource?.scheduled_downtime_depth ?? 0) > 0,
  }
}

export interface DelayedNotification {
  id: number
  stateEventId: number | null
  /** unix seconds when its wait is over */
  due: number
  extra: Record<string, unknown>
}

/** The notifications still waiting (status DELAYED, through the events_delayed index), with when each is due. */
export async function delayedNotifications(db: Kysely<Database>): Promise<DelayedNotification[]> {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'display_time', 'extra_data'])
    .where('status', '=', 'DELAYED')
    .where('type', '=', 'notification')
    .orderBy('id')
    .execute()
  return rows.map((r) => {
    const extra = readJson<Record<string, unknown>>(r.extra_data, {})
    return {
      id: r.id,
      stateEventId: typeof extra.state_event_id === 'number' ? extra.state_event_id : null,
      due: r.display_time + (typeof extra.delayed_s === 'number' ? extra.delayed_s : 0),
      extra,
    }
  })
}

/** Whether a state_change event is (or was written as) a flapping one; null when it is gone. */
export async function isFlappingChange(db: Kysely<Database>, eventId: number): Promise<boolean | null> {
  const row = await db.selectFrom('events').select(['data', 'is_flapping']).where('id', '=', eventId).executeTakeFirst()
  if (!row) return null
  return row.is_flapping === 1 || readJson<Record<string, unknown>>(row.data, {}).flapping !== undefined
}

/** The type of the last notification of an object that went out (a delayed one has not, yet). */
export async function lastNotified(db: Kysely<Database>, t: ActionTarget): Promise<string | null> {
  let q = db
    .selectFrom('events')
    .select(['extra_data'])
    .where('type', '=', 'notification')
    .where('status', 'not in', ['DELAYED', 'DROPPED'])
  q = t.object === 'host' ? q.where('host_id', '=', t.id).where('resource_id', 'is', null) : q.where('resource_id', '=', t.id)
  const row = await q.orderBy('id', 'desc').limit(1).executeTakeFirst()
  return row ? String(readJson<Record<string, unknown>>(row.extra_data, {}).notification_type ?? '') : null
}

/** Issue 17: an acknowledgement event made with "notify" — its comment and author; null otherwise or when gone. */
export async function notifyingAcknowledgement(db: Kysely<Database>, eventId: number) {
  const row = await db
    .selectFrom('events')
    .select(['extra_data', 'comment', 'username', 'user_full_name'])
    .where('id', '=', eventId)
    .where('type', '=', 'acknowledgement')
    .executeTakeFirst()
  if (!row || readJson<Record<string, unknown>>(row.extra_data, {}).notify !== true) return null
  return { comment: row.comment, author: row.user_full_name || row.username }
}
