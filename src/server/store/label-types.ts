/**
 * SPEC §3 Label type (name, data type none/string/number/list) per organization, issue 15 Settings "labels".
 * Names follow SPEC §5 Labels (shared/api/settings.ts LabelName) and are unique per organization
 * (label_type_already_exists). Read by whoever sees the organization, changed with host_write on it.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, LabelTypeTable } from './db'
import { can, type Scope } from './scope'
import { now } from './json'
import { requireVisibleOrganization } from './quotas'
import { writeAuditEvent } from './audit'
import { ApiError } from '../../shared/errors'
import { LABEL_DATA_TYPES, type LabelType, type LabelTypeBody } from '../../shared/api/settings'

const toApi = (r: Selectable<LabelTypeTable>): LabelType => ({
  id: r.id,
  organization_id: r.organization_id,
  name: r.name,
  data_type: LABEL_DATA_TYPES.find((t) => t === r.data_type) ?? 'none',
})

function requireHostWrite(scope: Scope, organizationId: number) {
  if (!scope.serverAdmin && !can(scope, 'host_write', { organizationId })) throw new ApiError('unauthorized', { action: 'host_write' })
}

export async function listLabelTypes(db: Kysely<Database>, scope: Scope, organizationId: number): Promise<LabelType[]> {
  await requireVisibleOrganization(db, scope, organizationId)
  const rows = await db.selectFrom('label_types').selectAll().where('organization_id', '=', organizationId).orderBy('name').execute()
  return rows.map(toApi)
}

/** The organization's label type called `name`, if any (host labels are checked against it). */
export async function findLabelType(db: Kysely<Database>, organizationId: number, name: string): Promise<LabelType | undefined> {
  const row = await db
    .selectFrom('label_types')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .executeTakeFirst()
  return row && toApi(row)
}

export async function createLabelType(db: Kysely<Database>, scope: Scope, organizationId: number, body: LabelTypeBody): Promise<LabelType> {
  await requireVisibleOrganization(db, scope, organizationId)
  requireHostWrite(scope, organizationId)
  return db.transaction().execute(async (tx) => {
    if (await findLabelType(tx, organizationId, body.name)) throw new ApiError('label_type_already_exists', { name: body.name })
    const row = await tx
      .insertInto('label_types')
      .values({ organization_id: organizationId, name: body.name, data_type: body.data_type, created_time: now() })
      .returningAll()
      .executeTakeFirstOrThrow()
    await writeAuditEvent(tx, scope, { subject: 'label_type', status: 'CREATED', id: row.id, name: row.name, organizationId, after: body })
    return toApi(row)
  })
}

/** Deletes a label type; hosts keep the labels they have (they can no longer be set again). */
export async function deleteLabelType(db: Kysely<Database>, scope: Scope, id: number): Promise<void> {
  const row = await db.selectFrom('label_types').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || (!scope.serverAdmin && !scope.organizationIds.includes(row.organization_id))) throw new ApiError('not_found', { id })
  requireHostWrite(scope, row.organization_id)
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('label_types').where('id', '=', id).execute()
    await writeAuditEvent(tx, scope, {
      subject: 'label_type',
      status: 'DELETED',
      id,
      name: row.name,
      organizationId: row.organization_id,
      before: { name: row.name, data_type: row.data_type },
    })
  })
}
