/**
 * The editor's lock on a map (SPEC §4 Maps, §9): editing locks the map for other users; the lock expires
 * MAP_LOCK_EXPIRY_S after the last heartbeat or save, and an expired lock is free. Issue 18: the lock belongs to
 * one editing session (a browser tab, named by the client; '' for API clients), so a second tab of the same
 * user is told where the lock is and may take it over. Every change is one conditional UPDATE, so two editors
 * racing for a lock cannot both get it.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import { demand, type Scope } from './scope'
import { ApiError } from '../../shared/errors'
import { MAP_LOCK_EXPIRY_S } from '../../shared/constants'
import type { MapLock } from '../../shared/api/maps'

interface LockColumns {
  lock_user_id: number | null
  lock_username: string | null
  lock_expires: number | string | null
  lock_session: string | null
  lock_since: number | string | null
}

export const LOCK_COLUMNS = ['lock_user_id', 'lock_username', 'lock_expires', 'lock_session', 'lock_since'] as const

/**
 * The live lock of a row (null when there is none or it expired). Without `session` (map lists, MapInfo) the
 * lock is the caller's when its user holds it; with one, only when that session holds it.
 */
export function lockOf(r: LockColumns, scope: Scope, t: number, session?: string): MapLock | null {
  if (r.lock_user_id === null || r.lock_expires === null || Number(r.lock_expires) <= t) return null
  const sameUser = r.lock_user_id === scope.userId
  return {
    user_id: r.lock_user_id,
    username: r.lock_username ?? '',
    expires: Number(r.lock_expires),
    is_mine: sameUser && (session === undefined || (r.lock_session ?? '') === session),
    same_user: sameUser,
    since: Number(r.lock_since ?? 0),
  }
}

const heldBy = (lock: MapLock) =>
  new ApiError('map_not_locked_by_user', { username: lock.username, same_user: lock.same_user, since: lock.since })

/** SPEC §2: a map locked by another user cannot be edited or deleted; the refusal names who holds it. */
export function refuseOthersLock(map: { lock: MapLock | null }) {
  if (map.lock && !map.lock.is_mine) throw heldBy(map.lock)
}

async function refusal(db: Kysely<Database>, scope: Scope, id: number, t: number, session: string): Promise<ApiError> {
  const row = await db.selectFrom('maps').select(LOCK_COLUMNS).where('id', '=', id).executeTakeFirst()
  const lock = row ? lockOf(row, scope, t, session) : null
  return lock && !lock.is_mine ? heldBy(lock) : new ApiError('map_lock_not_found', { id })
}

/**
 * Takes the lock, or renews it when the caller's session holds it (the heartbeat); editing needs write (SPEC §6).
 * `takeOver` takes it from another session of the same user, never from another user (SPEC §2).
 */
export async function takeLock(
  db: Kysely<Database>,
  scope: Scope,
  map: { id: number; hostgroup_id: number },
  t: number,
  session = '',
  takeOver = false,
): Promise<MapLock> {
  demand(scope, 'write', { environmentId: map.hostgroup_id }, { map_action: 'edit' })
  const expires = t + MAP_LOCK_EXPIRY_S
  const r = await db
    .updateTable('maps')
    .set({
      lock_user_id: scope.userId,
      lock_username: scope.username,
      lock_expires: expires,
      lock_session: session,
      // A renewal keeps the time the session took the lock; anything else starts it now.
      lock_since: sql<number>`CASE WHEN lock_user_id = ${scope.userId} AND lock_session = ${session} AND lock_expires > ${t} AND lock_since IS NOT NULL THEN lock_since ELSE ${t} END`,
    })
    .where('id', '=', map.id)
    .where((eb) =>
      eb.or([
        eb('lock_user_id', 'is', null),
        eb('lock_expires', '<=', t),
        eb.and([
          eb('lock_user_id', '=', scope.userId),
          takeOver ? eb.lit(true) : eb(eb.fn.coalesce('lock_session', eb.val('')), '=', session),
        ]),
      ]),
    )
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) throw await refusal(db, scope, map.id, t, session)
  const row = await db.selectFrom('maps').select(LOCK_COLUMNS).where('id', '=', map.id).executeTakeFirstOrThrow()
  return lockOf(row, scope, t, session)!
}

const mine = (scope: Scope, id: number, t: number, session: string) =>
  sql<boolean>`id = ${id} AND lock_user_id = ${scope.userId} AND COALESCE(lock_session, '') = ${session} AND lock_expires > ${t}`

/** Releases the caller's lock: map_lock_not_found when it holds none, map_not_locked_by_user when another does. */
export async function releaseLock(db: Kysely<Database>, scope: Scope, id: number, t: number, session = '') {
  const r = await db
    .updateTable('maps')
    .set({ lock_user_id: null, lock_username: null, lock_expires: null, lock_session: null, lock_since: null })
    .where(mine(scope, id, t, session))
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) throw await refusal(db, scope, id, t, session)
}

/** A save needs the caller's live lock, and renews it (SPEC §9: 30 minutes after the last heartbeat or save). */
export async function holdLock(db: Kysely<Database>, scope: Scope, id: number, t: number, session = '') {
  const r = await db
    .updateTable('maps')
    .set({ lock_expires: t + MAP_LOCK_EXPIRY_S })
    .where(mine(scope, id, t, session))
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) throw await refusal(db, scope, id, t, session)
}
