/**
 * The hosts and resources an operator action (acknowledgement, maintenance, ticket) applies to: one from
 * its SPEC §7 path, or every one a list filter matches (bulk); and the risks tickets apply to (SPEC §7
 * risks/{risk_id}/tickets, risks/{hostgroup_id}/{risk_plugin_id}/tickets). Scoped: another organization's
 * object reads as not found. Each action checks a target first (`Refusal`) and only then writes, so a bulk
 * request can skip the refused ones without a partial write.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database, Dialect } from './db'
import { can, type Scope } from './scope'
import type { Action } from '../../shared/permissions'
import { whereOf, type EntityDef } from './list'
import { hostDef } from './hosts'
import { resourceDef } from './resources'
import { readJson } from './json'
import { isProblem } from './check-state'
import { ApiError, type ErrorKey } from '../../shared/errors'
import { limitExceeded } from './quotas'
import type { FilterNode } from '../../shared/filter'
import { BULK_MAX } from '../../shared/api/bulk'
import { severityName } from '../../shared/api/risks'

export type ObjectKind = 'host' | 'resource'

export interface ActionTarget {
  object: ObjectKind
  id: number
  hostId: number
  hostgroupId: number
  /** the host's name, or the resource's display name */
  name: string
  hostName: string
  /** null for a host */
  resourceName: string | null
  state: string
  pluginOutput: string
  acknowledged: boolean
  /** SPEC §3 tickets: ticket ids, the last is current */
  tickets: string[]
}

/**
 * A risk (SPEC §3 Risk) as the object of a ticket, the one action on risks. Its `state` is the severity
 * name; it is never acknowledged.
 */
export interface RiskTarget {
  object: 'risk'
  id: number
  /** the matched host; null when the scan's host matched none (SPEC §8 ticket error "no host info found") */
  hostId: number | null
  hostgroupId: number
  pluginId: string
  /** the plugin name */
  name: string
  hostName: string
  state: string
  /** the synopsis */
  pluginOutput: string
  tickets: string[]
}

/** What a ticket can be about. */
export type TicketTarget = ActionTarget | RiskTarget

/** Why an action is refused for one target: the SPEC §8 key a single request answers with. */
export interface Refusal {
  key: ErrorKey
  extra: Record<string, unknown>
}

/** SPEC §6/§8: without the right on the target's environment, 403 `unauthorized` naming it. */
export function rightRefusal(scope: Scope, action: Action, t: TicketTarget): Refusal | null {
  return can(scope, action, { environmentId: t.hostgroupId }) ? null : { key: 'unauthorized', extra: { action } }
}

export function refuse(r: Refusal | null): void {
  if (r) throw new ApiError(r.key, r.extra)
}

/** A problem is anything but OK/UP and pending (SPEC §3 states). */
export { isProblem }

/** A state change the engine committed: `problem` false means the object is OK/UP again. */
export interface StateChangeNote {
  object: ObjectKind
  id: number
  problem: boolean
  at: number
}

export const targetKey = (t: { object: ObjectKind | 'risk'; id: number }) => `${t.object}:${t.id}`

const CHUNK = 500
export function chunked<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Loads targets by id, without scope: callers scope first. */
export async function loadTargets(db: Kysely<Database>, object: ObjectKind, ids: number[]): Promise<ActionTarget[]> {
  const out: ActionTarget[] = []
  for (const part of chunked([...new Set(ids)], 1000)) {
    if (object === 'host') {
      const rows = await db
        .selectFrom('hosts')
        .select(['id', 'hostgroup_id', 'name', 'state', 'plugin_output', 'acknowledged', 'tickets'])
        .where('id', 'in', part)
        .execute()
      for (const r of rows)
        out.push({
          object,
          id: r.id,
          hostId: r.id,
          hostgroupId: r.hostgroup_id,
          name: r.name,
          hostName: r.name,
          resourceName: null,
          state: r.state,
          pluginOutput: r.plugin_output,
          acknowledged: r.acknowledged === 1,
          tickets: readJson<string[]>(r.tickets, []),
        })
    } else {
      const rows = await db
        .selectFrom('resources')
        .innerJoin('hosts', 'hosts.id', 'resources.host_id')
        .select([
          'resources.id',
          'resources.host_id',
          'resources.hostgroup_id',
          'resources.display_name',
          'hosts.name as host_name',
          'resources.state',
          'resources.plugin_output',
          'resources.acknowledged',
          'resources.tickets',
        ])
        .where('resources.id', 'in', part)
        .execute()
      for (const r of rows)
        out.push({
          object,
          id: r.id,
          hostId: r.host_id,
          hostgroupId: r.hostgroup_id,
          name: r.display_name,
          hostName: r.host_name,
          resourceName: r.display_name,
          state: r.state,
          pluginOutput: r.plugin_output,
          acknowledged: r.acknowledged === 1,
          tickets: readJson<string[]>(r.tickets, []),
        })
    }
  }
  return out
}

/** The object of a SPEC §7 action path; another organization's reads as host_not_found / resource_check_not_found. */
export async function targetOf(
  db: Kysely<Database>,
  scope: Scope,
  params: { host_id: number } | { resource_id: number },
): Promise<ActionTarget> {
  const [object, id]: [ObjectKind, number] = 'host_id' in params ? ['host', params.host_id] : ['resource', params.resource_id]
  const [t] = await loadTargets(db, object, [id])
  if (!t || !scope.environmentIds.includes(t.hostgroupId))
    throw new ApiError(object === 'host' ? 'host_not_found' : 'resource_check_not_found', { id })
  return t
}

/** The risks with these ids, or of one group (environment and plugin), without scope: callers scope first. */
export async function loadRiskTargets(
  db: Kysely<Database>,
  which: { ids: number[] } | { hostgroupId: number; pluginId: string },
): Promise<RiskTarget[]> {
  const q = db
    .selectFrom('risks')
    .select(['id', 'host_id', 'hostgroup_id', 'plugin_id', 'plugin_name', 'host_name', 'severity', 'synopsis', 'tickets'])
  const rows =
    'ids' in which
      ? []
      : await q.where('hostgroup_id', '=', which.hostgroupId).where('plugin_id', '=', which.pluginId).orderBy('id').execute()
  if ('ids' in which) for (const part of chunked([...new Set(which.ids)], 1000)) rows.push(...(await q.where('id', 'in', part).execute()))
  // An event's subject name holds 255 characters; plugin names rarely come near.
  return rows.map((r) => ({
    object: 'risk',
    id: r.id,
    hostId: r.host_id,
    hostgroupId: r.hostgroup_id,
    pluginId: r.plugin_id,
    name: r.plugin_name.slice(0, 255),
    hostName: r.host_name,
    state: severityName(r.severity),
    pluginOutput: r.synopsis,
    tickets: readJson<string[]>(r.tickets, []),
  }))
}

/** The risk of risks/{risk_id}/…; SPEC §8 has no risk key, so an unknown or hidden one is not_found. */
export async function riskTargetOf(db: Kysely<Database>, scope: Scope, riskId: number): Promise<RiskTarget> {
  const [t] = await loadRiskTargets(db, { ids: [riskId] })
  if (!t || !scope.environmentIds.includes(t.hostgroupId)) throw new ApiError('not_found', { risk_id: riskId })
  return t
}

/** The risks of risks/{hostgroup_id}/{risk_plugin_id}/…: a hidden environment or an empty group is not found. */
export async function riskGroupTargetsOf(db: Kysely<Database>, scope: Scope, hostgroupId: number, pluginId: string): Promise<RiskTarget[]> {
  if (!scope.environmentIds.includes(hostgroupId)) throw new ApiError('hostgroup_not_found', { id: hostgroupId })
  const targets = await loadRiskTargets(db, { hostgroupId, pluginId })
  if (!targets.length) throw new ApiError('not_found', { hostgroup_id: hostgroupId, risk_plugin_id: pluginId })
  return targets
}

/** SPEC §3 ticket payload ids on a risk path must name the path's risk (or a risk of its group). */
export function checkRiskPayloadIds(
  targets: RiskTarget[],
  body: {
    host_id?: number | null
    resource_id?: number | null
    hostgroup_id?: number | null
    risk_id?: number | string | null
    risk_plugin_id?: number | string | null
  },
) {
  const mismatch = (field: string) => new ApiError('validation_failed', { field: `body.${field}`, reason: 'does not match the path' })
  if (body.resource_id != null) throw mismatch('resource_id')
  if (body.hostgroup_id != null && body.hostgroup_id !== targets[0].hostgroupId) throw mismatch('hostgroup_id')
  if (body.risk_plugin_id != null && String(body.risk_plugin_id) !== targets[0].pluginId) throw mismatch('risk_plugin_id')
  if (body.risk_id != null && !targets.some((t) => String(t.id) === String(body.risk_id))) throw mismatch('risk_id')
  if (body.host_id != null && !targets.some((t) => t.hostId === body.host_id)) throw mismatch('host_id')
}

/**
 * SPEC §3 Payloads repeat the object's ids; when sent they must name the object of the path. On a host
 * path a resource of that host may be named too: SPEC §7 sends a resource's maintenance to the host
 * path when set_to_host_checkbox is set, with the resource fields of the row it came from.
 */
export function checkPayloadIds(
  t: ActionTarget,
  body: { host_id?: number | null; resource_id?: number | null },
  resourceHostId?: number | null,
) {
  if (body.host_id != null && body.host_id !== t.hostId)
    throw new ApiError('validation_failed', { field: 'body.host_id', reason: 'does not match the path' })
  const resourceId = t.object === 'resource' ? t.id : null
  const resourceOfHost = t.object === 'host' && body.resource_id != null && resourceHostId === t.hostId
  if (body.resource_id != null && body.resource_id !== resourceId && !resourceOfHost)
    throw new ApiError('validation_failed', { field: 'body.resource_id', reason: 'does not match the path' })
}

/** Every host or resource a list filter matches within the caller's scope (the list protocol's where-clause). */
export async function targetsByFilter(
  db: Kysely<Database>,
  dialect: Dialect,
  scope: Scope,
  q: { target: 'hosts' | 'resources'; advanced_filter: FilterNode[]; environment_ids?: number[] },
): Promise<ActionTarget[]> {
  const def: EntityDef<any, any> = q.target === 'hosts' ? hostDef : resourceDef
  const where = whereOf(def, dialect, scope, {
    advanced_filter: JSON.stringify(q.advanced_filter),
    environment_ids: q.environment_ids?.join(','),
  })
  const idCol = sql.raw(def.scopeColumn.split('.')[0] + '.id')
  const { rows } = await sql<{
    id: number
  }>`SELECT ${idCol} AS id FROM ${sql.raw(def.from)} WHERE ${where} ORDER BY ${idCol} LIMIT ${BULK_MAX + 1}`.execute(db)
  if (rows.length > BULK_MAX) throw limitExceeded('bulk_records', BULK_MAX, { reason: 'too many records; narrow the filter' })
  return loadTargets(
    db,
    q.target === 'hosts' ? 'host' : 'resource',
    rows.map((r) => Number(r.id)),
  )
}

/** The resources' hosts, for "apply to host" (SPEC §2 maintenance form), each host once. */
export async function hostsOf(db: Kysely<Database>, targets: ActionTarget[]): Promise<ActionTarget[]> {
  const hosts = targets.filter((t) => t.object === 'host')
  const more = await loadTargets(
    db,
    'host',
    targets.filter((t) => t.object === 'resource' && !hosts.some((h) => h.id === t.hostId)).map((t) => t.hostId),
  )
  return [...hosts, ...more]
}

/** Rows of acknowledgements or downtimes that belong to these objects (host rows have resource_id null). */
export function objectWhere(targets: { object: ObjectKind; id: number }[]): RawBuilder<SqlBool> {
  const hosts = targets.filter((t) => t.object === 'host').map((t) => t.id)
  const resources = targets.filter((t) => t.object === 'resource').map((t) => t.id)
  const parts: RawBuilder<SqlBool>[] = []
  if (hosts.length) parts.push(sql<SqlBool>`(resource_id IS NULL AND host_id IN (${sql.join(hosts)}))`)
  if (resources.length) parts.push(sql<SqlBool>`resource_id IN (${sql.join(resources)})`)
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` OR `)})` : sql<SqlBool>`1 = 0`
}

/** The key of a row of acknowledgements or downtimes, matching `targetKey`. */
export const rowKey = (r: { host_id: number; resource_id: number | null }) =>
  r.resource_id === null ? `host:${r.host_id}` : `resource:${r.resource_id}`
