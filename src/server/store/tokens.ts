/** Bearer tokens (session tokens from login, API tokens for agents): stored hashed, with expiry. */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { newToken, hashToken } from '../security/tokens'
import { now } from './json'
import { URL_TOKEN_TTL_S } from '../../shared/constants'

/** A session lasts as long as a URL token is kept (SPEC §9: 12 h). */
export const SESSION_TTL_S = URL_TOKEN_TTL_S

export async function issueToken(db: Kysely<Database>, userId: number, kind: 'session' | 'api', ttlS: number, name = '') {
  const { token, hash } = newToken()
  const created = now()
  await db
    .insertInto('tokens')
    .values({ user_id: userId, token_hash: hash, kind, name, created, expires: created + ttlS })
    .execute()
  return { token, expires_at: created + ttlS }
}

/** The user behind a token, or undefined when unknown or expired. `last_used` is kept to the minute. */
export async function resolveToken(db: Kysely<Database>, token: string) {
  const hash = hashToken(token)
  const row = await db
    .selectFrom('tokens')
    .select(['id', 'user_id', 'kind', 'expires', 'last_used'])
    .where('token_hash', '=', hash)
    .executeTakeFirst()
  const t = now()
  if (!row || row.expires <= t) return undefined
  if (row.last_used === null || t - row.last_used >= 60)
    await db.updateTable('tokens').set({ last_used: t }).where('id', '=', row.id).execute()
  return { userId: row.user_id, tokenId: row.id, kind: row.kind }
}

/** Issue 13 sessions_per_user: ends the user's oldest sessions so that at most `keep` remain. */
export async function trimSessions(db: Kysely<Database>, userId: number, keep: number) {
  const sessions = await db
    .selectFrom('tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'session')
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const ended = sessions.slice(keep).map((s) => s.id)
  if (ended.length) await db.deleteFrom('tokens').where('id', 'in', ended).execute()
}

export async function revokeToken(db: Kysely<Database>, tokenId: number) {
  await db.deleteFrom('tokens').where('id', '=', tokenId).execute()
}

export async function purgeExpiredTokens(db: Kysely<Database>) {
  await db.deleteFrom('tokens').where('expires', '<=', now()).execute()
}

/** The user of a token that is still valid, by its id (the feed re-checks the session a socket stands for). */
export async function sessionOf(db: Kysely<Database>, tokenId: number) {
  const row = await db.selectFrom('tokens').select(['user_id', 'expires']).where('id', '=', tokenId).executeTakeFirst()
  return row && row.expires > now() ? { userId: row.user_id, tokenId } : undefined
}
