/**
 * Issue 13 "Login" (review M6): failed logins per (user, source address) instead of one lock per account, so
 * nobody can lock a user out from elsewhere. After LOCKOUT_FAILURES failures from a source, that source waits
 * a delay that doubles with each further failure, up to LOCKOUT_MAX_DELAY_S. Failures are forgotten
 * FAILURE_MEMORY_S after the last one. An administrator of the user's organization or a server admin unlocks.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { can, type Scope } from './scope'
import { writeAuditEvent } from './audit'
import { now } from './json'
import { ApiError } from '../../shared/errors'

export const LOCKOUT_FAILURES = 5
export const LOCKOUT_FIRST_DELAY_S = 60
export const LOCKOUT_MAX_DELAY_S = 15 * 60
const FAILURE_MEMORY_S = 60 * 60

/** Seconds a source waits after its n-th failure in a row: none, then 1 minute doubling up to 15 minutes. */
export function waitAfter(failures: number): number {
  return failures < LOCKOUT_FAILURES ? 0 : Math.min(LOCKOUT_FIRST_DELAY_S * 2 ** (failures - LOCKOUT_FAILURES), LOCKOUT_MAX_DELAY_S)
}

/** When the source may try again, if it must still wait. */
export async function lockedUntil(db: Kysely<Database>, userId: number, source: string): Promise<number | null> {
  const row = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .executeTakeFirst()
  return row?.locked_until && row.locked_until > now() ? row.locked_until : null
}

/** Counts a failed login of the user from the source and sets the delay it has earned. */
export async function recordLoginFailure(db: Kysely<Database>, userId: number, source: string) {
  await db.transaction().execute(async (tx) => {
    const t = now()
    const row = await tx
      .selectFrom('login_failures')
      .select(['failures', 'last_failure'])
      .where('user_id', '=', userId)
      .where('source', '=', source)
      .executeTakeFirst()
    const failures = row && t - row.last_failure < FAILURE_MEMORY_S ? row.failures + 1 : 1
    const delay = waitAfter(failures)
    const values = { failures, last_failure: t, locked_until: delay ? t + delay : null }
    // An upsert: two failures at the same moment must not collide on the key.
    await tx
      .insertInto('login_failures')
      .values({ user_id: userId, source, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'source']).doUpdateSet(values))
      .execute()
  })
}

export async function clearLoginFailures(db: Kysely<Database>, userId: number, source: string) {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).where('source', '=', source).execute()
}

export async function purgeStaleLoginFailures(db: Kysely<Database>) {
  await db
    .deleteFrom('login_failures')
    .where('last_failure', '<', now() - FAILURE_MEMORY_S)
    .execute()
}

/**
 * A user whose login an administrator may manage (unlock, reset second factors): server admins, and
 * administrators (`user_read` and `hostgroup_write` at organization level) of the user's organization; a user
 * outside the caller's view answers the same 404 as an absent one.
 */
export async function userToManage(db: Kysely<Database>, scope: Scope, userId: number, action: string) {
  const user = await db.selectFrom('users').select(['id', 'username', 'organization_id']).where('id', '=', userId).executeTakeFirst()
  if (!user || (!scope.serverAdmin && !scope.organizationIds.includes(user.organization_id)))
    throw new ApiError('user_not_found', { id: userId })
  const where = { organizationId: user.organization_id }
  if (!scope.serverAdmin && !(can(scope, 'user_read', where) && can(scope, 'hostgroup_write', where)))
    throw new ApiError('unauthorized', { action })
  return user
}

/**
 * Clears a user's failures from every source. Allowed to server admins and to administrators (`user_read` and
 * `hostgroup_write` at organization level) of the user's organization; a user outside the caller's view is absent.
 */
export async function unlockUser(db: Kysely<Database>, scope: Scope, userId: number) {
  await db.transaction().execute(async (tx) => {
    const user = await userToManage(tx, scope, userId, 'unlock')
    const cleared = await tx.deleteFrom('login_failures').where('user_id', '=', userId).executeTakeFirst()
    await writeAuditEvent(tx, scope, {
      subject: 'user',
      status: 'UNLOCKED',
      id: user.id,
      name: user.username,
      organizationId: user.organization_id,
      before: { failing_sources: Number(cleared.numDeletedRows) },
      after: { failing_sources: 0 },
    })
  })
}
