/** Organizations (SPEC §3): list/get/create/update/delete, scoped to the caller's organizations. */
import type { Kysely, Selectable } from 'kysely'
import type { Database, OrganizationTable } from './db'
import { getEntity, type EntityDef } from './list'
import { can, demand, invalidateScopes, type Scope } from './scope'
import { ApiError } from '../../shared/errors'
import { fail } from './fail'
import { isValidName } from '../../shared/validation'
import type { z } from 'zod'
import type { OrganizationBody, OrganizationUpdate } from '../../shared/api/entities'
import { now } from './json'
import { writeAuditEvent } from './audit'

type Row = Selectable<OrganizationTable>
type OrganizationOut = ReturnType<typeof toApi>

/** SPEC §3 Organization: users, hosts, resources and children are counts (filled by `enrich`). */
function toApi(r: Row, scope: Scope) {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    legal_name: r.legal_name,
    is_msp: r.is_msp === 1,
    msp_parent_id: r.msp_parent_id,
    contract_expiration: r.contract_expiration,
    customer_since: r.customer_since,
    require_two_factor: r.require_two_factor === 1,
    users: 0,
    hosts: 0,
    resources: 0,
    children: 0,
    created_time: r.created_time,
    allowed_actions: scope.orgActions.get(r.id) ?? [],
  }
}

/**
 * The totals count only what the caller sees (issue 13): hosts and resources of the caller's environments,
 * customer organizations the caller sees, and users only where the caller may read the organization's users.
 */
async function enrich(db: Kysely<Database>, rows: OrganizationOut[], fields: readonly string[], scope: Scope) {
  const ids = rows.map((r) => r.id)
  // Only the totals asked for are counted: a list of names costs no count queries.
  const asked = (field: string) => fields.includes(field)
  const envs = scope.environmentIds.length ? scope.environmentIds : [0]
  const readable = asked('users') ? ids.filter((id) => can(scope, 'user_read', { organizationId: id })) : []
  const [hosts, resources, children, users] = await Promise.all([
    !asked('hosts')
      ? []
      : db
          .selectFrom('hosts')
          .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
          .select(['hostgroups.organization_id as id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('hostgroups.organization_id', 'in', ids)
          .where('hosts.hostgroup_id', 'in', envs)
          .groupBy('hostgroups.organization_id')
          .execute(),
    !asked('resources')
      ? []
      : db
          .selectFrom('resources')
          .innerJoin('hostgroups', 'hostgroups.id', 'resources.hostgroup_id')
          .select(['hostgroups.organization_id as id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('hostgroups.organization_id', 'in', ids)
          .where('resources.hostgroup_id', 'in', envs)
          .groupBy('hostgroups.organization_id')
          .execute(),
    !asked('children')
      ? []
      : db
          .selectFrom('organizations')
          .select(['msp_parent_id as id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('msp_parent_id', 'in', ids)
          .where('id', 'in', scope.organizationIds.length ? scope.organizationIds : [0])
          .groupBy('msp_parent_id')
          .execute(),
    readable.length
      ? db
          .selectFrom('users')
          .select(['organization_id as id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('organization_id', 'in', readable)
          .groupBy('organization_id')
          .execute()
      : [],
  ])
  const byId = new Map(rows.map((r) => [r.id, r]))
  const fill = (counts: { id: number | null; n: number | string | bigint }[], field: 'users' | 'hosts' | 'resources' | 'children') => {
    for (const c of counts) {
      const row = c.id === null ? undefined : byId.get(c.id)
      if (row) row[field] = Number(c.n)
    }
  }
  fill(hosts, 'hosts')
  fill(resources, 'resources')
  fill(children, 'children')
  fill(users, 'users')
}

export const organizationDef: EntityDef<Row, OrganizationOut> = {
  from: 'organizations',
  select: 'organizations.*',
  scopeColumn: 'organizations.id',
  scopeIds: (s) => s.organizationIds,
  columns: {
    id: { expr: 'organizations.id', kind: 'integer' },
    name: { expr: 'organizations.name', kind: 'text' },
    alias: { expr: 'organizations.alias', kind: 'text' },
    legal_name: { expr: 'organizations.legal_name', kind: 'text' },
    is_msp: { expr: 'organizations.is_msp', kind: 'boolean' },
    msp_parent_id: { expr: 'organizations.msp_parent_id', kind: 'integer' },
    contract_expiration: { expr: 'organizations.contract_expiration', kind: 'date' },
    customer_since: { expr: 'organizations.customer_since', kind: 'date' },
    require_two_factor: { expr: 'organizations.require_two_factor', kind: 'boolean' },
    created_time: { expr: 'organizations.created_time', kind: 'date' },
  },
  fields: [
    'id',
    'name',
    'alias',
    'legal_name',
    'is_msp',
    'msp_parent_id',
    'contract_expiration',
    'customer_since',
    'require_two_factor',
    'users',
    'hosts',
    'resources',
    'children',
    'created_time',
    'allowed_actions',
  ],
  defaultOrder: [{ column: 'alias', desc: false }],
  toApi,
  enrich,
}

export async function getOrganization(db: Kysely<Database>, scope: Scope, id: number) {
  return (await getEntity(db, organizationDef, scope, id)) ?? fail('organization_not_found', { id })
}

function checkName(name: string) {
  if (!isValidName(name)) throw new ApiError('organization_name_invalid', { name })
}

async function ensureUnique(db: Kysely<Database>, name: string, exceptId?: number) {
  const clash = await db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirst()
  if (clash && clash.id !== exceptId) throw new ApiError('organization_already_exists', { name })
}

const auditView = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('organizations')
    .select(['name', 'alias', 'legal_name', 'is_msp', 'msp_parent_id', 'contract_expiration', 'customer_since', 'require_two_factor'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/**
 * Issue 13 audit event of an organization change, in the organization itself (its administrators read it);
 * a deletion is recorded in the parent, which outlives it.
 */
async function auditOrganization(
  tx: Kysely<Database>,
  scope: Scope,
  id: number,
  status: string,
  before: Awaited<ReturnType<typeof auditView>> | null,
) {
  const after = status === 'DELETED' ? null : await auditView(tx, id)
  const view = (after ?? before)!
  await writeAuditEvent(tx, scope, {
    subject: 'organization',
    status,
    id,
    name: view.name,
    organizationId: after ? id : view.msp_parent_id,
    before,
    after,
  })
}

/** A new organization is a customer of an MSP organization where the caller may manage environments. */
export async function createOrganization(db: Kysely<Database>, scope: Scope, body: z.infer<typeof OrganizationBody>) {
  const parent = body.msp_parent_id ?? scope.organizationId
  demand(scope, 'hostgroup_write', { organizationId: parent })
  checkName(body.name)
  await ensureUnique(db, body.name)
  const row = await db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('organizations')
      .values({
        name: body.name,
        alias: body.alias ?? body.name,
        legal_name: body.legal_name ?? '',
        is_msp: body.is_msp ? 1 : 0,
        msp_parent_id: parent,
        contract_expiration: body.contract_expiration ?? null,
        customer_since: body.customer_since ?? null,
        require_two_factor: body.require_two_factor ? 1 : 0,
        created_time: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await auditOrganization(tx, scope, created.id, 'CREATED', null)
    return created
  })
  invalidateScopes()
  return row.id
}

export async function updateOrganization(db: Kysely<Database>, scope: Scope, id: number, body: z.infer<typeof OrganizationUpdate>) {
  const org = await getOrganization(db, scope, id)
  demand(scope, 'hostgroup_write', { organizationId: id })
  if (body.name !== undefined) {
    checkName(body.name)
    await ensureUnique(db, body.name, id)
  }
  const { is_msp, msp_parent_id, require_two_factor, ...rest } = body
  const moves = msp_parent_id !== undefined && msp_parent_id !== org.msp_parent_id
  if (moves) await checkMove(db, scope, id, msp_parent_id)
  const flag = (v: boolean | undefined, column: 'is_msp' | 'require_two_factor') => (v === undefined ? {} : { [column]: v ? 1 : 0 })
  const changes = {
    ...rest,
    ...flag(is_msp, 'is_msp'),
    ...flag(require_two_factor, 'require_two_factor'),
    ...(moves ? { msp_parent_id } : {}),
  }
  // An empty update changes nothing (an UPDATE with no SET is no SQL).
  if (!Object.keys(changes).length) return org
  await db.transaction().execute(async (tx) => {
    const before = await auditView(tx, id)
    await tx.updateTable('organizations').set(changes).where('id', '=', id).execute()
    // L5: a move to another MSP parent is its own audit verb; its before/after name the parents.
    await auditOrganization(tx, scope, id, moves ? 'MOVED' : 'UPDATED', before)
  })
  invalidateScopes()
  return getOrganization(db, scope, id)
}

/**
 * Issue 13: only server admins re-parent an organization (it moves the organization, with its rights and
 * hosts, under another MSP). The new parent must be visible and must not lie below the organization itself.
 */
async function checkMove(db: Kysely<Database>, scope: Scope, id: number, parent: number | null) {
  if (!scope.serverAdmin) throw new ApiError('unauthorized', { action: 'server_admin' })
  if (parent === null) return
  if (!scope.organizationIds.includes(parent)) throw new ApiError('organization_not_found', { id: parent })
  const orgs = await db.selectFrom('organizations').select(['id', 'msp_parent_id']).execute()
  const parentOf = new Map(orgs.map((o) => [o.id, o.msp_parent_id]))
  for (let at: number | null | undefined = parent, steps = 0; at != null && steps <= orgs.length; at = parentOf.get(at), steps++) {
    if (at === id)
      throw new ApiError('invalid_operation', { field: 'msp_parent_id', reason: 'an organization cannot be moved below itself' })
  }
}

export async function deleteOrganization(db: Kysely<Database>, scope: Scope, id: number) {
  await getOrganization(db, scope, id)
  demand(scope, 'hostgroup_write', { organizationId: id })
  await db.transaction().execute(async (tx) => {
    if (await tx.selectFrom('organizations').select('id').where('msp_parent_id', '=', id).executeTakeFirst())
      throw new ApiError('organization_has_children', { id })
    if (await tx.selectFrom('users').select('id').where('organization_id', '=', id).executeTakeFirst())
      throw new ApiError('organization_has_users', { id })
    const envs = await tx.selectFrom('hostgroups').select('id').where('organization_id', '=', id).execute()
    if (
      envs.length &&
      (await tx
        .selectFrom('hosts')
        .select('id')
        .where(
          'hostgroup_id',
          'in',
          envs.map((e) => e.id),
        )
        .executeTakeFirst())
    )
      throw new ApiError('hostgroup_not_empty', { id })
    await auditOrganization(tx, scope, id, 'DELETED', await auditView(tx, id))
    await tx.deleteFrom('user_rights').where('organization_id', '=', id).execute()
    await tx.deleteFrom('hostgroups').where('organization_id', '=', id).execute()
    await tx.deleteFrom('organizations').where('id', '=', id).execute()
  })
  invalidateScopes()
}
