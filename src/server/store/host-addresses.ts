/** Issue 15 discovery: which of an organization's hosts the caller sees already have these addresses. */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'

/** Host names by address, among the caller's hosts of `organizationId` (a sweep marks those as monitored already). */
export async function hostNamesByAddress(
  db: Kysely<Database>,
  scope: Scope,
  organizationId: number,
  addresses: readonly string[],
): Promise<Map<string, string>> {
  if (!addresses.length || !scope.environmentIds.length) return new Map()
  const rows = await db
    .selectFrom('hosts')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .select(['hosts.ip_address', 'hosts.name'])
    .where('hostgroups.organization_id', '=', organizationId)
    .where('hosts.hostgroup_id', 'in', scope.environmentIds)
    .where('hosts.ip_address', 'in', [...addresses])
    .orderBy('hosts.id')
    .execute()
  const names = new Map<string, string>()
  for (const r of rows) if (!names.has(r.ip_address)) names.set(r.ip_address, r.name)
  return names
}
