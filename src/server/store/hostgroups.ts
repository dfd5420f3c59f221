/** Environments, called hostgroups in the data (SPEC §3 Environment). */
import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'
import type { Database, HostgroupTable } from './db'
import { getEntity, type EntityDef } from './list'
import { demand, invalidateScopes, type Scope } from './scope'
import { ApiError } from '../../shared/errors'
import { fail } from './fail'
import { isValidName } from '../../shared/validation'
import type { EnvironmentBody, EnvironmentUpdate } from '../../shared/api/entities'
import { now } from './json'
import { writeAuditEvent } from './audit'

type Row = Selectable<HostgroupTable> & { host_count: number; organization_name: string }
type EnvironmentOut = ReturnType<typeof toApi>

function toApi(r: Row, scope: Scope) {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    organization_id: r.organization_id,
    organization_name: r.organization_name,
    host_count: Number(r.host_count),
    hosts: [] as string[],
    created_time: r.created_time,
    allowed_actions: scope.envActions.get(r.id) ?? [],
  }
}

/** SPEC §3 Environment `hosts`: the host names, filled for one page only. */
async function enrich(db: Kysely<Database>, rows: EnvironmentOut[], fields: readonly string[]) {
  if (!fields.includes('hosts')) return
  const hosts = await db
    .selectFrom('hosts')
    .select(['hostgroup_id', 'name'])
    .where(
      'hostgroup_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('name')
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const h of hosts) byId.get(h.hostgroup_id)?.hosts.push(h.name)
}

const SELECT = `hostgroups.*, organizations.name AS organization_name,
  (SELECT COUNT(*) FROM hosts WHERE hosts.hostgroup_id = hostgroups.id) AS host_count`

export const environmentDef: EntityDef<Row, EnvironmentOut> = {
  from: 'hostgroups JOIN organizations ON organizations.id = hostgroups.organization_id',
  select: SELECT,
  scopeColumn: 'hostgroups.id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'hostgroups.id', kind: 'integer' },
    name: { expr: 'hostgroups.name', kind: 'text' },
    alias: { expr: 'hostgroups.alias', kind: 'text' },
    organization_id: { expr: 'hostgroups.organization_id', kind: 'integer' },
    organization_name: { expr: 'organizations.name', kind: 'text' },
    created_time: { expr: 'hostgroups.created_time', kind: 'date' },
  },
  fields: ['id', 'name', 'alias', 'organization_id', 'organization_name', 'host_count', 'created_time', 'allowed_actions'],
  extraFields: ['hosts'],
  defaultOrder: [{ column: 'alias', desc: false }],
  toApi,
  enrich,
}

export async function getEnvironment(db: Kysely<Database>, scope: Scope, id: number) {
  return (await getEntity(db, environmentDef, scope, id)) ?? fail('hostgroup_not_found', { id })
}

function checkName(name: string) {
  if (!isValidName(name)) throw new ApiError('hostgroup_name_invalid', { name })
}

async function ensureUnique(db: Kysely<Database>, organizationId: number, name: string, exceptId?: number) {
  const clash = await db
    .selectFrom('hostgroups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .executeTakeFirst()
  if (clash && clash.id !== exceptId) throw new ApiError('hostgroup_already_exists', { name })
}

const auditView = (db: Kysely<Database>, id: number) =>
  db.selectFrom('hostgroups').select(['name', 'alias', 'organization_id']).where('id', '=', id).executeTakeFirstOrThrow()

/** Issue 13 audit event of an environment change; a deleted environment's events keep only its organization. */
async function auditEnvironment(
  tx: Kysely<Database>,
  scope: Scope,
  id: number,
  status: string,
  before: Awaited<ReturnType<typeof auditView>> | null,
) {
  const after = status === 'DELETED' ? null : await auditView(tx, id)
  const view = (after ?? before)!
  await writeAuditEvent(tx, scope, {
    subject: 'environment',
    status,
    id,
    name: view.name,
    organizationId: view.organization_id,
    hostgroupId: after ? id : null,
    before,
    after,
  })
}

export async function createEnvironment(db: Kysely<Database>, scope: Scope, body: z.infer<typeof EnvironmentBody>) {
  if (!scope.organizationIds.includes(body.organization_id)) throw new ApiError('organization_not_found', { id: body.organization_id })
  demand(scope, 'hostgroup_write', { organizationId: body.organization_id })
  checkName(body.name)
  await ensureUnique(db, body.organization_id, body.name)
  const row = await db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('hostgroups')
      .values({ name: body.name, alias: body.alias ?? body.name, organization_id: body.organization_id, created_time: now() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await auditEnvironment(tx, scope, created.id, 'CREATED', null)
    return created
  })
  invalidateScopes()
  return row.id
}

export async function updateEnvironment(db: Kysely<Database>, scope: Scope, id: number, body: z.infer<typeof EnvironmentUpdate>) {
  const env = await getEnvironment(db, scope, id)
  demand(scope, 'hostgroup_write', { organizationId: env.organization_id })
  if (body.name !== undefined) {
    checkName(body.name)
    await ensureUnique(db, env.organization_id, body.name, id)
  }
  // An empty update changes nothing (an UPDATE with no SET is no SQL).
  if (!Object.keys(body).length) return
  await db.transaction().execute(async (tx) => {
    const before = await auditView(tx, id)
    await tx.updateTable('hostgroups').set(body).where('id', '=', id).execute()
    await auditEnvironment(tx, scope, id, 'UPDATED', before)
  })
}

/** SPEC §8: hostgroup_not_empty while it has hosts; hostgroup_last_in_organization for the last one. */
export async function deleteEnvironment(db: Kysely<Database>, scope: Scope, id: number) {
  const env = await getEnvironment(db, scope, id)
  demand(scope, 'hostgroup_write', { organizationId: env.organization_id })
  await db.transaction().execute(async (tx) => {
    if (await tx.selectFrom('hosts').select('id').where('hostgroup_id', '=', id).executeTakeFirst())
      throw new ApiError('hostgroup_not_empty', { id })
    const count = await tx
      .selectFrom('hostgroups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', env.organization_id)
      .executeTakeFirstOrThrow()
    if (Number(count.n) <= 1) throw new ApiError('hostgroup_last_in_organization', { id })
    // Its audit events outlive it in its organization, where the organization's user managers read them.
    await tx.updateTable('events').set({ hostgroup_id: null }).where('hostgroup_id', '=', id).where('type', '=', 'audit_log').execute()
    await auditEnvironment(tx, scope, id, 'DELETED', await auditView(tx, id))
    await tx.deleteFrom('user_rights').where('hostgroup_id', '=', id).execute()
    await tx.deleteFrom('hostgroups').where('id', '=', id).execute()
  })
  invalidateScopes()
}
