/**
 * Issue 15 Settings: an organization's default thresholds (shared/api/thresholds.ts), risk scan options and
 * services (shared/api/settings.ts), one JSON row per organization. Read by whoever sees the organization, changed with
 * host_write on it (SPEC §6 "host_write (organization threshold edit)"), audited in the same transaction.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { readJson, now } from './json'
import { can, type Scope } from './scope'
import { requireVisibleOrganization } from './quotas'
import { writeAuditEvent, type AuditSubject } from './audit'
import { ApiError } from '../../shared/errors'
import { OrganizationThresholds } from '../../shared/api/thresholds'
import { normalizeServices, OrganizationServices, RiskOptions } from '../../shared/api/settings'

type Column = 'thresholds' | 'risk_options' | 'services'

/** The stored JSON with defaults filled in (the defaults alone if it no longer parses). */
const parseThresholds = (json: string) => OrganizationThresholds.safeParse(readJson(json, {})).data ?? OrganizationThresholds.parse({})
const parseRiskOptions = (json: string) => RiskOptions.safeParse(readJson(json, {})).data ?? RiskOptions.parse({})
const parseServices = (json: string) => OrganizationServices.safeParse(readJson(json, {})).data ?? OrganizationServices.parse({})

async function readColumn(db: Kysely<Database>, organizationId: number, column: Column): Promise<string> {
  const row = await db.selectFrom('organization_settings').select(column).where('organization_id', '=', organizationId).executeTakeFirst()
  return (row as Record<Column, string> | undefined)?.[column] ?? '{}'
}

/** Every organization's thresholds that were ever set, for the engine (engine.ts loadSettings). */
export async function readAllThresholds(db: Kysely<Database>): Promise<Map<number, OrganizationThresholds>> {
  const rows = await db.selectFrom('organization_settings').select(['organization_id', 'thresholds']).execute()
  return new Map(rows.map((r) => [r.organization_id, parseThresholds(r.thresholds)]))
}

/** The options applied to scans imported into an organization's environments. */
export async function readRiskOptions(db: Kysely<Database>, organizationId: number): Promise<RiskOptions> {
  return parseRiskOptions(await readColumn(db, organizationId, 'risk_options'))
}

/** The default checks of each host type the organization's new hosts do not bring (store/hosts.ts plans them). */
export async function readServices(db: Kysely<Database>, organizationId: number): Promise<OrganizationServices> {
  return parseServices(await readColumn(db, organizationId, 'services'))
}

export async function getThresholds(db: Kysely<Database>, scope: Scope, organizationId: number) {
  await requireVisibleOrganization(db, scope, organizationId)
  return parseThresholds(await readColumn(db, organizationId, 'thresholds'))
}

export async function getRiskOptions(db: Kysely<Database>, scope: Scope, organizationId: number) {
  await requireVisibleOrganization(db, scope, organizationId)
  return readRiskOptions(db, organizationId)
}

export async function getServices(db: Kysely<Database>, scope: Scope, organizationId: number) {
  await requireVisibleOrganization(db, scope, organizationId)
  return readServices(db, organizationId)
}

/** Replaces one settings column of the organization and audits the change. */
async function writeColumn<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  scope: Scope,
  organizationId: number,
  column: Column,
  subject: AuditSubject,
  parse: (json: string) => T,
  value: T,
): Promise<T> {
  await requireVisibleOrganization(db, scope, organizationId)
  if (!scope.serverAdmin && !can(scope, 'host_write', { organizationId })) throw new ApiError('unauthorized', { action: 'host_write' })
  return db.transaction().execute(async (tx) => {
    const before = parse(await readColumn(tx, organizationId, column))
    const stored = JSON.stringify(value)
    await tx
      .insertInto('organization_settings')
      .values({ organization_id: organizationId, [column]: stored, updated_time: now() })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet({ [column]: stored, updated_time: now() }))
      .execute()
    const org = await tx.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow()
    const after = parse(stored)
    await writeAuditEvent(tx, scope, { subject, status: 'UPDATED', id: organizationId, name: org.name, organizationId, before, after })
    return after
  })
}

export const updateThresholds = (db: Kysely<Database>, scope: Scope, organizationId: number, value: OrganizationThresholds) =>
  writeColumn(db, scope, organizationId, 'thresholds', 'thresholds', parseThresholds, value)

export const updateRiskOptions = (db: Kysely<Database>, scope: Scope, organizationId: number, value: RiskOptions) =>
  writeColumn(db, scope, organizationId, 'risk_options', 'risk_options', parseRiskOptions, value)

export const updateServices = (db: Kysely<Database>, scope: Scope, organizationId: number, value: OrganizationServices) =>
  writeColumn(db, scope, organizationId, 'services', 'services', parseServices, normalizeServices(value))
