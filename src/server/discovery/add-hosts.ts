/**
 * Issue 15 discovery "adds the ones chosen": each chosen proposal becomes a host through the ordinary host
 * creation (store/hosts.ts: rights, target policy, quotas, audit event, and the checks its type brings), one
 * row at a time, so one refused row (host_already_exists, limit_exceeded, …) does not stop the others.
 */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../store/db'
import type { Scope } from '../store/scope'
import { createHost } from '../store/hosts'
import { demandHostTargets } from '../store/allowed-targets'
import { organizationOfEnvironment } from '../store/quotas'
import { ApiError } from '../../shared/errors'
import type { HostBody } from '../../shared/api/entities'
import type { DiscoveryAdd, DiscoveryAdded } from '../../shared/api/discovery'
import type { SecretBox } from '../security/secrets'
import type { Engine } from '../engine/engine'
import type { Job } from './jobs'

type Row = DiscoveryAdd['hosts'][number]

/** Rows whose parent is another row come after it, so that parent exists when they are made. */
function parentsFirst(rows: readonly Row[]): Row[] {
  const pending = [...rows]
  const ordered: Row[] = []
  while (pending.length) {
    const ready = pending.filter((r) => !r.parent || !pending.some((o) => o !== r && o.name === r.parent))
    // A cycle of parents: the rest go as they are and answer host_not_found for the parent not made yet.
    const next = ready.length ? ready : [...pending]
    ordered.push(...next)
    for (const r of next) pending.splice(pending.indexOf(r), 1)
  }
  return ordered
}

export async function addDiscoveredHosts(
  deps: { db: Kysely<Database>; box: SecretBox; engine: Engine },
  scope: Scope,
  job: Job,
  rows: readonly Row[],
): Promise<DiscoveryAdded> {
  const { db, box, engine } = deps
  const proposals = new Map(job.proposals.map((p) => [p.address, p]))
  const community = job.community && box.open(job.community)
  const outcome = new Map<Row, DiscoveryAdded['result'][number]>()
  for (const row of parentsFirst(rows)) {
    try {
      const proposal = proposals.get(row.address)
      if (!proposal)
        throw new ApiError('validation_failed', {
          field: 'address',
          value: row.address,
          reason: 'not among the proposals of this discovery',
        })
      const hostgroupId = row.hostgroup_id ?? job.hostgroupId
      if (hostgroupId !== job.hostgroupId && scope.environmentIds.includes(hostgroupId))
        if ((await organizationOfEnvironment(db, hostgroupId)) !== job.organizationId)
          throw new ApiError('validation_failed', {
            field: 'hostgroup_id',
            reason: "an environment of the discovery's organization expected",
          })
      const body: z.infer<typeof HostBody> = {
        name: row.name,
        hostgroup_id: hostgroupId,
        hosttype: row.hosttype,
        ip_address: row.address,
        ...(proposal.fqdn ? { fqdn: proposal.fqdn } : {}),
        ...(row.parent ? { parents: [row.parent] } : {}),
        ...(row.access_method ? { access_method: row.access_method } : {}),
        // The community the agent answered goes with the host, sealed, for the SNMP checks its type brings.
        ...(proposal.snmp && community ? { secrets: { snmp_community: community } } : {}),
      }
      await demandHostTargets(db, scope, body)
      const { id, resourceIds } = await createHost(db, scope, box, body)
      await engine.refresh('host', [id])
      await engine.refresh('resource', resourceIds)
      outcome.set(row, { address: row.address, name: row.name, host_id: id, error: null })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      outcome.set(row, { address: row.address, name: row.name, host_id: null, error: { key: error.key, extra_info: error.extra } })
    }
  }
  const result = rows.map((r) => outcome.get(r)!)
  return { added: result.filter((r) => r.host_id !== null).length, result }
}
