/**
 * Issue 15 "Users": user management (SPEC §3 User, §6 `user_read`, §8 user keys). A caller manages the users
 * of the organizations where it holds `user_read`; it grants only authorization groups whose actions it holds
 * itself where it grants them, and only server admins change or delete a server admin. Passwords arrive
 * hashed (security/password-checker.ts) and never leave: the row has no password field.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, UserTable } from './db'
import { getEntity, type EntityDef } from './list'
import { allowedModulesOf, can, invalidateScopes, type Scope } from './scope'
import { writeAuditEvent } from './audit'
import { fail } from './fail'
import { now } from './json'
import { ApiError } from '../../shared/errors'
import { isValidEmail } from '../../shared/validation'
import { GROUP_GRANTS, AuthorizationGroup } from '../../shared/permissions'
import type { Authorization, UserBody, UserRow, UserUpdate } from '../../shared/api/user-admin'

type Row = Selectable<UserTable> & { organization_name: string }

/** Organizations whose users the caller may read and manage (SPEC §6 user_read). */
const managedOrganizations = (scope: Scope) => scope.organizationIds.filter((id) => can(scope, 'user_read', { organizationId: id }))

function toApi(r: Row): UserRow {
  return {
    id: r.id,
    username: r.username,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    role: r.role,
    last_logon: r.last_logon,
    member_since: r.member_since,
    organization_id: r.organization_id,
    organization_name: r.organization_name,
    server_admin: r.server_admin === 1,
    authorizations: [],
    allowed_modules: allowedModulesOf(r.allowed_modules),
  }
}

/** The authorizations of one page of users, in one query. */
async function enrich(db: Kysely<Database>, rows: UserRow[], fields: readonly string[]) {
  if (!fields.includes('authorizations')) return
  const byId = new Map(rows.map((r) => [r.id, r]))
  const rights = await db
    .selectFrom('user_rights')
    .selectAll()
    .where('user_id', 'in', [...byId.keys()])
    .orderBy('id')
    .execute()
  for (const r of rights) {
    const group = AuthorizationGroup.safeParse(r.authorization_group)
    if (group.success)
      byId.get(r.user_id)?.authorizations.push({ organization_id: r.organization_id, hostgroup_id: r.hostgroup_id, group: group.data })
  }
}

// The password hash is never selected: what is not read cannot leak.
const SELECT = `users.id, users.username, users.first_name, users.last_name, users.email, users.role, users.last_logon,
  users.member_since, users.organization_id, users.server_admin, users.allowed_modules, organizations.name AS organization_name`

export const userDef: EntityDef<Row, UserRow> = {
  from: 'users JOIN organizations ON organizations.id = users.organization_id',
  select: SELECT,
  scopeColumn: 'users.organization_id',
  scopeIds: managedOrganizations,
  columns: {
    id: { expr: 'users.id', kind: 'integer' },
    username: { expr: 'users.username', kind: 'text' },
    first_name: { expr: 'users.first_name', kind: 'text' },
    last_name: { expr: 'users.last_name', kind: 'text' },
    email: { expr: 'users.email', kind: 'text' },
    last_logon: { expr: 'users.last_logon', kind: 'date' },
    member_since: { expr: 'users.member_since', kind: 'date' },
    organization_id: { expr: 'users.organization_id', kind: 'integer' },
    organization_name: { expr: 'organizations.name', kind: 'text' },
  },
  fields: [
    'id',
    'username',
    'first_name',
    'last_name',
    'email',
    'role',
    'last_logon',
    'member_since',
    'organization_id',
    'organization_name',
    'server_admin',
    'authorizations',
    'allowed_modules',
  ],
  defaultOrder: [{ column: 'username', desc: false }],
  toApi,
  enrich,
}

export async function getUser(db: Kysely<Database>, scope: Scope, id: number) {
  return (await getEntity(db, userDef, scope, id)) ?? fail('user_not_found', { id })
}

function checkEmail(email: string | undefined) {
  if (email && !isValidEmail(email)) throw new ApiError('invalid_email', { email })
}

/**
 * Each authorization names a visible organization, and an environment of it; the caller holds every action
 * of the group there, so nobody grants more than they may do themselves.
 */
async function checkAuthorizations(db: Kysely<Database>, scope: Scope, authorizations: readonly Authorization[]) {
  for (const a of authorizations) {
    if (!scope.organizationIds.includes(a.organization_id)) throw new ApiError('organization_not_found', { id: a.organization_id })
    const where = a.hostgroup_id === null ? { organizationId: a.organization_id } : { environmentId: a.hostgroup_id }
    if (a.hostgroup_id !== null) {
      const env = await db.selectFrom('hostgroups').select('organization_id').where('id', '=', a.hostgroup_id).executeTakeFirst()
      if (!env || env.organization_id !== a.organization_id || !scope.environmentIds.includes(a.hostgroup_id))
        throw new ApiError('hostgroup_not_found', { id: a.hostgroup_id })
    }
    const missing = GROUP_GRANTS[a.group].actions.find((action) => !can(scope, action, where))
    if (missing) throw new ApiError('unauthorized', { action: missing, group: a.group })
  }
}

async function writeAuthorizations(tx: Transaction<Database>, userId: number, authorizations: readonly Authorization[]) {
  await tx.deleteFrom('user_rights').where('user_id', '=', userId).execute()
  if (authorizations.length)
    await tx
      .insertInto('user_rights')
      .values(
        authorizations.map((a) => ({
          user_id: userId,
          organization_id: a.organization_id,
          hostgroup_id: a.hostgroup_id,
          authorization_group: a.group,
        })),
      )
      .execute()
}

/** What an audit event shows of a user: names, email, authorizations and modules (never the password hash). */
async function auditView(db: Kysely<Database>, id: number) {
  const user = await db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name', 'email', 'organization_id', 'allowed_modules'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const rights = await db
    .selectFrom('user_rights')
    .select(['organization_id', 'hostgroup_id', 'authorization_group'])
    .where('user_id', '=', id)
    .orderBy('id')
    .execute()
  return { ...user, allowed_modules: allowedModulesOf(user.allowed_modules), authorizations: rights }
}

async function audit(
  tx: Transaction<Database>,
  scope: Scope,
  id: number,
  status: string,
  before: Record<string, unknown> | null,
  extra: Record<string, unknown> = {},
) {
  const after = status === 'DELETED' ? null : { ...(await auditView(tx, id)), ...extra }
  const view = (after ?? before) as { username: string; organization_id: number }
  await writeAuditEvent(tx, scope, {
    subject: 'user',
    status,
    id,
    name: view.username,
    organizationId: view.organization_id,
    before,
    after,
  })
}

/** Issue 15 POST users/: `copy_from` (a user of the same organization) gives the authorizations and modules not given. */
/** `hash` hashes the password under the login's cap; called only once every check passed. */
export type Hasher = (password: string) => Promise<string>

export async function createUser(db: Kysely<Database>, scope: Scope, body: UserBody, hash: Hasher) {
  if (!scope.organizationIds.includes(body.organization_id)) throw new ApiError('organization_not_found', { id: body.organization_id })
  if (!can(scope, 'user_read', { organizationId: body.organization_id })) throw new ApiError('unauthorized', { action: 'user_read' })
  checkEmail(body.email)
  let { authorizations, allowed_modules } = body
  if (body.copy_from !== undefined) {
    const model = await getUser(db, scope, body.copy_from)
    if (model.organization_id !== body.organization_id) throw new ApiError('user_to_copy_not_in_same_organization', { id: body.copy_from })
    authorizations ??= model.authorizations
    if (allowed_modules === undefined) allowed_modules = model.allowed_modules
  }
  await checkAuthorizations(db, scope, authorizations ?? [])
  if (await db.selectFrom('users').select('id').where('username', '=', body.username).executeTakeFirst())
    throw new ApiError('user_already_exists', { username: body.username })
  const passwordHash = await hash(body.password)
  const id = await db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('users')
      .values({
        username: body.username,
        password_hash: passwordHash,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        organization_id: body.organization_id,
        member_since: now(),
        allowed_modules: allowed_modules ? JSON.stringify(allowed_modules) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeAuthorizations(tx, created.id, authorizations ?? [])
    await audit(tx, scope, created.id, 'CREATED', null, { password: '(set)' })
    return created.id
  })
  invalidateScopes()
  return id
}

/** A user the caller may change: visible with user_read; a server admin only by server admins. */
async function manageable(db: Kysely<Database>, scope: Scope, id: number) {
  const user = await getUser(db, scope, id)
  if (user.server_admin && !scope.serverAdmin) throw new ApiError('unauthorized', { action: 'server_admin' })
  return user
}

export async function updateUser(db: Kysely<Database>, scope: Scope, id: number, body: UserUpdate, hash: Hasher) {
  await manageable(db, scope, id)
  checkEmail(body.email)
  if (body.authorizations) await checkAuthorizations(db, scope, body.authorizations)
  const { authorizations, allowed_modules, password, ...names } = body
  const passwordHash = password ? await hash(password) : null
  const changes = {
    ...names,
    ...(allowed_modules === undefined ? {} : { allowed_modules: allowed_modules === null ? null : JSON.stringify(allowed_modules) }),
    ...(passwordHash ? { password_hash: passwordHash } : {}),
  }
  await db.transaction().execute(async (tx) => {
    const before = await auditView(tx, id)
    if (Object.keys(changes).length) await tx.updateTable('users').set(changes).where('id', '=', id).execute()
    if (authorizations) await writeAuthorizations(tx, id, authorizations)
    await audit(tx, scope, id, 'UPDATED', passwordHash ? { ...before, password: '' } : before, passwordHash ? { password: '(set)' } : {})
  })
  invalidateScopes()
}

/** SPEC §5: a user cannot delete themselves (`user_self_delete`). */
export async function deleteUser(db: Kysely<Database>, scope: Scope, id: number) {
  if (id === scope.userId) throw new ApiError('user_self_delete', { id })
  await manageable(db, scope, id)
  await db.transaction().execute(async (tx) => {
    await audit(tx, scope, id, 'DELETED', await auditView(tx, id))
    await tx.deleteFrom('users').where('id', '=', id).execute()
  })
  invalidateScopes()
}
