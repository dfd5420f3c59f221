/**
 * SPEC §5 "Cluster": a named set of 2–3 hosts of one organization (hosts.cluster, migration 0019). Forming a
 * cluster replaces its members; each host changed writes an audit event.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { can, type Scope } from './scope'
import { ApiError } from '../../shared/errors'
import { MAX_CLUSTER_SIZE, MIN_CLUSTER_SIZE } from '../../shared/constants'
import { writeAuditEvent } from './audit'
import { fail } from './fail'

interface Member {
  id: number
  name: string
  hostgroup_id: number
  organization_id: number
  cluster: string
}

async function writableHosts(db: Kysely<Database>, scope: Scope, ids: number[]): Promise<Member[]> {
  const rows = ids.length
    ? await db
        .selectFrom('hosts')
        .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
        .select(['hosts.id', 'hosts.name', 'hosts.hostgroup_id', 'hostgroups.organization_id', 'hosts.cluster'])
        .where('hosts.id', 'in', ids)
        .where('hosts.hostgroup_id', 'in', scope.environmentIds.length ? scope.environmentIds : [0])
        .execute()
    : []
  const missing = ids.filter((id) => !rows.some((r) => r.id === id))
  if (missing.length) fail('host_not_found', { ids: missing })
  for (const r of rows)
    if (!can(scope, 'host_write', { environmentId: r.hostgroup_id })) throw new ApiError('unauthorized', { action: 'host_write' })
  return rows
}

async function setCluster(tx: Kysely<Database>, scope: Scope, host: Member, cluster: string) {
  if (host.cluster === cluster) return
  await tx.updateTable('hosts').set({ cluster }).where('id', '=', host.id).execute()
  await writeAuditEvent(tx, scope, {
    subject: 'host',
    status: 'UPDATED',
    id: host.id,
    name: host.name,
    organizationId: host.organization_id,
    hostgroupId: host.hostgroup_id,
    hostId: host.id,
    before: { cluster: host.cluster },
    after: { cluster },
  })
}

/** Forms the cluster `name` of exactly these hosts (SPEC §5: 2 to 3, one organization). */
export async function formCluster(db: Kysely<Database>, scope: Scope, name: string, hostIds: number[]) {
  const ids = [...new Set(hostIds)]
  // Hidden or read-only hosts are refused first, so a refusal says nothing about them.
  const members = await writableHosts(db, scope, ids)
  // SPEC §5 messages: the browser shows them for these reasons.
  if (ids.length > MAX_CLUSTER_SIZE)
    throw new ApiError('validation_failed', { field: 'host_ids', reason: 'cluster_too_large', maximum: MAX_CLUSTER_SIZE })
  if (ids.length < MIN_CLUSTER_SIZE)
    throw new ApiError('validation_failed', { field: 'host_ids', reason: 'cluster_too_small', minimum: MIN_CLUSTER_SIZE })
  const organizations = new Set(members.map((m) => m.organization_id))
  if (organizations.size > 1) throw new ApiError('validation_failed', { field: 'host_ids', reason: 'cluster_spans_organizations' })
  const [organizationId] = organizations
  await db.transaction().execute(async (tx) => {
    const former = await tx
      .selectFrom('hosts')
      .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
      .select(['hosts.id', 'hosts.name', 'hosts.hostgroup_id', 'hostgroups.organization_id', 'hosts.cluster'])
      .where('hosts.cluster', '=', name)
      .where('hostgroups.organization_id', '=', organizationId)
      .execute()
    // A former member outside the caller's writable hosts would be changed behind their back.
    await writableHosts(
      tx,
      scope,
      former.map((f) => f.id),
    )
    for (const f of former) if (!ids.includes(f.id)) await setCluster(tx, scope, f, '')
    for (const m of members) await setCluster(tx, scope, m, name)
  })
  return { name, hosts: members.map((m) => m.name).sort() }
}

/** Dissolves the cluster a host belongs to: every member leaves it. */
export async function dissolveClusterOf(db: Kysely<Database>, scope: Scope, hostId: number) {
  const [host] = await writableHosts(db, scope, [hostId])
  if (!host.cluster) return
  await db.transaction().execute(async (tx) => {
    const members = await tx
      .selectFrom('hosts')
      .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
      .select('hosts.id')
      .where('hosts.cluster', '=', host.cluster)
      .where('hostgroups.organization_id', '=', host.organization_id)
      .execute()
    for (const m of await writableHosts(
      tx,
      scope,
      members.map((x) => x.id),
    ))
      await setCluster(tx, scope, m, '')
  })
}
