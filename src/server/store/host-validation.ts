/**
 * The host-admin rules a write must pass before the host store writes (SPEC §5 Hosts, issue 13): field
 * rules, unique names per organization, parents among the caller's hosts, host_write on the environment.
 */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from './db'
import { demand, type Scope } from './scope'
import { ApiError } from '../../shared/errors'
import { isAscii, isValidFqdn } from '../../shared/validation'
import type { HostBody } from '../../shared/api/entities'
import { organizationOfEnvironment } from './quotas'
import { isHostType } from '../../shared/host-types'
import { parseWebsiteInspection, WEBSITE_INSPECTION_MAX } from '../../shared/website-inspection'

/** Issue 13: host names are unique per organization, so another tenant's host names stay unknown. */
export async function ensureUniqueName(db: Kysely<Database>, environmentId: number, name: string, exceptId?: number) {
  const clash = await db
    .selectFrom('hosts')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .select('hosts.id')
    .where('hosts.name', '=', name)
    .where('hostgroups.organization_id', '=', db.selectFrom('hostgroups').select('organization_id').where('id', '=', environmentId))
    .executeTakeFirst()
  if (clash && clash.id !== exceptId) throw new ApiError('host_already_exists', { name })
}

/** Every SPEC §5 Hosts rule the fields break, in field order (the CSV import reports them all, a save the first). */
export function hostFieldErrors(body: Partial<z.infer<typeof HostBody>>): ApiError[] {
  const errors: ApiError[] = []
  if (body.name !== undefined && (!isAscii(body.name) || /\s/.test(body.name)))
    errors.push(new ApiError('invalid_ascii_parameter', { field: 'name' }))
  if (body.fqdn && !isValidFqdn(body.fqdn)) errors.push(new ApiError('invalid_fqdn', { fqdn: body.fqdn }))
  if (body.hosttype !== undefined && !isHostType(body.hosttype)) errors.push(new ApiError('invalid_host_type', { hosttype: body.hosttype }))
  const inspection = body.website_inspection_config
  if (inspection !== undefined && inspection.length > WEBSITE_INSPECTION_MAX)
    errors.push(new ApiError('too_long_website_inspection_config', { maximum: WEBSITE_INSPECTION_MAX, length: inspection.length }))
  const parsed = inspection === undefined || inspection.length > WEBSITE_INSPECTION_MAX ? null : parseWebsiteInspection(inspection)
  if (parsed && 'line' in parsed) errors.push(new ApiError('invalid_website_inspection_config', { line: parsed.line }))
  return errors
}

export function validateHost(body: Partial<z.infer<typeof HostBody>>) {
  const [first] = hostFieldErrors(body)
  if (first) throw first
}

/** Parents by name among the caller's hosts; a name several organizations share means the child's organization's host. */
export async function resolveParents(db: Kysely<Database>, scope: Scope, names: string[], environmentId: number, selfId?: number) {
  if (!names.length) return []
  const rows = await db
    .selectFrom('hosts')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .select(['hosts.id', 'hosts.name', 'hostgroups.organization_id'])
    .where('hosts.name', 'in', names)
    .where('hosts.hostgroup_id', 'in', scope.environmentIds.length ? scope.environmentIds : [0])
    .orderBy('hosts.id')
    .execute()
  const own = await organizationOfEnvironment(db, environmentId)
  const chosen = names.flatMap((n) => {
    const named = rows.filter((r) => r.name === n)
    const pick = named.find((r) => r.organization_id === own) ?? named[0]
    return pick ? [pick] : []
  })
  const missing = names.filter((n) => !chosen.some((r) => r.name === n))
  if (missing.length) throw new ApiError('host_not_found', { parents: missing })
  if (selfId !== undefined && chosen.some((r) => r.id === selfId))
    throw new ApiError('validation_failed', { field: 'parents', reason: 'a host cannot be its own parent' })
  return [...new Set(chosen.map((r) => r.id))]
}

/** SPEC §6 host_write on the environment; a hidden environment is not found. */
export function requireHostWrite(scope: Scope, environmentId: number) {
  if (!scope.environmentIds.includes(environmentId)) throw new ApiError('hostgroup_not_found', { id: environmentId })
  demand(scope, 'host_write', { environmentId })
}
