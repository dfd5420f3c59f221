/**
 * Issue 16 "Forgot password": single-use, short-lived reset links. Only the SHA-256 of a link's token is
 * stored (256 random bits need no KDF, as for bearer tokens); a used link, and every other link of the user,
 * stops working when the password is set.
 */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { Database } from './db'
import { now } from './json'
import { newToken, hashToken } from '../security/tokens'
import { writeAuditEvent } from './audit'
import { forgetTokens } from './tokens'
import { ApiError, LOGIN_FEEDBACK } from '../../shared/errors'

/** How long a reset link works. */
export const RESET_LINK_TTL_S = 30 * 60
/** Links one user may be sent per hour, whoever asks: a stranger cannot flood a mailbox. */
export const RESET_LINKS_PER_USER_PER_HOUR = 3
/** Users one request may reach (several users may share an address). */
const USERS_PER_REQUEST = 5

/** The users a request names, by username or by email (case-insensitive), that have an address to write to. */
export async function usersToReset(db: Kysely<Database>, login: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where((eb) => eb.or([eb('username', '=', login), eb(sql<string>`lower(email)`, '=', login.toLowerCase())]))
    .where('email', '!=', '')
    .orderBy('id')
    .limit(USERS_PER_REQUEST)
    .execute()
}

/** A new link's token for `userId`, or null when the user was sent enough links this hour. */
export async function createResetLink(db: Kysely<Database>, userId: number): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    // Locks the user's row first, so simultaneous requests count one after the other (PostgreSQL reads committed rows).
    await tx
      .updateTable('users')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', userId)
      .execute()
    const t = now()
    const { sent } = await tx
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number>().as('sent'))
      .where('user_id', '=', userId)
      .where('created', '>', t - 3600)
      .executeTakeFirstOrThrow()
    if (Number(sent) >= RESET_LINKS_PER_USER_PER_HOUR) return null
    const { token, hash } = newToken()
    await tx
      .insertInto('password_resets')
      .values({ user_id: userId, token_hash: hash, created: t, expires: t + RESET_LINK_TTL_S })
      .execute()
    return token
  })
}

/** The user a link stands for while it works; an unknown, used or expired link is SPEC §8 `invalid_token` (code 2). */
async function linkedUser(db: Kysely<Database>, token: string) {
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'users.organization_id'])
    .where('token_hash', '=', hashToken(token))
    .where('expires', '>', now())
    .executeTakeFirst()
  if (!row) throw new ApiError('invalid_token', { login_feedback: LOGIN_FEEDBACK.invalid_token })
  return row
}

/** Whether a link still works, so the page can say so before the person types a new password. */
export async function checkResetLink(db: Kysely<Database>, token: string): Promise<void> {
  await linkedUser(db, token)
}

/**
 * Sets the password a link was sent for: the link and the user's other links end (kept until the hour passes,
 * so they still count against the per-user limit), every session of the user ends, and an audit event says so.
 * Returns the ended sessions' token ids, so their feed sockets close too.
 */
export async function resetPassword(db: Kysely<Database>, token: string, passwordHash: string): Promise<number[]> {
  const ended = await db.transaction().execute(async (tx) => {
    const user = await linkedUser(tx, token)
    const t = now()
    await tx.updateTable('password_resets').set({ expires: t }).where('user_id', '=', user.id).where('expires', '>', t).execute()
    await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute()
    const sessions = await tx.deleteFrom('tokens').where('user_id', '=', user.id).where('kind', '=', 'session').returning('id').execute()
    const actor = { userId: user.id, username: user.username, fullName: `${user.first_name} ${user.last_name}`.trim() }
    await writeAuditEvent(tx, actor, {
      subject: 'user',
      status: 'PASSWORD_RESET',
      id: user.id,
      name: user.username,
      organizationId: user.organization_id,
      after: { password: '(set)', sessions_ended: sessions.length },
    })
    return sessions.map((s) => s.id)
  })
  forgetTokens()
  return ended
}

/** Links created over an hour ago: expired and no longer counted. */
export async function purgeOldResetLinks(db: Kysely<Database>) {
  await db
    .deleteFrom('password_resets')
    .where('created', '<=', now() - 3600)
    .execute()
}
