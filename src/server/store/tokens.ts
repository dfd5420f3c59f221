/**
 * Bearer tokens (issue 16: one model for sessions, API tokens, wall tokens and later probe tokens): 256 random
 * bits shown once, stored as their SHA-256; each expires, may be revoked (refused at once) and records its last
 * use (time and address) at most once a minute, so reading with a token costs no write per request.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database } from './db'
import { onScopesInvalidated, type Scope } from './scope'
import { perDatabaseCache } from './cache'
import { writeAuditEvent } from './audit'
import { newToken, hashToken } from '../security/tokens'
import { now, readJson } from './json'
import { URL_TOKEN_TTL_S } from '../../shared/constants'
import { ApiError } from '../../shared/errors'
import { DAY_S, expireDaysProblem, tokenNameProblem, type TokenBody, type TokenRow } from '../../shared/api/tokens'

/** A session lasts as long as a URL token is kept (SPEC §9: 12 h). */
export const SESSION_TTL_S = URL_TOKEN_TTL_S
/** Last use is written at most this often per token. */
const LAST_USE_EVERY_S = 60

export type TokenKind = 'session' | 'api' | 'wall'
/** What a wall token may read: its maps and slideshows (the maps of those slideshows come with them). */
export interface WallScope {
  hostgroupId: number
  mapIds: number[]
  slideshowIds: number[]
}

export async function issueToken(db: Kysely<Database>, userId: number, kind: TokenKind, ttlS: number, name = '', wall?: WallScope) {
  const { token, hash } = newToken()
  const created = now()
  const { id } = await db
    .insertInto('tokens')
    .values({
      user_id: userId,
      token_hash: hash,
      kind,
      name,
      created,
      expires: created + ttlS,
      hostgroup_id: wall?.hostgroupId ?? null,
      scope: wall ? JSON.stringify({ mapIds: wall.mapIds, slideshowIds: wall.slideshowIds }) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id, token, expires_at: created + ttlS }
}

export interface ResolvedToken {
  userId: number
  tokenId: number
  kind: TokenKind
  expires: number
  wall?: WallScope
}

const live = (row: { expires: number; revoked: number | null } | undefined, t = now()) => !!row && row.revoked === null && row.expires > t

function resolved(row: {
  id: number
  user_id: number
  kind: string
  expires: number
  hostgroup_id: number | null
  scope: string | null
}): ResolvedToken {
  const out: ResolvedToken = { userId: row.user_id, tokenId: row.id, kind: row.kind as TokenKind, expires: row.expires }
  if (row.kind === 'wall') {
    const s = readJson<{ mapIds?: number[]; slideshowIds?: number[] }>(row.scope, {})
    out.wall = { hostgroupId: row.hostgroup_id ?? 0, mapIds: s.mapIds ?? [], slideshowIds: s.slideshowIds ?? [] }
  }
  return out
}

const TOKEN_COLUMNS = ['id', 'user_id', 'kind', 'expires', 'revoked', 'hostgroup_id', 'scope', 'last_used'] as const

type TokenLookup = Pick<Selectable<Database['tokens']>, (typeof TOKEN_COLUMNS)[number]>
/**
 * Every API request resolves its bearer token; under load (bench/load on PostgreSQL) that lookup was a third of
 * the server's queries. A found token is reused for TOKEN_CACHE_MS, as rights are (scope.ts). Its expiry is still
 * checked at each use; a revocation, logout or ended session in this process drops every entry at once
 * (forgetTokens), and so does a change of rights or tenancy (a user or environment deleted with its tokens). Other
 * processes on the same database refuse it within TOKEN_CACHE_MS, as they apply a change of rights.
 */
const TOKEN_CACHE_MS = 2000
const lookups = perDatabaseCache<string, { generation: number; row: Promise<TokenLookup | undefined> }>({
  max: 10_000,
  ttl: TOKEN_CACHE_MS,
})
let generation = 0

/** After tokens were revoked or deleted (call it once the change is committed): no cached lookup is reused. */
export function forgetTokens() {
  generation++
}
onScopesInvalidated(forgetTokens)

function lookUp(db: Kysely<Database>, hash: string): Promise<TokenLookup | undefined> {
  const cache = lookups(db)
  const hit = cache.get(hash)
  if (hit && hit.generation === generation) return hit.row
  const row = db.selectFrom('tokens').select(TOKEN_COLUMNS).where('token_hash', '=', hash).executeTakeFirst()
  // Only tokens that exist are kept: unknown ones (a client guessing) would only crowd out the others.
  cache.set(hash, { generation, row })
  const drop = () => cache.get(hash)?.row === row && cache.delete(hash)
  row.then((r) => r ?? drop(), drop)
  return row
}

/** The token's holder, or undefined when unknown, expired or revoked. `from` is the caller's address. */
export async function resolveToken(db: Kysely<Database>, token: string, from?: string): Promise<ResolvedToken | undefined> {
  const row = await lookUp(db, hashToken(token))
  const t = now()
  if (!row || !live(row, t)) return undefined
  if (row.last_used === null || t - row.last_used >= LAST_USE_EVERY_S) {
    row.last_used = t
    await db
      .updateTable('tokens')
      .set({ last_used: t, ...(from ? { last_used_from: from.slice(0, 64) } : {}) })
      .where('id', '=', row.id)
      .execute()
  }
  return resolved(row)
}

/** A token that is still valid, by its id (the feed re-checks the token a socket stands for). */
export async function sessionOf(db: Kysely<Database>, tokenId: number): Promise<ResolvedToken | undefined> {
  const row = await db.selectFrom('tokens').select(TOKEN_COLUMNS).where('id', '=', tokenId).executeTakeFirst()
  return row && live(row) ? resolved(row) : undefined
}

/**
 * Issue 13 sessions_per_user: ends the user's oldest sessions so that at most `keep` remain. Returns how many
 * ended; the caller forgets tokens once its transaction is committed.
 */
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
  return ended.length
}

/** Ends a session (logout). API and wall tokens are revoked instead, so their audit trail keeps a name. */
export async function revokeToken(db: Kysely<Database>, tokenId: number) {
  await db.deleteFrom('tokens').where('id', '=', tokenId).execute()
  forgetTokens()
}

export async function purgeExpiredTokens(db: Kysely<Database>) {
  await db.deleteFrom('tokens').where('expires', '<=', now()).execute()
}

/** SPEC §5 Tokens: the name and expiry rules, as validation_failed naming the field. Returns the lifetime in seconds. */
export function checkTokenBody(body: TokenBody): number {
  const nameProblem = tokenNameProblem(body.name)
  if (nameProblem) throw new ApiError('validation_failed', { field: 'name', reason: nameProblem })
  const daysProblem = expireDaysProblem(body.expire_days)
  if (daysProblem) throw new ApiError('validation_failed', { field: 'expire_days', reason: daysProblem })
  return body.expire_days * DAY_S
}

export const tokenRowColumns = [
  'tokens.id',
  'tokens.name',
  'tokens.created',
  'tokens.expires',
  'tokens.last_used',
  'tokens.last_used_from',
] as const

/** The caller's own API tokens that are still valid, newest first; never their values. */
export async function listApiTokens(db: Kysely<Database>, scope: Scope): Promise<TokenRow[]> {
  return db
    .selectFrom('tokens')
    .select(tokenRowColumns)
    .where('user_id', '=', scope.userId)
    .where('kind', '=', 'api')
    .where('revoked', 'is', null)
    .where('expires', '>', now())
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export async function createApiToken(db: Kysely<Database>, scope: Scope, body: TokenBody) {
  const ttl = checkTokenBody(body)
  const name = body.name.trim()
  return db.transaction().execute(async (tx) => {
    const { id, token } = await issueToken(tx, scope.userId, 'api', ttl, name)
    await writeAuditEvent(tx, scope, { subject: 'token', status: 'CREATED', id, name, organizationId: scope.organizationId })
    const row = (await listApiTokens(tx, scope)).find((r) => r.id === id)!
    return { token, row }
  })
}

/** Marks a token revoked; `where` narrows which tokens the caller may revoke. Another's token is the same 404 as none. */
export async function revokeOwnedToken(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  visible: (row: { user_id: number; kind: string; hostgroup_id: number | null }) => boolean,
  organizationId: (row: { hostgroup_id: number | null }) => Promise<number>,
) {
  const row = await db
    .selectFrom('tokens')
    .select(['user_id', 'kind', 'hostgroup_id', 'name', 'revoked'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.revoked !== null || !visible(row)) throw new ApiError('not_found', { id })
  const org = await organizationId(row)
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('tokens').set({ revoked: now() }).where('id', '=', id).execute()
    await writeAuditEvent(tx, scope, {
      subject: 'token',
      status: 'REVOKED',
      id,
      name: row.name,
      organizationId: org,
      hostgroupId: row.hostgroup_id,
    })
  })
  forgetTokens()
}

export const revokeApiToken = (db: Kysely<Database>, scope: Scope, id: number) =>
  revokeOwnedToken(
    db,
    scope,
    id,
    (row) => row.kind === 'api' && row.user_id === scope.userId,
    async () => scope.organizationId,
  )
