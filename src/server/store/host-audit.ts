/** A host's configuration as audit events and the planned checks read it (issue 13 "Audit log"). */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { readJson } from './json'
import { writeAuditEvent } from './audit'
import type { PlannedFrom } from './host-checks'

/**
 * A host's configuration as its audit events show it (issue 13 "Audit log"): the check config parsed, so
 * withoutSecrets reaches an SNMP community in it; the sealed secrets only as set or not.
 */
export async function auditView(db: Kysely<Database>, id: number) {
  const r = await db
    .selectFrom('hosts')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .select([
      'hosts.name',
      'hosts.alias',
      'hosts.fqdn',
      'hosts.hostgroup_id',
      'hostgroups.organization_id',
      'hosts.hosttype',
      'hosts.ip_address',
      'hosts.description',
      'hosts.tags',
      'hosts.labels',
      'hosts.check_interval',
      'hosts.retry_interval',
      'hosts.max_check_attempts',
      'hosts.notifications_enabled',
      'hosts.check_kind',
      'hosts.check_config',
      'hosts.check_type',
      'hosts.freshness_threshold',
      'hosts.secrets',
      'hosts.access_method',
      'hosts.custom_check',
      'hosts.website_inspection_config',
      'hosts.cluster',
    ])
    .where('hosts.id', '=', id)
    .executeTakeFirstOrThrow()
  const parents = await db
    .selectFrom('host_parents')
    .innerJoin('hosts', 'hosts.id', 'host_parents.parent_id')
    .select('hosts.name')
    .where('host_parents.host_id', '=', id)
    .orderBy('hosts.name')
    .execute()
  const { organization_id, ...config } = r
  return {
    organization_id,
    config: {
      ...config,
      tags: readJson<string[]>(r.tags, []),
      labels: readJson(r.labels, {}),
      check_config: readJson(r.check_config, {}),
      parents: parents.map((p) => p.name),
    },
  }
}

export async function auditHost(
  tx: Kysely<Database>,
  scope: Scope,
  id: number,
  status: string,
  before: Awaited<ReturnType<typeof auditView>> | null,
  secretsSet?: object,
) {
  const after = status === 'DELETED' ? null : await auditView(tx, id)
  const view = (after ?? before)!
  // Which sealed fields this change set, by name only: their values never reach the event.
  const sealed = secretsSet ? { sealed_fields: Object.keys(secretsSet).sort() } : {}
  await writeAuditEvent(tx, scope, {
    subject: 'host',
    status,
    id,
    name: view.config.name,
    organizationId: view.organization_id,
    hostgroupId: view.config.hostgroup_id,
    hostId: id,
    before: before?.config ?? null,
    after: after ? { ...after.config, ...sealed } : null,
  })
}

export const plannedFrom = (c: Awaited<ReturnType<typeof auditView>>['config']): PlannedFrom => ({
  ...c,
  custom_check: c.custom_check === 1,
})
