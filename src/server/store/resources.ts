/** Resources, the checks of a host (SPEC §3 Resource): list protocol, get by id or host/display name, CRUD. */
import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'
import type { Database, ResourceTable } from './db'
import { getEntity, monitoringStatusColumn, softwareColumn, type EntityDef } from './list'
import { demand, type Scope } from './scope'
import { now, readJson } from './json'
import { writeAuditEvent } from './audit'
import { organizationOfEnvironment } from './quotas'
import { fail } from './fail'
import { checkStateColumns, checkStateToApi, inMaintenanceColumn, rowActions, ticketAllowed } from './check-state'
import { ApiError } from '../../shared/errors'
import {
  HOST,
  HOST_MAP_STATE,
  HOST_STATES,
  RESOURCE,
  RESOURCE_SORT_SEVERITY,
  RESOURCE_STATES,
  problemSeverity,
  stateId,
} from '../../shared/enums'
import { resourceItemState } from '../../shared/maps/item-state'
import type { ResourceBody, ResourceUpdate } from '../../shared/api/entities'
import { checkTrust } from './allowed-targets'
import { checksPerSecond, demandCheckQuotas } from './quotas'
import { markAssetData } from './asset-data'

type Row = Selectable<ResourceTable> & { hostgroup_alias: string; host_state: string }
type ResourceOut = ReturnType<typeof toApi>

/** SPEC §4 MAP and HOST_MAP_STATE (resource ok 4 … pending 8), as a map item of this resource shows them. */
function mapStates(state: string) {
  const item = resourceItemState({ state }, false)
  return { map_state: item.map_state, host_map_state: item.host_map_state ?? HOST_MAP_STATE.resource_pending }
}

function toApi(r: Row, scope: Scope) {
  return {
    id: r.id,
    host_id: r.host_id,
    host_name: r.host_name,
    host_state: r.host_state,
    display_name: r.display_name,
    name: r.name,
    plugin_id: r.plugin_id,
    ...checkStateToApi(r),
    has_graph: r.has_graph === 1,
    allowed_actions: rowActions(scope, r.hostgroup_id),
    ticket_allowed: ticketAllowed(rowActions(scope, r.hostgroup_id), r),
    hostgroup_id: r.hostgroup_id,
    hostgroup_alias: r.hostgroup_alias,
    scheduled_downtime_depth: r.scheduled_downtime_depth,
    // The check's own configuration (no secrets: those are the host's, sealed); an extra column.
    check_config: readJson<Record<string, unknown>>(r.check_config, {}),
    monitoring_type: 'resource_check' as const,
    state_id: stateId('resource', r.state),
    problem_severity: problemSeverity('resource', r.state),
    ...mapStates(r.state),
    freshness_threshold: r.freshness_threshold,
    created_time: r.created_time,
    updated_time: r.updated_time,
  }
}

export const resourceDef: EntityDef<Row, ResourceOut> = {
  from: 'resources JOIN hosts ON hosts.id = resources.host_id JOIN hostgroups ON hostgroups.id = resources.hostgroup_id',
  countFrom: 'resources',
  countTable: { from: 'resource_state_counts AS resources', columns: ['state', 'hostgroup_id'] },
  select: 'resources.*, hosts.state AS host_state, hostgroups.alias AS hostgroup_alias',
  scopeColumn: 'resources.hostgroup_id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'resources.id', kind: 'integer', nullable: false },
    host_id: { expr: 'resources.host_id', kind: 'integer', nullable: false },
    host_name: { expr: 'resources.host_name', kind: 'text', nullable: false, ordered: true },
    name: { expr: 'resources.name', kind: 'text', nullable: false },
    display_name: { expr: 'resources.display_name', kind: 'text', nullable: false, ordered: true },
    plugin_id: { expr: 'resources.plugin_id', kind: 'text', nullable: false },
    hostgroup_id: { expr: 'resources.hostgroup_id', kind: 'integer', nullable: false },
    hostgroup_alias: { expr: 'hostgroups.alias', kind: 'text', nullable: false, joined: true },
    host_state: { expr: 'hosts.state', kind: 'enum', numeric: HOST, values: HOST_STATES, nullable: false, joined: true },
    has_graph: { expr: 'resources.has_graph', kind: 'boolean', nullable: false },
    scheduled_downtime_depth: { expr: 'resources.scheduled_downtime_depth', kind: 'integer', nullable: false },
    in_maintenance: inMaintenanceColumn('resources.scheduled_downtime_depth'),
    // The host's type, tags, labels and organization, so that one filter serves hosts and their resources (issue 17).
    hosttype: { expr: 'hosts.hosttype', kind: 'enum', nullable: false, joined: true },
    tags: { expr: 'hosts.tags', kind: 'text', nullable: false, joined: true },
    labels: { expr: 'hosts.labels', kind: 'text', nullable: false, joined: true },
    organization_name: {
      expr: '(SELECT organizations.name FROM organizations WHERE organizations.id = hostgroups.organization_id)',
      kind: 'text',
      nullable: false,
      joined: true,
    },
    ...checkStateColumns('resources', RESOURCE, RESOURCE_STATES, RESOURCE_SORT_SEVERITY),
    monitoring_status: monitoringStatusColumn('resources', 'scheduled_downtime_depth'),
    // SPEC §3 software version: a resource matches through its host's inventory.
    software: softwareColumn('resources.host_id'),
  },
  fields: [
    'id',
    'host_id',
    'host_name',
    'display_name',
    'name',
    'plugin_id',
    'state',
    'state_id',
    'problem_severity',
    'state_type',
    'plugin_output',
    'state_details',
    'extended_output',
    'last_state_change',
    'last_check',
    'next_check',
    'check_interval',
    'check_type',
    'is_stale',
    'is_flapping',
    'tickets',
    'acknowledged',
    'has_graph',
    'allowed_actions',
    'hostgroup_id',
    'hostgroup_alias',
    'map_state',
    'host_map_state',
  ],
  extraFields: [
    'host_state',
    'current_attempt',
    'max_check_attempts',
    'retry_interval',
    'perf_data',
    'check_kind',
    'check_config',
    'scheduled_downtime_depth',
    'monitoring_type',
    'freshness_threshold',
    'created_time',
    'updated_time',
  ],
  defaultOrder: [
    { column: 'host_name', desc: false },
    { column: 'display_name', desc: false },
  ],
  toApi,
}

export const getResource = async (db: Kysely<Database>, scope: Scope, id: number) =>
  (await getEntity(db, resourceDef, scope, id)) ?? fail('resource_check_not_found', { id })

/** SPEC §7: resources/{hostname}/{display_name}, among the caller's resources: a hidden one reads as absent. */
export async function getResourceByNames(db: Kysely<Database>, scope: Scope, hostName: string, displayName: string) {
  const row = scope.environmentIds.length
    ? await db
        .selectFrom('resources')
        .innerJoin('hosts', 'hosts.id', 'resources.host_id')
        .select('resources.id')
        .where('hosts.name', '=', hostName)
        .where('resources.display_name', '=', displayName)
        .where('resources.hostgroup_id', 'in', scope.environmentIds)
        .orderBy('resources.id')
        .executeTakeFirst()
    : undefined
  if (!row) throw new ApiError('resource_check_not_found', { host_name: hostName, display_name: displayName })
  return getResource(db, scope, row.id)
}

async function writableHost(db: Kysely<Database>, scope: Scope, hostId: number) {
  const host = await db.selectFrom('hosts').select(['id', 'hostgroup_id', 'name']).where('id', '=', hostId).executeTakeFirst()
  if (!host || !scope.environmentIds.includes(host.hostgroup_id)) throw new ApiError('host_not_found', { id: hostId })
  demand(scope, 'host_write', { environmentId: host.hostgroup_id })
  return host
}

/** A resource's configuration as its audit events show it (issue 13): check config parsed, so withoutSecrets reaches a community. */
async function auditView(db: Kysely<Database>, id: number) {
  const r = await db
    .selectFrom('resources')
    .select([
      'host_id',
      'hostgroup_id',
      'host_name',
      'name',
      'display_name',
      'plugin_id',
      'check_kind',
      'check_config',
      'check_type',
      'check_interval',
      'retry_interval',
      'max_check_attempts',
      'freshness_threshold',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return { ...r, check_config: readJson(r.check_config, {}) }
}

async function auditResource(
  tx: Kysely<Database>,
  scope: Scope,
  id: number,
  status: string,
  before: Awaited<ReturnType<typeof auditView>> | null,
) {
  const after = status === 'DELETED' ? null : await auditView(tx, id)
  const view = (after ?? before)!
  await writeAuditEvent(tx, scope, {
    subject: 'resource',
    status,
    id,
    name: `${view.host_name}/${view.display_name}`,
    organizationId: (await organizationOfEnvironment(tx, view.hostgroup_id)) ?? null,
    hostgroupId: view.hostgroup_id,
    hostId: view.host_id,
    resourceId: id,
    before,
    after,
  })
}

export async function createResource(db: Kysely<Database>, scope: Scope, body: z.infer<typeof ResourceBody>) {
  const host = await writableHost(db, scope, body.host_id)
  return db.transaction().execute((tx) => insertResource(tx, scope, host, body))
}

/**
 * One resource of a host the caller may write, in the caller's transaction: its name unique on the host, the
 * organization's quotas, an audit event. Also how a host's type and option tags add their checks (host-checks.ts).
 */
export async function insertResource(
  tx: Kysely<Database>,
  scope: Scope,
  host: { id: number; hostgroup_id: number; name: string },
  body: Omit<z.infer<typeof ResourceBody>, 'host_id'>,
) {
  const displayName = body.display_name ?? body.name
  const t = now()
  const clash = await tx
    .selectFrom('resources')
    .select('id')
    .where('host_id', '=', host.id)
    .where('display_name', '=', displayName)
    .executeTakeFirst()
  if (clash) throw new ApiError('validation_failed', { field: 'display_name', reason: 'already exists on this host' })
  const check = body.check ?? { kind: '', config: {} }
  const schedule = {
    check_interval: body.check_interval ?? 60,
    retry_interval: body.retry_interval ?? 30,
    check_type: body.check_type ?? (check.kind ? '0' : '1'),
  }
  await demandCheckQuotas(
    tx,
    scope,
    host.hostgroup_id,
    { resources: 1, load: checksPerSecond({ ...schedule, check_kind: check.kind }) },
    schedule,
  )
  const { id } = await tx
    .insertInto('resources')
    .values({
      host_id: host.id,
      hostgroup_id: host.hostgroup_id,
      host_name: host.name,
      name: body.name,
      display_name: displayName,
      plugin_id: body.plugin_id ?? check.kind,
      check_kind: check.kind,
      check_config: JSON.stringify(check.config),
      ...schedule,
      max_check_attempts: body.max_check_attempts ?? 3,
      freshness_threshold: body.freshness_threshold ?? null,
      ...checkTrust(scope, true),
      next_check: t,
      created_time: t,
      updated_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await auditResource(tx, scope, id, 'CREATED', null)
  return id
}

export async function updateResource(db: Kysely<Database>, scope: Scope, id: number, body: z.infer<typeof ResourceUpdate>) {
  const res = await getResource(db, scope, id)
  await writableHost(db, scope, res.host_id)
  const { check, ...plain } = body
  await db.transaction().execute(async (tx) => {
    const before = await auditView(tx, id)
    const load =
      checksPerSecond({
        check_interval: body.check_interval ?? before.check_interval,
        check_type: body.check_type ?? before.check_type,
        check_kind: check?.kind ?? before.check_kind,
      }) - checksPerSecond(before)
    await demandCheckQuotas(tx, scope, res.hostgroup_id, { load }, body)
    await tx
      .updateTable('resources')
      .set({
        ...plain,
        ...(check ? { check_kind: check.kind, check_config: JSON.stringify(check.config) } : {}),
        ...checkTrust(scope, check !== undefined),
        updated_time: now(),
      })
      .where('id', '=', id)
      .execute()
    await auditResource(tx, scope, id, 'UPDATED', before)
  })
  return getResource(db, scope, id)
}

export async function deleteResource(db: Kysely<Database>, scope: Scope, id: number) {
  const res = await getResource(db, scope, id)
  await writableHost(db, scope, res.host_id)
  await db.transaction().execute((tx) => removeResource(tx, scope, id))
}

/** Deletes one resource in the caller's transaction, with its audit event (the caller checked the right). */
export async function removeResource(tx: Kysely<Database>, scope: Scope, id: number) {
  const before = await auditView(tx, id)
  await auditResource(tx, scope, id, 'DELETED', before)
  await tx.deleteFrom('resources').where('id', '=', id).execute()
  await markAssetData(tx, before.host_id) // the asset sections it collected went with it
}

/** The ids of a host's resources (the engine reloads them when the host changes). */
export async function resourceIdsOf(db: Kysely<Database>, hostId: number) {
  return (await db.selectFrom('resources').select('id').where('host_id', '=', hostId).execute()).map((r) => r.id)
}

/** The host of a resource, or undefined when there is no such resource. */
export async function hostIdOfResource(db: Kysely<Database>, resourceId: number) {
  return (await db.selectFrom('resources').select('host_id').where('id', '=', resourceId).executeTakeFirst())?.host_id
}

/**
 * POST /results: the resources of the given hosts and the resources of the given ids (unscoped: the caller
 * checks each resource's environment against its Scope).
 */
export async function resourcesOfHostsOrIds(db: Kysely<Database>, hostIds: number[], ids: number[]) {
  return db
    .selectFrom('resources')
    .select(['id', 'host_id', 'name', 'display_name', 'hostgroup_id'])
    .where((eb) => eb.or([eb('host_id', 'in', hostIds.length ? hostIds : [-1]), eb('id', 'in', ids.length ? ids : [-1])]))
    .execute()
}
