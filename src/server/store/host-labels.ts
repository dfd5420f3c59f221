/**
 * Labels on hosts (SPEC §3 Host labels, §5 Labels), issue 15 Settings "labels": a label is set under the name of
 * one of the host's organization's label types, its value checked against the type's data type ("Please enter a
 * value"). Stored in hosts.labels (JSON name → value) beside the host's other fields; host_write on its environment.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { can, type Scope } from './scope'
import { readJson, now } from './json'
import { writeAuditEvent } from './audit'
import { findLabelType } from './label-types'
import { ApiError } from '../../shared/errors'
import { isValidLabelName, labelValueProblem } from '../../shared/api/settings'

type Labels = Record<string, string>

async function writableHost(db: Kysely<Database>, scope: Scope, hostId: number) {
  const host = await db
    .selectFrom('hosts')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .select(['hosts.id', 'hosts.name', 'hosts.labels', 'hosts.hostgroup_id', 'hostgroups.organization_id'])
    .where('hosts.id', '=', hostId)
    .executeTakeFirst()
  if (!host || !scope.environmentIds.includes(host.hostgroup_id)) throw new ApiError('host_not_found', { id: hostId })
  if (!can(scope, 'host_write', { environmentId: host.hostgroup_id })) throw new ApiError('unauthorized', { action: 'host_write' })
  return host
}

async function saveLabels(
  db: Kysely<Database>,
  scope: Scope,
  host: Awaited<ReturnType<typeof writableHost>>,
  name: string,
  labels: Labels,
  status: 'UPDATED' | 'DELETED',
) {
  const before = readJson<Labels>(host.labels, {})
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('hosts')
      .set({ labels: JSON.stringify(labels), updated_time: now() })
      .where('id', '=', host.id)
      .execute()
    await writeAuditEvent(tx, scope, {
      subject: 'label',
      status,
      id: `${host.id}/${name}`,
      name: `${host.name} ${name}`,
      organizationId: host.organization_id,
      hostgroupId: host.hostgroup_id,
      hostId: host.id,
      before: { [name]: before[name] ?? null },
      after: { [name]: labels[name] ?? null },
    })
  })
  return labels
}

/** Sets (adds or changes) the label `name` of a host; returns the host's labels. */
export async function setHostLabel(db: Kysely<Database>, scope: Scope, hostId: number, name: string, value: string): Promise<Labels> {
  const host = await writableHost(db, scope, hostId)
  if (!isValidLabelName(name)) throw new ApiError('invalid_label_name', { name })
  const type = await findLabelType(db, host.organization_id, name)
  if (!type) throw new ApiError('invalid_label_name', { name, reason: 'no label type of this name in the organization' })
  const problem = labelValueProblem(type.data_type, value)
  if (problem) throw new ApiError('validation_failed', { field: 'value', reason: problem, data_type: type.data_type })
  return saveLabels(db, scope, host, name, { ...readJson<Labels>(host.labels, {}), [name]: value.trim() }, 'UPDATED')
}

/** Removes the label `name` of a host (not_found when it has none; the screen says "Failed to remove label"). */
export async function removeHostLabel(db: Kysely<Database>, scope: Scope, hostId: number, name: string): Promise<Labels> {
  const host = await writableHost(db, scope, hostId)
  const labels = readJson<Labels>(host.labels, {})
  if (!(name in labels)) throw new ApiError('not_found', { label: name })
  const { [name]: _removed, ...rest } = labels
  return saveLabels(db, scope, host, name, rest, 'DELETED')
}

/** A host's labels (host_not_found when the caller does not see it). */
export async function getHostLabels(db: Kysely<Database>, scope: Scope, hostId: number): Promise<Labels> {
  const host = await db.selectFrom('hosts').select(['labels', 'hostgroup_id']).where('id', '=', hostId).executeTakeFirst()
  if (!host || !scope.environmentIds.includes(host.hostgroup_id)) throw new ApiError('host_not_found', { id: hostId })
  return readJson<Labels>(host.labels, {})
}
