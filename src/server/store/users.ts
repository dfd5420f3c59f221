/** Users (SPEC §3 User): login bookkeeping, the current-user payload and preferences. */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { readJson, now } from './json'
import { ApiError } from '../../shared/errors'
import { AuthorizationGroup } from '../../shared/permissions'
import { Preferences, type CurrentUser } from '../../shared/api/users'

/** Failed logins before the account locks (SPEC §8 login code 6), and for how long. */
export const LOCKOUT_FAILURES = 5
export const LOCKOUT_S = 15 * 60

export function findUserByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()
}

/** Counts a failure; the fifth in a row locks the account for LOCKOUT_S. Returns the lock end, if locked. */
export async function recordLoginFailure(db: Kysely<Database>, userId: number): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const u = await tx.selectFrom('users').select('failed_logins').where('id', '=', userId).executeTakeFirstOrThrow()
    const failures = u.failed_logins + 1
    const lockedUntil = failures >= LOCKOUT_FAILURES ? now() + LOCKOUT_S : null
    await tx.updateTable('users').set({ failed_logins: lockedUntil ? 0 : failures, ...(lockedUntil ? { locked_until: lockedUntil } : {}) }).where('id', '=', userId).execute()
    return lockedUntil
  })
}

export async function recordLoginSuccess(db: Kysely<Database>, userId: number) {
  await db.updateTable('users').set({ failed_logins: 0, locked_until: null, last_logon: now() }).where('id', '=', userId).execute()
}

export function parsePreferences(text: string): Preferences {
  const parsed = Preferences.safeParse(readJson(text, {}))
  return parsed.success ? parsed.data : Preferences.parse({})
}

export async function currentUser(db: Kysely<Database>, scope: Scope): Promise<CurrentUser> {
  const [user, rights, orgs, envs] = await Promise.all([
    db.selectFrom('users').innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select(['users.id', 'username', 'first_name', 'last_name', 'email', 'role', 'last_logon', 'member_since', 'preferences',
        'organizations.id as org_id', 'organizations.name as org_name', 'organizations.alias as org_alias'])
      .where('users.id', '=', scope.userId).executeTakeFirstOrThrow(),
    db.selectFrom('user_rights').selectAll().where('user_id', '=', scope.userId).execute(),
    scope.organizationIds.length ? db.selectFrom('organizations').select(['id', 'name', 'alias', 'msp_parent_id']).where('id', 'in', scope.organizationIds).orderBy('alias').execute() : [],
    scope.environmentIds.length ? db.selectFrom('hostgroups').select(['id', 'name', 'alias', 'organization_id']).where('id', 'in', scope.environmentIds).orderBy('alias').execute() : [],
  ])
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
    allowed_organizations: orgs.map((o) => ({ ...o, allowed_actions: scope.orgActions.get(o.id) ?? [] })),
    allowed_environments: envs.map((e) => ({ ...e, allowed_actions: scope.envActions.get(e.id) ?? [] })),
    allowed_environment_lists: [],
    preferences: parsePreferences(user.preferences),
    server_admin: scope.serverAdmin,
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
    await tx.updateTable('users').set({ preferences: JSON.stringify(merged.data) }).where('id', '=', scope.userId).execute()
  })
}
