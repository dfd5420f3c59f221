/** Users (SPEC §3 User): login bookkeeping, the current-user payload and preferences. */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { allowedModulesOf, type Scope } from './scope'
import { listEnvironmentLists } from './environment-lists'
import { readJson, now } from './json'
import { ApiError } from '../../shared/errors'
import { ACTIONS, AuthorizationGroup, MODULE_GRANTS, SERVER_ADMIN_RIGHTS } from '../../shared/permissions'
import { Preferences, type CurrentUser } from '../../shared/api/users'
import { clearLoginFailures } from './login-failures'
import { forgetTokens, issueToken, trimSessions, SESSION_TTL_S } from './tokens'
import { limitExceeded, readQuotas } from './quotas'

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()
}

/** A new user for the first start and the tests (SPEC §3 User), holding one right: `group` on the organization or one environment. */
export interface NewUser {
  username: string
  passwordHash: string
  organizationId: number
  group: AuthorizationGroup
  /** null: the right covers the whole organization */
  environmentId?: number | null
  serverAdmin?: boolean
  names?: { first_name: string; last_name: string; role: string }
}

/** Writes the user and its right; the caller runs it inside its own transaction where it needs one. Returns the id. */
export async function createUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      ...user.names,
      username: user.username,
      password_hash: user.passwordHash,
      organization_id: user.organizationId,
      member_since: now(),
      server_admin: user.serverAdmin ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('user_rights')
    .values({
      user_id: id,
      organization_id: user.organizationId,
      hostgroup_id: user.environmentId ?? null,
      authorization_group: user.group,
    })
    .execute()
  return id
}

/** The user a login names by id (a hardware key's user handle), with what starting a session needs; undefined if none. */
export function loginUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(['id', 'organization_id']).where('id', '=', id).executeTakeFirst()
}

/**
 * A successful login from `source`: forgets that source's failures, stores the password's new hash when it
 * was rehashed, and issues a session token. Issue 13 sessions_per_user: when the user already has that many
 * sessions, the oldest end, so a forgotten browser never keeps its owner out (a quota of 0 refuses the login).
 */
export async function startSession(
  db: Kysely<Database>,
  user: { id: number; organization_id: number },
  source: string,
  newHash: string | null,
) {
  const { sessions_per_user: maximum } = await readQuotas(db, user.organization_id)
  if (maximum === 0) throw limitExceeded('sessions_per_user', maximum)
  const { ended, issued } = await db.transaction().execute(async (tx) => {
    await clearLoginFailures(tx, user.id, source)
    await tx
      .updateTable('users')
      .set({ last_logon: now(), ...(newHash ? { password_hash: newHash } : {}) })
      .where('id', '=', user.id)
      .execute()
    const ended = await trimSessions(tx, user.id, maximum - 1)
    return { ended, issued: await issueToken(tx, user.id, 'session', SESSION_TTL_S) }
  })
  if (ended) forgetTokens()
  return issued
}

function parsePreferences(text: string): Preferences {
  const parsed = Preferences.safeParse(readJson(text, {}))
  return parsed.success ? parsed.data : Preferences.parse({})
}

export async function currentUser(db: Kysely<Database>, scope: Scope): Promise<CurrentUser> {
  const [user, rights, orgs, envs, lists] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select([
        'users.id',
        'username',
        'first_name',
        'last_name',
        'email',
        'role',
        'last_logon',
        'member_since',
        'preferences',
        'allowed_modules',
        'organizations.id as org_id',
        'organizations.name as org_name',
        'organizations.alias as org_alias',
      ])
      .where('users.id', '=', scope.userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('user_rights').selectAll().where('user_id', '=', scope.userId).execute(),
    scope.organizationIds.length
      ? db
          .selectFrom('organizations')
          .select(['id', 'name', 'alias', 'msp_parent_id'])
          .where('id', 'in', scope.organizationIds)
          .orderBy('alias')
          .execute()
      : [],
    scope.environmentIds.length
      ? db
          .selectFrom('hostgroups')
          .select(['id', 'name', 'alias', 'organization_id'])
          .where('id', 'in', scope.environmentIds)
          .orderBy('alias')
          .execute()
      : [],
    listEnvironmentLists(db, scope),
  ])
  const grants = allowedModulesOf(user.allowed_modules)
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    last_logon: user.last_logon,
    member_since: user.member_since,
    authorizations: rights.flatMap((r) => {
      const g = AuthorizationGroup.safeParse(r.authorization_group)
      return g.success ? [{ organization_id: r.organization_id, hostgroup_id: r.hostgroup_id, group: g.data }] : []
    }),
    organization: { id: user.org_id, name: user.org_name, alias: user.org_alias },
    allowed_modules: scope.modules,
    allowed_sub_modules: MODULE_GRANTS.filter(
      (g) => scope.modules.some((m) => g === m || g.startsWith(`${m}.`)) && (!grants || grants.includes(g)),
    ),
    allowed_organizations: orgs.map((o) => ({ ...o, allowed_actions: scope.orgActions.get(o.id) ?? [] })),
    allowed_environments: envs.map((e) => ({ ...e, allowed_actions: scope.envActions.get(e.id) ?? [] })),
    // The id without its `group-` prefix: the environment selector adds it (SPEC §3 preferences).
    allowed_environment_lists: lists.map((l) => ({
      id: String(l.id),
      name: l.name,
      organization_id: l.organization_id,
      environment_ids: l.environment_ids,
    })),
    preferences: parsePreferences(user.preferences),
    server_admin: scope.serverAdmin,
    permissions: ACTIONS.filter((a) => [...scope.orgActions.values(), ...scope.envActions.values()].some((held) => held.includes(a))),
    rights: scope.serverAdmin ? [...SERVER_ADMIN_RIGHTS] : [],
  }
}

/** SPEC §7 PUT /users/current: merges the given preferences into the stored ones; all-or-nothing. */
export async function updatePreferences(db: Kysely<Database>, scope: Scope, changes: Record<string, unknown>) {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('users').select('preferences').where('id', '=', scope.userId).executeTakeFirstOrThrow()
    const merged = Preferences.safeParse({ ...parsePreferences(row.preferences), ...changes })
    if (!merged.success) {
      const issue = merged.error.issues[0]
      throw new ApiError('validation_failed', { field: ['preferences', ...issue.path].join('.'), message: issue.message })
    }
    const allowedEnvs = new Set(scope.environmentIds)
    const badEnv = merged.data.environmentFilter.find((e) => typeof e === 'number' && !allowedEnvs.has(e))
    if (badEnv !== undefined) throw new ApiError('hostgroup_not_found', { id: badEnv })
    const lists = new Set((await listEnvironmentLists(tx, scope)).map((l) => `group-${l.id}`))
    const badList = merged.data.environmentFilter.find((e) => typeof e === 'string' && !lists.has(e))
    if (badList !== undefined) throw new ApiError('hostgroup_not_found', { id: badList })
    await tx
      .updateTable('users')
      .set({ preferences: JSON.stringify(merged.data) })
      .where('id', '=', scope.userId)
      .execute()
  })
}
