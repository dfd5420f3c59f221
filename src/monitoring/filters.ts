/**
 * What the monitoring tables filter on (SPEC §5 "Filters", §7 advanced_filter): the filter panel's columns
 * per screen, the state and extra (acknowledgement, maintenance) quick filters of the SPEC §3 table filter
 * model, and the translation of one screen's filter into each entity's list call. Column names are those
 * of the server's allow-lists (src/server/store/{hosts,resources}.ts).
 */
import { MONITORING_STATUSES, MONITORING_STATUS_KEY, type FilterNode } from '../shared/filter'
import type { FilterLocation } from '../shared/api/filters'
import type { ExtraFilter } from '../shared/api/table-filter'
import type { FilterColumn, FilterTuple } from '../ui'
import type { Entity } from './problems'

export type TableLocation = Extract<FilterLocation, 'problems' | 'hosts' | 'resources'>

/** SPEC §3 table filter model "extra_filter": quick filters that hide handled rows when off. */
export { EXTRA_FILTERS, type ExtraFilter } from '../shared/api/table-filter'

type Translate = (key: string) => string
const col = (
  t: Translate,
  key: string,
  kind: FilterColumn['kind'],
  options?: readonly string[],
  optionKey = 'ui.states',
): FilterColumn => ({
  key,
  label: t(`monitoring.columns.${key}`),
  kind,
  ...(options ? { options: options.map((value) => ({ value, label: t(`${optionKey}.${value}`) })) } : {}),
})

const stateColumns = (t: Translate) => [
  col(t, 'plugin_output', 'text'),
  col(t, 'state_details', 'text'),
  col(t, 'hostgroup_alias', 'text'),
  col(t, 'last_state_change', 'date'),
  col(t, 'last_check', 'date'),
  col(t, 'is_flapping', 'boolean'),
  col(t, 'is_stale', 'boolean'),
  col(t, 'acknowledged', 'boolean'),
  // SPEC §3 "Filter rule value kinds": monitoring status (multi), equals by default (SPEC §4 "Filter rules").
  col(t, MONITORING_STATUS_KEY, 'enum', MONITORING_STATUSES, 'monitoring.monitoring_status'),
]

/** The filter panel's columns of a screen (SPEC §3 "Filter rule value kinds": text, datetime, host types, …). */
export function filterColumns(location: TableLocation, t: Translate): FilterColumn[] {
  switch (location) {
    case 'hosts':
      return [
        col(t, 'name', 'text'),
        col(t, 'alias', 'text'),
        col(t, 'hostname', 'text'),
        col(t, 'ip_address', 'text'),
        col(t, 'description', 'text'),
        col(t, 'hosttype', 'text'),
        col(t, 'parents', 'text'),
        col(t, 'state', 'enum', ['up', 'down', 'unreachable', 'pending']),
        ...stateColumns(t),
      ]
    case 'resources':
      return [
        col(t, 'host_name', 'text'),
        col(t, 'display_name', 'text'),
        col(t, 'host_id', 'integer'),
        col(t, 'state', 'enum', ['ok', 'warning', 'critical', 'unknown', 'pending']),
        ...stateColumns(t),
      ]
    case 'problems':
      return [col(t, 'host_name', 'text'), col(t, 'display_name', 'text'), ...stateColumns(t)]
  }
}

/**
 * The alerts overview filters hosts and resources with one set of rules: `host_name` is a host's `name`,
 * and a rule on a resource-only column leaves the hosts out (a host has no resource name). Other screens
 * are one entity and pass their rules through. Null: no row of this entity can match.
 */
export function entityRules(location: TableLocation, entity: Entity, rules: readonly FilterTuple[]): FilterNode[] | null {
  if (location !== 'problems' || entity === 'resources') return [...rules]
  if (rules.some(([key]) => key === 'display_name')) return null
  return rules.map(([key, op, value]) => [key === 'host_name' ? 'name' : key, op, value])
}

/** SPEC §2 "…/unhandled": handled = acknowledged or in maintenance; hidden extra filters leave those out. */
export function extraRules(entity: Entity, hidden: readonly ExtraFilter[]): FilterNode[] {
  const rules: FilterNode[] = []
  if (hidden.includes('acknowledged')) rules.push(['acknowledged', 'equals', false])
  if (hidden.includes('maintenance'))
    rules.push([entity === 'hosts' ? 'max_scheduled_downtime_depth' : 'scheduled_downtime_depth', 'equals', 0])
  return rules
}

/** The column holding an entity's maintenance depth (SPEC §3), for the extra totals. */
export const maintenanceColumn = (entity: Entity) => (entity === 'hosts' ? 'max_scheduled_downtime_depth' : 'scheduled_downtime_depth')

/** The state quick filter (SPEC §2 state-count totals as toggles). */
export function stateRules(states: readonly string[]): FilterNode[] {
  return states.length ? [['state', 'in', [...states]]] : []
}

/**
 * The list column a route's `groupby=` names (SPEC §2 path forms). "type" is the host type on the host list
 * (SPEC §2 child-host badges link to /monitoring/hosts/groupby=type); unknown names are not grouped.
 */
const GROUP_COLUMNS: Record<Exclude<TableLocation, 'problems'>, Record<string, string>> = {
  hosts: { type: 'hosttype', hosttype: 'hosttype', state: 'state', environment: 'hostgroup_alias', hostgroup_alias: 'hostgroup_alias' },
  resources: {
    host: 'host_name',
    host_name: 'host_name',
    state: 'state',
    environment: 'hostgroup_alias',
    hostgroup_alias: 'hostgroup_alias',
  },
}

export function groupColumn(location: Exclude<TableLocation, 'problems'>, groupBy: string | null): string | null {
  return groupBy === null ? null : (GROUP_COLUMNS[location][groupBy] ?? null)
}
