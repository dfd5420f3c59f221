/**
 * Risks (SPEC §3 Risk, §7 Risk model): the list protocol over the findings of imported scans, one risk by
 * id, and a risk group (SPEC §7 risks/{hostgroup_id}/{plugin_id}: one plugin's findings in an environment)
 * with its counts per severity and the SPEC §4 group style. Scoped to the caller's environments.
 * Scans are imported by store/risk-scans.ts.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, Dialect, RiskTable } from './db'
import { getEntity, groupEntities, listEntities, type EntityDef, type GroupedQuery, type ListQuery } from './list'
import type { Scope } from './scope'
import { readJson } from './json'
import { fail } from './fail'
import { rowActions } from './check-state'
import { ApiError } from '../../shared/errors'
import { RISK } from '../../shared/enums'
import { DEFAULT_PAGE_SIZE } from '../../shared/constants'
import type { FilterRule } from '../../shared/filter'
import {
  RISK_SCAN_FORMATS,
  RISK_SEVERITIES,
  SOLUTION_TYPES,
  riskGroupSeverity,
  severityName,
  type Risk,
  type RiskGroup,
  type RiskPlugin,
  type SeverityCounts,
  type SolutionType,
} from '../../shared/api/risks'

type Row = Selectable<RiskTable> & { hostgroup_alias: string }

/** The filters of GET risks besides the list protocol's (src/shared/api/risks.ts RiskFilterQuery). */
interface RiskFilters {
  hostgroup_id?: number[]
  host_id?: number[]
  severity?: number[]
  plugin_id?: string
}

/** Tickets are the one action on a risk (SPEC §3 Risk allowed_actions). */
const riskActions = (scope: Scope, environmentId: number) =>
  rowActions(scope, environmentId).filter((a) => a === 'create_ticket' || a === 'view_ticket')

const num = (v: number | string | null) => (v === null ? null : Number(v))

function toApi(r: Row, scope: Scope): Risk {
  const actions = riskActions(scope, r.hostgroup_id)
  return {
    id: r.id,
    hostgroup_id: r.hostgroup_id,
    hostgroup_alias: r.hostgroup_alias,
    host_id: r.host_id,
    host_name: r.host_name,
    plugin_id: r.plugin_id,
    plugin_name: r.plugin_name,
    severity: severityName(r.severity),
    severity_id: r.severity,
    risk_factor: r.risk_factor,
    synopsis: r.synopsis,
    description: r.description,
    solution: r.solution,
    solution_type: SOLUTION_TYPES.includes(r.solution_type as SolutionType) ? (r.solution_type as SolutionType) : null,
    plugin_output: r.plugin_output,
    cvss: num(r.cvss),
    cve: readJson<string[]>(r.cve, []),
    cwe: readJson<string[]>(r.cwe, []),
    external_references: readJson<string[]>(r.external_references, []),
    port: r.port,
    protocol: r.protocol,
    affected_software: r.affected_software,
    detection_method: r.detection_method,
    source: r.source,
    first_detected: Number(r.first_detected),
    last_scan: Number(r.last_scan),
    date_verified: num(r.date_verified),
    first_scan_id: r.first_scan_id,
    last_scan_id: r.last_scan_id,
    tickets: readJson<string[]>(r.tickets, []),
    allowed_actions: actions,
    // SPEC §6 ticket-allowed flag: the right, and a host to open it on (SPEC §8 "no host info found").
    ticket_allowed: actions.includes('create_ticket') && r.host_id !== null,
  }
}

const riskDef: EntityDef<Row, Risk> = {
  from: 'risks JOIN hostgroups ON hostgroups.id = risks.hostgroup_id',
  countFrom: 'risks',
  select: 'risks.*, hostgroups.alias AS hostgroup_alias',
  scopeColumn: 'risks.hostgroup_id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'risks.id', kind: 'integer', nullable: false },
    hostgroup_id: { expr: 'risks.hostgroup_id', kind: 'integer', nullable: false },
    hostgroup_alias: { expr: 'hostgroups.alias', kind: 'text', nullable: false, joined: true },
    host_id: { expr: 'risks.host_id', kind: 'integer' },
    host_name: { expr: 'risks.host_name', kind: 'text', nullable: false },
    plugin_id: { expr: 'risks.plugin_id', kind: 'text', nullable: false },
    plugin_name: { expr: 'risks.plugin_name', kind: 'text', nullable: false },
    // SPEC §4 RISK numbers, so that a sort by severity sorts by weight (src/shared/api/risks.ts).
    severity: { expr: 'risks.severity', kind: 'integer', nullable: false },
    severity_id: { expr: 'risks.severity', kind: 'integer', nullable: false },
    risk_factor: { expr: 'risks.risk_factor', kind: 'text', nullable: false },
    synopsis: { expr: 'risks.synopsis', kind: 'text', nullable: false },
    solution_type: { expr: 'risks.solution_type', kind: 'enum', values: SOLUTION_TYPES },
    cvss: { expr: 'risks.cvss', kind: 'integer' },
    cve: { expr: 'risks.cve', kind: 'text', nullable: false },
    port: { expr: 'risks.port', kind: 'integer', nullable: false },
    protocol: { expr: 'risks.protocol', kind: 'text', nullable: false },
    source: { expr: 'risks.source', kind: 'enum', values: RISK_SCAN_FORMATS, nullable: false },
    first_detected: { expr: 'risks.first_detected', kind: 'date', nullable: false },
    last_scan: { expr: 'risks.last_scan', kind: 'date', nullable: false },
    date_verified: { expr: 'risks.date_verified', kind: 'date' },
  },
  fields: [
    'id',
    'hostgroup_id',
    'hostgroup_alias',
    'host_id',
    'host_name',
    'plugin_id',
    'plugin_name',
    'severity',
    'severity_id',
    'risk_factor',
    'synopsis',
    'solution_type',
    'cvss',
    'cve',
    'port',
    'protocol',
    'source',
    'first_detected',
    'last_scan',
    'date_verified',
    'tickets',
    'allowed_actions',
    'ticket_allowed',
  ],
  extraFields: [
    'description',
    'solution',
    'plugin_output',
    'cwe',
    'external_references',
    'affected_software',
    'detection_method',
    'first_scan_id',
    'last_scan_id',
  ],
  defaultOrder: [
    { column: 'severity', desc: true },
    { column: 'plugin_name', desc: false },
    { column: 'host_name', desc: false },
  ],
  toApi,
}

/** The filter parameters as rules appended to advanced_filter (a malformed one is left for list.ts to refuse). */
function withFilters<Q extends ListQuery>(q: Q & RiskFilters): Q {
  const rules: FilterRule[] = []
  if (q.hostgroup_id) rules.push(['hostgroup_id', 'in', q.hostgroup_id])
  if (q.host_id) rules.push(['host_id', 'in', q.host_id])
  if (q.severity) rules.push(['severity', 'in', q.severity])
  if (q.plugin_id) rules.push(['plugin_id', 'equals', q.plugin_id])
  if (!rules.length) return q
  const base = q.advanced_filter ? readJson<unknown>(q.advanced_filter, null) : []
  return Array.isArray(base) ? { ...q, advanced_filter: JSON.stringify([...base, ...rules]) } : q
}

export const listRisks = (db: Kysely<Database>, dialect: Dialect, scope: Scope, q: ListQuery & RiskFilters) =>
  listEntities(db, dialect, riskDef, scope, withFilters(q))

export const groupRisks = (db: Kysely<Database>, dialect: Dialect, scope: Scope, q: GroupedQuery & RiskFilters) =>
  groupEntities(db, dialect, riskDef, scope, withFilters(q))

export const getRisk = async (db: Kysely<Database>, scope: Scope, id: number) =>
  (await getEntity(db, riskDef, scope, id)) ?? fail('not_found', { risk_id: id })

/** Zero of each SPEC §3 severity. */
export const noCounts = () => Object.fromEntries(RISK_SEVERITIES.map((s) => [s, 0])) as SeverityCounts

/**
 * An environment's risks grouped by plugin (SPEC §2 /risks/{hostgroup_name}): each plugin's counts per severity
 * and its SPEC §4 group style, worst first, then by plugin name; one page of them.
 */
export async function listRiskPlugins(
  db: Kysely<Database>,
  scope: Scope,
  q: { hostgroup_id: number; limit?: number; offset?: number },
): Promise<{ result: RiskPlugin[]; totalresults: number }> {
  if (!scope.environmentIds.includes(q.hostgroup_id)) throw new ApiError('hostgroup_not_found', { id: q.hostgroup_id })
  const rows = await db
    .selectFrom('risks')
    .select(['plugin_id', 'severity', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('plugin_name').as('plugin_name')])
    .where('hostgroup_id', '=', q.hostgroup_id)
    .groupBy(['plugin_id', 'severity'])
    .execute()
  const plugins = new Map<string, RiskPlugin>()
  for (const r of rows) {
    const p = plugins.get(r.plugin_id) ?? {
      hostgroup_id: q.hostgroup_id,
      plugin_id: r.plugin_id,
      plugin_name: String(r.plugin_name ?? ''),
      severity: 'pending',
      severity_id: null,
      counts: noCounts(),
      total: 0,
    }
    p.counts[severityName(r.severity)] += Number(r.n)
    p.total += Number(r.n)
    plugins.set(r.plugin_id, p)
  }
  const all = [...plugins.values()].map((p) => {
    const severity = riskGroupSeverity(p.counts)
    return { ...p, severity, severity_id: severity === 'pending' ? null : RISK[severity] }
  })
  all.sort(
    (a, b) =>
      (b.severity_id ?? -1) - (a.severity_id ?? -1) || a.plugin_name.localeCompare(b.plugin_name) || a.plugin_id.localeCompare(b.plugin_id),
  )
  const offset = q.offset ?? 0
  return { result: all.slice(offset, offset + (q.limit ?? DEFAULT_PAGE_SIZE)), totalresults: all.length }
}

/** SPEC §7 risks/{hostgroup_id}/{plugin_id}: counts per severity, the SPEC §4 style, and a page of its risks. */
export async function getRiskGroup(
  db: Kysely<Database>,
  dialect: Dialect,
  scope: Scope,
  hostgroupId: number,
  pluginId: string,
  q: ListQuery,
): Promise<RiskGroup> {
  if (!scope.environmentIds.includes(hostgroupId)) throw new ApiError('hostgroup_not_found', { id: hostgroupId })
  const rows = await db
    .selectFrom('risks')
    .select(['severity', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('plugin_name').as('plugin_name')])
    .where('hostgroup_id', '=', hostgroupId)
    .where('plugin_id', '=', pluginId)
    .groupBy('severity')
    .execute()
  if (!rows.length) throw new ApiError('not_found', { hostgroup_id: hostgroupId, plugin_id: pluginId })
  const counts = noCounts()
  for (const r of rows) counts[severityName(r.severity)] += Number(r.n)
  const severity = riskGroupSeverity(counts)
  const { result, totalresults } = await listEntities(
    db,
    dialect,
    riskDef,
    scope,
    withFilters({ ...q, hostgroup_id: [hostgroupId], plugin_id: pluginId }),
  )
  return {
    hostgroup_id: hostgroupId,
    plugin_id: pluginId,
    plugin_name: String(rows[0].plugin_name ?? ''),
    severity,
    severity_id: severity === 'pending' ? null : RISK[severity],
    counts,
    allowed_actions: riskActions(scope, hostgroupId),
    result,
    totalresults,
  }
}
