/**
 * The editor's lock on a map (SPEC §4 Maps, §9): editing locks the map for other users; the lock expires
 * MAP_LOCK_EXPIRY_S after the last heartbeat or save, and an expired lock is free. Every change is one
 * conditional UPDATE, so two editors racing for a lock cannot both get it.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { demand, type Scope } from './scope'
import { ApiError } from '../../shared/errors'
import { MAP_LOCK_EXPIRY_S } from '../../shared/constants'
import type { MapLock } from '../../shared/api/maps'

interface LockColumns {
  lock_user_id: number | null
  lock_username: string | null
  lock_expires: number | string | null
}

/** The live lock of a row (null when there is none or it expired). */
export function lockOf(r: LockColumns, scope: Scope, t: number): MapLock | null {
  if (r.lock_user_id === null || r.lock_expires === null || Number(r.lock_expires) <= t) return null
  return {
    user_id: r.lock_user_id,
    username: r.lock_username ?? '',
    expires: Number(r.lock_expires),
    is_mine: r.lock_user_id === scope.userId,
  }
}

const heldByOther = (username: string) => new ApiError('map_not_locked_by_user', { username })

/** SPEC §2: a map locked by another user cannot be edited or deleted; the refusal names who holds it. */
export function refuseOthersLock(map: { lock: MapLock | null }) {
  if (map.lock && !map.lock.is_mine) throw heldByOther(map.lock.username)
}

async function refusal(db: Kysely<Database>, scope: Scope, id: number, t: number): Promise<ApiError> {
  const row = await db.selectFrom('maps').select(['lock_user_id', 'lock_username', 'lock_expires']).where('id', '=', id).executeTakeFirst()
  const lock = row ? lockOf(row, scope, t) : null
  return lock && !lock.is_mine ? heldByOther(lock.username) : new ApiError('map_lock_not_found', { id })
}

/** Takes the lock, or renews it when the caller holds it (the heartbeat); editing needs write (SPEC §6). */
export async function takeLock(db: Kysely<Database>, scope: Scope, map: { id: number; hostgroup_id: number }, t: number): Promise<MapLock> {
  demand(scope, 'write', { environmentId: map.hostgroup_id }, { map_action: 'edit' })
  const id = map.id
  const expires = t + MAP_LOCK_EXPIRY_S
  const r = await db
    .updateTable('maps')
    .set({ lock_user_id: scope.userId, lock_username: scope.username, lock_expires: expires })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lock_user_id', 'is', null), eb('lock_user_id', '=', scope.userId), eb('lock_expires', '<=', t)]))
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) throw await refusal(db, scope, id, t)
  return { user_id: scope.userId, username: scope.username, expires, is_mine: true }
}

/** Releases the caller's lock: map_lock_not_found when it holds none, map_not_locked_by_user when another does. */
export async function releaseLock(db: Kysely<Database>, scope: Scope, id: number, t: number) {
  const r = await db
    .updateTable('maps')
    .set({ lock_user_id: null, lock_username: null, lock_expires: null })
    .where('id', '=', id)
    .where('lock_user_id', '=', scope.userId)
    .where('lock_expires', '>', t)
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) throw await refusal(db, scope, id, t)
}

/** A save needs the caller's live lock, and renews it (SPEC §9: 30 minutes after the last heartbeat or save). */
export async function holdLock(db: Kysely<Database>, scope: Scope, id: number, t: number) {
  const r = await db
    .updateTable('maps')
    .set({ lock_expires: t + MAP_LOCK_EXPIRY_S })
    .where('id', '=', id)
    .where('lock_user_id', '=', scope.userId)
    .where('lock_expires', '>', t)
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) throw await refusal(db, scope, id, t)
}
