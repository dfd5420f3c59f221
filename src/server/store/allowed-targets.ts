/**
 * Issue 13 "Targets": an organization's allowed check targets (shared/api/quotas.ts AllowedTargets, stored
 * in organizations.allowed_targets), set by server admins, and the save-time half of the policy: a check or
 * host saved by anyone else may not name an address the policy denies (engine/target-policy.ts). The run-time
 * half resolves names and judges their addresses again (engine/checks/reach.ts).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { readJson } from './json'
import { fail } from './fail'
import { writeAuditEvent } from './audit'
import { organizationOfEnvironment } from './quotas'
import { ApiError } from '../../shared/errors'
import { AllowedTargets } from '../../shared/api/quotas'
import { deniedOutput, isNamePattern, parseNetwork, targetDenial, targetRules } from '../engine/target-policy'
import { ownAddresses } from '../engine/own-addresses'
import { hostAddress } from '../../shared/host-tags'

const NONE: AllowedTargets = { networks: [], names: [] }

const parse = (json: string): AllowedTargets => {
  const parsed = AllowedTargets.safeParse(readJson(json, {}))
  return parsed.success ? parsed.data : NONE
}

/** Every organization's allowed targets, for the engine. */
export async function readAllAllowedTargets(db: Kysely<Database>): Promise<Map<number, AllowedTargets>> {
  const rows = await db.selectFrom('organizations').select(['id', 'allowed_targets']).execute()
  return new Map(rows.map((r) => [r.id, parse(r.allowed_targets)]))
}

/** An organization's allowed targets, unscoped (its callers hold the organization already). */
export async function readAllowedTargets(db: Kysely<Database>, organizationId: number): Promise<AllowedTargets> {
  const row = await db.selectFrom('organizations').select('allowed_targets').where('id', '=', organizationId).executeTakeFirst()
  return row ? parse(row.allowed_targets) : NONE
}

/** GET: whoever sees the organization. */
export async function getAllowedTargets(db: Kysely<Database>, scope: Scope, organizationId: number): Promise<AllowedTargets> {
  if (!scope.serverAdmin && !scope.organizationIds.includes(organizationId)) fail('organization_not_found', { id: organizationId })
  const row = await db.selectFrom('organizations').select('allowed_targets').where('id', '=', organizationId).executeTakeFirst()
  return row ? parse(row.allowed_targets) : fail('organization_not_found', { id: organizationId })
}

/** PUT: server admins only (issue 13 "Server admins"); every entry is validated, the change audited. */
export async function setAllowedTargets(
  db: Kysely<Database>,
  scope: Scope,
  organizationId: number,
  body: AllowedTargets,
): Promise<AllowedTargets> {
  if (!scope.serverAdmin) throw new ApiError('unauthorized', { action: 'allowed_targets' })
  const networks = body.networks.map((text, i) => {
    const n = parseNetwork(text)
    if (!n)
      throw new ApiError('validation_failed', {
        field: `networks.${i}`,
        value: text,
        reason: 'CIDR block (10.0.0.0/8, 2001:db8::/32) or address expected',
      })
    return `${n.address}/${n.prefix}`
  })
  const names = body.names.map((text, i) => {
    if (!isNamePattern(text))
      throw new ApiError('validation_failed', { field: `names.${i}`, value: text, reason: 'host name or *.domain pattern expected' })
    return text.toLowerCase()
  })
  const after = { networks, names }
  return db.transaction().execute(async (tx) => {
    const org = await tx
      .selectFrom('organizations')
      .select(['id', 'name', 'allowed_targets'])
      .where('id', '=', organizationId)
      .executeTakeFirst()
    if (!org) fail('organization_not_found', { id: organizationId })
    await tx
      .updateTable('organizations')
      .set({ allowed_targets: JSON.stringify(after) })
      .where('id', '=', organizationId)
      .execute()
    await writeAuditEvent(tx, scope, {
      subject: 'allowed_networks',
      status: 'UPDATED',
      id: org.id,
      name: org.name,
      organizationId: org.id,
      before: parse(org.allowed_targets),
      after,
    })
    return after
  })
}

/** The trust to store with a save (issue 13 "Targets"): a server admin's save of a check or target trusts it, anyone else's clears it. */
export const checkTrust = (scope: Scope, touchesTarget: boolean) => (touchesTarget ? { check_trusted: scope.serverAdmin ? 1 : 0 } : {})

type CheckBody = { kind: string; config: Record<string, unknown> } | undefined

/** Targets a check's configuration names itself (`host`, or the DNS `server`), by field. */
function configTargets(check: CheckBody): [string, string][] {
  const out: [string, string][] = []
  for (const key of ['host', 'server']) {
    const value = check?.config[key]
    if (typeof value === 'string' && value) out.push([`check.config.${key}`, value])
  }
  return out
}

/** Refuses (400 naming the field) targets the organization of `hostgroupId` denies, unless a server admin saves them. */
async function demand(db: Kysely<Database>, scope: Scope, hostgroupId: number, targets: [string, string][]) {
  // Hidden or absent environments are left to the store's own not-found answer (nothing leaks through a 400).
  if (scope.serverAdmin || !targets.length || !scope.environmentIds.includes(hostgroupId)) return
  const organizationId = await organizationOfEnvironment(db, hostgroupId)
  if (organizationId === undefined) return
  const rules = targetRules(await readAllowedTargets(db, organizationId), ownAddresses())
  for (const [field, value] of targets) {
    const why = targetDenial(rules, value)
    if (why) throw new ApiError('validation_failed', { field, value, reason: deniedOutput(value, why) })
  }
}

type HostTargetBody = { hostgroup_id?: number; name?: string; fqdn?: string; ip_address?: string; check?: CheckBody }

/** A host's create (no `hostId`) or update: its address (ip_address, else fqdn, else name) and its check's targets. */
export async function demandHostTargets(db: Kysely<Database>, scope: Scope, body: HostTargetBody, hostId?: number) {
  if (scope.serverAdmin) return
  const old =
    hostId === undefined
      ? undefined
      : await db.selectFrom('hosts').select(['hostgroup_id', 'name', 'fqdn', 'ip_address']).where('id', '=', hostId).executeTakeFirst()
  // A hidden or absent host is the store's to refuse with not-found; its address must not show in a 400.
  if (hostId !== undefined && (!old || !scope.environmentIds.includes(old.hostgroup_id))) return
  const hostgroupId = body.hostgroup_id ?? old?.hostgroup_id
  if (hostgroupId === undefined) return
  const targets = configTargets(body.check)
  if (['ip_address', 'fqdn', 'name', 'hostgroup_id'].some((k) => body[k as keyof HostTargetBody] !== undefined)) {
    const address = [
      ['ip_address', body.ip_address ?? old?.ip_address],
      ['fqdn', body.fqdn ?? old?.fqdn],
      ['name', body.name ?? old?.name],
    ].find(([, v]) => v)
    if (address) targets.push(address as [string, string])
  }
  await demand(db, scope, hostgroupId, targets)
}

/** A resource's create (its host) or update (the resource) with a check: the check's own targets, else its host's address. */
export async function demandResourceTargets(
  db: Kysely<Database>,
  scope: Scope,
  of: { hostId: number } | { resourceId: number },
  check: CheckBody,
) {
  if (scope.serverAdmin || !check || check.kind === '') return
  const hostId =
    'hostId' in of
      ? of.hostId
      : (await db.selectFrom('resources').select('host_id').where('id', '=', of.resourceId).executeTakeFirst())?.host_id
  const host =
    hostId === undefined
      ? undefined
      : await db
          .selectFrom('hosts')
          .select(['hostgroup_id', 'name', 'fqdn', 'ip_address', 'tags'])
          .where('id', '=', hostId)
          .executeTakeFirst()
  if (!host) return
  const own = configTargets(check)
  // Where the engine will send the check (hostAddress: a dyndns host's name, else its address).
  const address = hostAddress({ ...host, tags: readJson<string[]>(host.tags, []) })
  await demand(db, scope, host.hostgroup_id, own.length ? own : [['check.config.host', address]])
}
