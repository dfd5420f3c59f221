/**
 * SPEC §3 environment lists: named sets of environments of one organization, selectable in the environment
 * selector (preference ids `group-{id}`). Everyone who sees the organization sees its lists, each narrowed to
 * the environments they see; managing them needs `hostgroup_write` on the organization (SPEC §6).
 */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from './db'
import { can, type Scope } from './scope'
import { writeAuditEvent } from './audit'
import { now } from './json'
import { ApiError } from '../../shared/errors'
import { isValidName } from '../../shared/validation'
import type { EnvironmentListBody, EnvironmentListRow, EnvironmentListUpdate } from '../../shared/api/user-admin'

export async function listEnvironmentLists(db: Kysely<Database>, scope: Scope, organizationId?: number): Promise<EnvironmentListRow[]> {
  const orgs = organizationId === undefined ? scope.organizationIds : scope.organizationIds.filter((id) => id === organizationId)
  if (!orgs.length) return []
  const lists = await db.selectFrom('environment_lists').selectAll().where('organization_id', 'in', orgs).orderBy('name').execute()
  if (!lists.length) return []
  const members = await db
    .selectFrom('environment_list_members')
    .selectAll()
    .where(
      'list_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('hostgroup_id')
    .execute()
  const visible = new Set(scope.environmentIds)
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    organization_id: l.organization_id,
    environment_ids: members.filter((m) => m.list_id === l.id && visible.has(m.hostgroup_id)).map((m) => m.hostgroup_id),
    allowed_actions: can(scope, 'hostgroup_write', { organizationId: l.organization_id }) ? ['hostgroup_write'] : [],
  }))
}

export async function getEnvironmentList(db: Kysely<Database>, scope: Scope, id: number) {
  const row = await db.selectFrom('environment_lists').select('organization_id').where('id', '=', id).executeTakeFirst()
  const list = row && (await listEnvironmentLists(db, scope, row.organization_id)).find((l) => l.id === id)
  if (!list) throw new ApiError('hostgroup_not_found', { id: `group-${id}` })
  return list
}

function checkWrite(scope: Scope, organizationId: number) {
  if (!can(scope, 'hostgroup_write', { organizationId })) throw new ApiError('unauthorized', { action: 'hostgroup_write' })
}

/** The name follows SPEC §5 name rules and is unique in the organization; the environments are the organization's own. */
async function checkContent(
  db: Kysely<Database>,
  scope: Scope,
  organizationId: number,
  body: { name?: string; environment_ids?: number[] },
  exceptId?: number,
) {
  if (body.name !== undefined) {
    if (!isValidName(body.name)) throw new ApiError('hostgroup_name_invalid', { name: body.name })
    const clash = await db
      .selectFrom('environment_lists')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('name', '=', body.name)
      .executeTakeFirst()
    if (clash && clash.id !== exceptId) throw new ApiError('hostgroup_already_exists', { name: body.name })
  }
  for (const env of body.environment_ids ?? []) {
    const row = await db.selectFrom('hostgroups').select('organization_id').where('id', '=', env).executeTakeFirst()
    if (!row || row.organization_id !== organizationId || !scope.environmentIds.includes(env))
      throw new ApiError('hostgroup_not_found', { id: env })
  }
}

async function writeMembers(tx: Kysely<Database>, listId: number, environmentIds: readonly number[]) {
  await tx.deleteFrom('environment_list_members').where('list_id', '=', listId).execute()
  const unique = [...new Set(environmentIds)]
  if (unique.length)
    await tx
      .insertInto('environment_list_members')
      .values(unique.map((hostgroup_id) => ({ list_id: listId, hostgroup_id })))
      .execute()
}

const audit = (
  tx: Kysely<Database>,
  scope: Scope,
  status: string,
  list: { id: number; name: string; organization_id: number },
  before: unknown,
  after: unknown,
) =>
  writeAuditEvent(tx, scope, {
    subject: 'environment',
    status,
    id: `group-${list.id}`,
    name: list.name,
    organizationId: list.organization_id,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  })

export async function createEnvironmentList(db: Kysely<Database>, scope: Scope, body: z.infer<typeof EnvironmentListBody>) {
  if (!scope.organizationIds.includes(body.organization_id)) throw new ApiError('organization_not_found', { id: body.organization_id })
  checkWrite(scope, body.organization_id)
  await checkContent(db, scope, body.organization_id, body)
  return db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('environment_lists')
      .values({ name: body.name, organization_id: body.organization_id, created_time: now() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeMembers(tx, created.id, body.environment_ids)
    await audit(tx, scope, 'CREATED', { ...body, id: created.id }, null, { name: body.name, environment_ids: body.environment_ids })
    return created.id
  })
}

export async function updateEnvironmentList(db: Kysely<Database>, scope: Scope, id: number, body: z.infer<typeof EnvironmentListUpdate>) {
  const list = await getEnvironmentList(db, scope, id)
  checkWrite(scope, list.organization_id)
  await checkContent(db, scope, list.organization_id, body, id)
  await db.transaction().execute(async (tx) => {
    if (body.name !== undefined) await tx.updateTable('environment_lists').set({ name: body.name }).where('id', '=', id).execute()
    if (body.environment_ids) await writeMembers(tx, id, body.environment_ids)
    const before = { name: list.name, environment_ids: list.environment_ids }
    await audit(tx, scope, 'UPDATED', { ...list, name: body.name ?? list.name }, before, { ...before, ...body })
  })
}

export async function deleteEnvironmentList(db: Kysely<Database>, scope: Scope, id: number) {
  const list = await getEnvironmentList(db, scope, id)
  checkWrite(scope, list.organization_id)
  await db.transaction().execute(async (tx) => {
    await audit(tx, scope, 'DELETED', list, { name: list.name, environment_ids: list.environment_ids }, null)
    await tx.deleteFrom('environment_lists').where('id', '=', id).execute()
  })
}
