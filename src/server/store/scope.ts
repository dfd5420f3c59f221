/**
 * What a caller may see and do (SPEC §6): visible organizations and environments with their allowed
 * actions, and allowed modules. Every store function takes a Scope; no scope, no query (STYLE.md).
 * A right on an organization covers its environments and those of its customer organizations (MSP children).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { perDatabaseCache } from './cache'
import { actionsOf, modulesOf, restrictModules, AuthorizationGroup, type Action } from '../../shared/permissions'
import { readJson } from './json'
import type { Language, Module } from '../../shared/enums'
import { ApiError } from '../../shared/errors'

export interface Scope {
  userId: number
  username: string
  fullName: string
  organizationId: number
  organizationIds: number[]
  environmentIds: number[]
  orgActions: Map<number, Action[]>
  envActions: Map<number, Action[]>
  modules: Module[]
  /** Issue 13: a server admin runs the installation; granted only by server admins, never per organization. */
  serverAdmin: boolean
  /** The caller's language (Accept-Language) for translated fields such as SPEC §3 state_translation; English when unset. */
  language?: Language
}

/** Where a right is asked for: an environment, or an organization (SPEC §6). */
type RightWhere = { environmentId?: number; organizationId?: number }

export function can(scope: Scope, action: Action, where: RightWhere) {
  if (where.environmentId !== undefined) return scope.envActions.get(where.environmentId)?.includes(action) ?? false
  if (where.organizationId !== undefined) return scope.orgActions.get(where.organizationId)?.includes(action) ?? false
  return false
}

/**
 * SPEC §6/§8: without the right, 403 `unauthorized` naming it as `action`; `extra` adds to (or renames) what
 * the answer's extra_info says, e.g. the map action or the index of a refused result.
 */
export function demand(scope: Scope, action: Action, where: RightWhere, extra: Record<string, unknown> = {}): void {
  if (!can(scope, action, where)) throw new ApiError('unauthorized', { action, ...extra })
}

const CACHE_MS = 2000
/** Rights change rarely: a scope is reused for CACHE_MS, per database (user ids repeat between databases). */
const scopes = perDatabaseCache<number, { generation: number; scope: Promise<Scope> }>({ max: 10_000, ttl: CACHE_MS })
// Bumped when rights or tenancy change: scopes loaded before are not reused. It drops every database's (the
// callers of invalidateScopes need not name one); that costs a reload, never another database's rights.
let generation = 0

const invalidated = new Set<() => void>()

/** Scopes are dropped at once when rights or tenancy change. */
export function invalidateScopes() {
  generation++
  for (const listener of invalidated) listener()
}

/** Issue 13: holders of scopes (feed sockets) load them again at once when rights or tenancy change. */
export function onScopesInvalidated(listener: () => void): () => void {
  invalidated.add(listener)
  return () => void invalidated.delete(listener)
}

export function loadScope(db: Kysely<Database>, userId: number): Promise<Scope> {
  const cache = scopes(db)
  const hit = cache.get(userId)
  if (hit && hit.generation === generation) return hit.scope
  const scope = computeScope(db, userId)
  cache.set(userId, { generation, scope })
  scope.catch(() => cache.delete(userId))
  return scope
}

async function computeScope(db: Kysely<Database>, userId: number): Promise<Scope> {
  const [user, rights, orgs, envs] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'organization_id', 'server_admin', 'allowed_modules'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('user_rights').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('organizations').select(['id', 'msp_parent_id']).execute(),
    db.selectFrom('hostgroups').select(['id', 'organization_id']).execute(),
  ])
  const children = new Map<number, number[]>()
  for (const o of orgs) if (o.msp_parent_id !== null) children.set(o.msp_parent_id, [...(children.get(o.msp_parent_id) ?? []), o.id])
  const envsOfOrg = new Map<number, number[]>()
  for (const e of envs) envsOfOrg.set(e.organization_id, [...(envsOfOrg.get(e.organization_id) ?? []), e.id])
  const orgOfEnv = new Map(envs.map((e) => [e.id, e.organization_id]))

  const orgGroups = new Map<number, Set<AuthorizationGroup>>()
  const envGroups = new Map<number, Set<AuthorizationGroup>>()
  const grant = (m: Map<number, Set<AuthorizationGroup>>, id: number, g: AuthorizationGroup) => m.set(id, (m.get(id) ?? new Set()).add(g))
  const allGroups = new Set<AuthorizationGroup>()
  for (const r of rights) {
    const parsed = AuthorizationGroup.safeParse(r.authorization_group)
    if (!parsed.success) continue
    const g = parsed.data
    allGroups.add(g)
    if (r.hostgroup_id !== null) {
      grant(envGroups, r.hostgroup_id, g)
      if (!orgGroups.has(r.organization_id)) orgGroups.set(r.organization_id, new Set())
      continue
    }
    const stack = [r.organization_id]
    const seen = new Set<number>()
    while (stack.length) {
      const org = stack.pop()!
      if (seen.has(org)) continue
      seen.add(org)
      grant(orgGroups, org, g)
      for (const env of envsOfOrg.get(org) ?? []) grant(envGroups, env, g)
      stack.push(...(children.get(org) ?? []))
    }
  }
  const orgActions = new Map([...orgGroups].map(([id, gs]) => [id, actionsOf(gs)]))
  const envActions = new Map([...envGroups].map(([id, gs]) => [id, actionsOf(gs)]))
  for (const envId of envActions.keys()) if (!orgActions.has(orgOfEnv.get(envId)!)) orgActions.set(orgOfEnv.get(envId)!, [])
  return {
    userId: user.id,
    username: user.username,
    fullName: `${user.first_name} ${user.last_name}`.trim() || user.username,
    organizationId: user.organization_id,
    organizationIds: [...orgActions.keys()].sort((a, b) => a - b),
    environmentIds: [...envActions.keys()].sort((a, b) => a - b),
    orgActions,
    envActions,
    modules: restrictModules(modulesOf(allGroups), allowedModulesOf(user.allowed_modules)),
    serverAdmin: user.server_admin === 1,
  }
}

/** Issue 15: a user's stored sub-module grants (users.allowed_modules); null: unrestricted. */
export function allowedModulesOf(stored: string | null): string[] | null {
  if (stored === null) return null
  const parsed: unknown = readJson(stored, null)
  return Array.isArray(parsed) ? parsed.filter((g): g is string => typeof g === 'string') : null
}
