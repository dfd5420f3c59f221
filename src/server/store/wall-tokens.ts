/**
 * Issue 16 "Wall tokens": an administrator of an environment (hostgroup_write, SPEC §6) issues a read-only
 * token limited to chosen maps and slideshows of it, for a NOC wall opened with `?token=`. The token reads with
 * its issuer's rights narrowed to that environment and the maps module; which routes it may call is the auth
 * plugin's (http/plugins/wall.ts).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { can, demand, loadScope, type Scope } from './scope'
import { writeAuditEvent } from './audit'
import { organizationOfEnvironment } from './quotas'
import { checkTokenBody, issueToken, revokeOwnedToken, tokenRowColumns, type ResolvedToken, type WallScope } from './tokens'
import { now, readJson } from './json'
import { ApiError } from '../../shared/errors'
import type { WallTokenBody, WallTokenRow } from '../../shared/api/tokens'
import type { z } from 'zod'

type Body = z.output<typeof WallTokenBody>

/** The wall tokens of the environments the caller administers (or of one of them), newest first. */
export async function listWallTokens(db: Kysely<Database>, scope: Scope, hostgroupId?: number): Promise<WallTokenRow[]> {
  const envs = scope.environmentIds.filter((id) => can(scope, 'hostgroup_write', { environmentId: id }) && (hostgroupId ?? id) === id)
  if (!envs.length) return []
  const rows = await db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select([...tokenRowColumns, 'tokens.hostgroup_id', 'tokens.scope', 'users.username'])
    .where('tokens.kind', '=', 'wall')
    .where('tokens.hostgroup_id', 'in', envs)
    .where('tokens.revoked', 'is', null)
    .where('tokens.expires', '>', now())
    .orderBy('tokens.created', 'desc')
    .orderBy('tokens.id', 'desc')
    .execute()
  return rows.map(({ scope: text, username, hostgroup_id, ...row }) => {
    const s = readJson<{ mapIds?: number[]; slideshowIds?: number[] }>(text, {})
    return { ...row, hostgroup_id: hostgroup_id!, map_ids: s.mapIds ?? [], slideshow_ids: s.slideshowIds ?? [], issued_by: username }
  })
}

/** The maps and slideshows must be the environment's own; a missing one answers its own not-found key. */
async function checkContent(db: Kysely<Database>, body: Body) {
  const ids = async (table: 'maps' | 'slideshows', wanted: number[]) =>
    wanted.length
      ? new Set(
          (await db.selectFrom(table).select('id').where('id', 'in', wanted).where('hostgroup_id', '=', body.hostgroup_id).execute()).map(
            (r) => r.id,
          ),
        )
      : new Set<number>()
  const maps = await ids('maps', body.map_ids)
  const missingMap = body.map_ids.find((id) => !maps.has(id))
  if (missingMap !== undefined) throw new ApiError('map_not_found', { id: missingMap })
  const shows = await ids('slideshows', body.slideshow_ids)
  const missingShow = body.slideshow_ids.find((id) => !shows.has(id))
  if (missingShow !== undefined) throw new ApiError('slideshow_not_found', { id: missingShow })
  if (!maps.size && !shows.size)
    throw new ApiError('missing_required_parameter', { field: 'map_ids', reason: 'at least one map or slideshow' })
}

export async function createWallToken(db: Kysely<Database>, scope: Scope, body: Body) {
  if (!scope.environmentIds.includes(body.hostgroup_id)) throw new ApiError('hostgroup_not_found', { id: body.hostgroup_id })
  demand(scope, 'hostgroup_write', { environmentId: body.hostgroup_id })
  const ttl = checkTokenBody(body)
  await checkContent(db, body)
  const name = body.name.trim()
  const wall: WallScope = {
    hostgroupId: body.hostgroup_id,
    mapIds: [...new Set(body.map_ids)],
    slideshowIds: [...new Set(body.slideshow_ids)],
  }
  const organizationId = (await organizationOfEnvironment(db, body.hostgroup_id)) ?? null
  return db.transaction().execute(async (tx) => {
    const { id, token } = await issueToken(tx, scope.userId, 'wall', ttl, name, wall)
    await writeAuditEvent(tx, scope, {
      subject: 'token',
      status: 'CREATED',
      id,
      name,
      organizationId,
      hostgroupId: body.hostgroup_id,
      after: { kind: 'wall', map_ids: wall.mapIds, slideshow_ids: wall.slideshowIds },
    })
    const row = (await listWallTokens(tx, scope, body.hostgroup_id)).find((r) => r.id === id)!
    return { token, row }
  })
}

export const revokeWallToken = (db: Kysely<Database>, scope: Scope, id: number) =>
  revokeOwnedToken(
    db,
    scope,
    id,
    (row) =>
      row.kind === 'wall' &&
      row.hostgroup_id !== null &&
      scope.environmentIds.includes(row.hostgroup_id) &&
      can(scope, 'hostgroup_write', { environmentId: row.hostgroup_id }),
    async (row) => (await organizationOfEnvironment(db, row.hostgroup_id!)) ?? scope.organizationId,
  )

/**
 * The issuer's scope narrowed for a wall: the wall's environment only, read actions only, the maps module,
 * no server administration. Rights the issuer lost are lost by the wall too (the issuer's scope is loaded fresh).
 */
export function wallScope(issuer: Scope, wall: WallScope): Scope {
  const env = issuer.environmentIds.includes(wall.hostgroupId) ? [wall.hostgroupId] : []
  const readOnly = (actions: readonly string[] | undefined) => (actions ?? []).filter((a) => a.startsWith('view_'))
  const envActions = new Map(env.map((id) => [id, readOnly(issuer.envActions.get(id))] as const))
  return {
    ...issuer,
    environmentIds: env,
    envActions: envActions as Scope['envActions'],
    orgActions: new Map(issuer.organizationIds.map((id) => [id, []])),
    modules: issuer.modules.includes('maps') && env.length ? ['maps'] : [],
    serverAdmin: false,
  }
}

/** The scope a token reads with: its user's, narrowed for a wall token. */
export async function scopeOfToken(db: Kysely<Database>, token: ResolvedToken): Promise<Scope> {
  const scope = await loadScope(db, token.userId)
  return token.wall ? wallScope(scope, token.wall) : scope
}

/** The wall's maps: those it names and those of its slideshows. */
export async function wallMapIds(db: Kysely<Database>, wall: WallScope): Promise<Set<number>> {
  const shown = wall.slideshowIds.length
    ? await db.selectFrom('slideshow_maps').select('map_id').where('slideshow_id', 'in', wall.slideshowIds).execute()
    : []
  return new Set([...wall.mapIds, ...shown.map((r) => r.map_id)])
}
