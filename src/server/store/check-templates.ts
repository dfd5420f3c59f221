/**
 * Issue 13 "Targets": check templates (shared/api/check-templates.ts). Server admins write them; everyone sees
 * those their organizations may use; a check names one in `config.template` and the engine fills its fields in
 * at run time (engine/check-templates.ts). A template in use keeps its name and kind and cannot be deleted
 * (400 invalid_operation with the number of checks), so no check silently loses its send/expect.
 */
import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'
import type { Database } from './db'
import type { CheckTemplateTable } from './schema'
import type { Scope } from './scope'
import { now, readJson } from './json'
import { fail } from './fail'
import { writeAuditEvent } from './audit'
import { ApiError } from '../../shared/errors'
import type { CheckTemplate, CheckTemplateBody, CheckTemplateUpdate } from '../../shared/api/check-templates'
import { checkKinds } from '../engine/checks/index'
import { templateFields } from '../engine/check-policy'

/** What the engine and the save-time check need of a template. */
export interface CheckTemplateRef {
  name: string
  kind: string
  fields: Record<string, unknown>
  organization_id: number | null
}

const toTemplate = (r: Selectable<CheckTemplateTable>): CheckTemplate => ({ ...r, fields: readJson<Record<string, unknown>>(r.fields, {}) })

const usable = (scope: Scope, organizationId: number | null) =>
  scope.serverAdmin || organizationId === null || scope.organizationIds.includes(organizationId)

const requireServerAdmin = (scope: Scope) => {
  if (!scope.serverAdmin)
    throw new ApiError('unauthorized', { action: 'check_templates', reason: 'only server admins write check templates' })
}

/** Every template by name, for the engine. */
export async function readAllCheckTemplates(db: Kysely<Database>): Promise<Map<string, CheckTemplateRef>> {
  const rows = await db.selectFrom('check_templates').select(['name', 'kind', 'fields', 'organization_id']).execute()
  return new Map(rows.map((r) => [r.name, { ...r, fields: readJson<Record<string, unknown>>(r.fields, {}) }]))
}

export async function listCheckTemplates(db: Kysely<Database>, scope: Scope): Promise<CheckTemplate[]> {
  const rows = await db.selectFrom('check_templates').selectAll().orderBy('name').execute()
  return rows.filter((r) => usable(scope, r.organization_id)).map(toTemplate)
}

/** Only the kind's server-admin-only fields, each valid by the kind's own config schema (checks/index.ts). */
function validFields(kind: string, fields: Record<string, unknown>): Record<string, unknown> {
  const allowed = templateFields(kind)
  if (!allowed)
    throw new ApiError('validation_failed', {
      field: 'kind',
      value: kind,
      reason: 'templates exist for tcp, smtp, imap, pop, ftp, ssh, http and https checks',
    })
  const names = Object.keys(fields)
  const stray = names.find((k) => !allowed.includes(k))
  if (stray !== undefined)
    throw new ApiError('validation_failed', { field: `fields.${stray}`, reason: `a ${kind} template holds ${allowed.join(', ')}` })
  if (!names.length)
    throw new ApiError('validation_failed', { field: 'fields', reason: `a ${kind} template holds at least one of ${allowed.join(', ')}` })
  const schema = (checkKinds[kind as keyof typeof checkKinds].config as unknown as z.ZodObject).pick(
    Object.fromEntries(allowed.map((k) => [k, true])) as never,
  )
  const parsed = schema.safeParse(fields)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ApiError('validation_failed', { field: ['fields', ...issue.path.map(String)].join('.'), reason: issue.message })
  }
  return parsed.data
}

async function requireOrganization(db: Kysely<Database>, organizationId: number | null | undefined) {
  if (organizationId == null) return
  if (!(await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst()))
    fail('organization_not_found', { id: organizationId })
}

async function requireFreeName(db: Kysely<Database>, name: string, exceptId?: number) {
  const clash = await db.selectFrom('check_templates').select('id').where('name', '=', name).executeTakeFirst()
  if (clash && clash.id !== exceptId)
    throw new ApiError('validation_failed', { field: 'name', value: name, reason: 'a check template with this name exists' })
}

/** How many host and resource checks name the template. */
async function checksUsing(db: Kysely<Database>, name: string): Promise<number> {
  let count = 0
  for (const table of ['hosts', 'resources'] as const) {
    // The LIKE only narrows (names hold no % and any JSON spacing passes); the parsed config decides.
    const rows = await db.selectFrom(table).select('check_config').where('check_config', 'like', `%${name}%`).execute()
    count += rows.filter((r) => readJson<{ template?: unknown }>(r.check_config, {}).template === name).length
  }
  return count
}

const inUse = (name: string, checks: number, action: string) =>
  new ApiError('invalid_operation', {
    reason: `check template "${name}" is used by ${checks} check(s); ${action} only when none uses it`,
    checks,
  })

const getRow = async (db: Kysely<Database>, id: number) =>
  (await db.selectFrom('check_templates').selectAll().where('id', '=', id).executeTakeFirst()) ?? fail('not_found', { id })

export async function createCheckTemplate(db: Kysely<Database>, scope: Scope, body: CheckTemplateBody): Promise<CheckTemplate> {
  requireServerAdmin(scope)
  const fields = validFields(body.kind, body.fields)
  await requireOrganization(db, body.organization_id)
  return db.transaction().execute(async (tx) => {
    await requireFreeName(tx, body.name)
    const t = now()
    const row = {
      name: body.name,
      kind: body.kind,
      fields: JSON.stringify(fields),
      description: body.description,
      organization_id: body.organization_id,
      created_time: t,
      updated_time: t,
    }
    const { id } = await tx.insertInto('check_templates').values(row).returning('id').executeTakeFirstOrThrow()
    const saved = toTemplate({ id, ...row })
    await writeAuditEvent(tx, scope, {
      subject: 'check_template',
      status: 'CREATED',
      id,
      name: saved.name,
      organizationId: saved.organization_id,
      after: saved,
    })
    return saved
  })
}

export async function updateCheckTemplate(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  body: CheckTemplateUpdate,
): Promise<CheckTemplate> {
  requireServerAdmin(scope)
  await requireOrganization(db, body.organization_id)
  return db.transaction().execute(async (tx) => {
    const old = await getRow(tx, id)
    const before = toTemplate(old)
    const name = body.name ?? old.name
    const kind = body.kind ?? old.kind
    if (name !== old.name || kind !== old.kind) {
      const checks = await checksUsing(tx, old.name)
      if (checks) throw inUse(old.name, checks, 'rename it or change its kind')
    }
    if (name !== old.name) await requireFreeName(tx, name, id)
    const fields = body.fields || kind !== old.kind ? validFields(kind, body.fields ?? before.fields) : before.fields
    const set = {
      name,
      kind,
      fields: JSON.stringify(fields),
      description: body.description ?? old.description,
      organization_id: body.organization_id === undefined ? old.organization_id : body.organization_id,
      updated_time: now(),
    }
    await tx.updateTable('check_templates').set(set).where('id', '=', id).execute()
    const after = toTemplate({ ...old, ...set })
    await writeAuditEvent(tx, scope, {
      subject: 'check_template',
      status: 'UPDATED',
      id,
      name: after.name,
      organizationId: after.organization_id,
      before,
      after,
    })
    return after
  })
}

export async function deleteCheckTemplate(db: Kysely<Database>, scope: Scope, id: number): Promise<void> {
  requireServerAdmin(scope)
  await db.transaction().execute(async (tx) => {
    const old = await getRow(tx, id)
    const checks = await checksUsing(tx, old.name)
    if (checks) throw inUse(old.name, checks, 'delete it')
    await tx.deleteFrom('check_templates').where('id', '=', id).execute()
    await writeAuditEvent(tx, scope, {
      subject: 'check_template',
      status: 'DELETED',
      id,
      name: old.name,
      organizationId: old.organization_id,
      before: toTemplate(old),
    })
  })
}

/**
 * Save time: a check naming a template needs one of its kind that the caller's organizations may use; an
 * unknown and a hidden template get the same answer. (The engine checks the check's own organization at run time.)
 */
export async function requireCheckTemplate(
  db: Kysely<Database>,
  scope: Scope,
  check: { kind: string; config: Record<string, unknown> } | undefined,
) {
  const name = check?.config.template
  if (typeof name !== 'string') return
  const row = await db.selectFrom('check_templates').select(['kind', 'organization_id']).where('name', '=', name).executeTakeFirst()
  if (!row || !usable(scope, row.organization_id))
    throw new ApiError('validation_failed', { field: 'check.config.template', value: name, reason: 'no such check template' })
  if (row.kind !== check!.kind)
    throw new ApiError('validation_failed', {
      field: 'check.config.template',
      value: name,
      reason: `the template is for ${row.kind} checks`,
    })
}
