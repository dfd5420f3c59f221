/**
 * What the monitoring tables filter on (SPEC §5 "Filters", §7 advanced_filter): the filter panel's columns
 * per screen, the state and extra (acknowledgement, maintenance) quick filters of the SPEC §3 table filter
 * model, and the translation of one screen's filter into each entity's list call. Column names are those
 * of the server's allow-lists (src/server/store/{hosts,resources}.ts).
 */
import { MONITORING_STATUSES, MONITORING_STATUS_KEY, type FilterNode } from '../shared/filter'
import { HOST_TYPE_NAMES } from '../shared/host-types'
import { PROBLEM_STATES } from './model'
import type { FilterLocation } from '../shared/api/filters'
import type { ExtraFilter } from '../shared/api/table-filter'
import { filterKeys, type FilterColumn, type PanelNode, type PanelRule } from '../ui'
import type { Entity } from './problems'

export type TableLocation = Extract<FilterLocation, 'problems' | 'hosts' | 'resources'>

/** SPEC §3 table filter model "extra_filter": quick filters that hide handled rows when off. */
export { EXTRA_FILTERS, type ExtraFilter } from '../shared/api/table-filter'

type Translate = (key: string) => string
type Option = { value: string; label: string }
const col = (t: Translate, key: string, kind: FilterColumn['kind'], options?: readonly Option[]): FilterColumn => ({
  key,
  label: t(`monitoring.columns.${key}`),
  kind,
  ...(options ? { options } : {}),
})
const translated = (t: Translate, values: readonly string[], prefix = 'ui.states') =>
  values.map((value) => ({ value, label: t(`${prefix}.${value}`) }))
/** Names that are data (environments, organizations, host types) are their own labels. */
const named = (values: readonly string[]) =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value }))

/** What the pickers of the filter panel offer: the environments and organizations the person sees. */
export interface FilterChoices {
  environments: readonly string[]
  organizations: readonly string[]
}

/** Columns both hosts and resources have (SPEC §5 Filters; issue 17: environment, customer, host type, tags, labels, handled). */
const sharedColumns = (t: Translate, choices: FilterChoices) => [
  col(t, 'hostgroup_alias', 'enum', named(choices.environments)),
  col(t, 'organization_name', 'enum', named(choices.organizations)),
  col(t, 'hosttype', 'enum', named(HOST_TYPE_NAMES)),
  col(t, 'tags', 'text'),
  col(t, 'labels', 'text'),
  col(t, 'plugin_output', 'text'),
  col(t, 'state_details', 'text'),
  col(t, 'last_state_change', 'date'),
  col(t, 'last_check', 'date'),
  col(t, 'acknowledged', 'boolean'),
  col(t, 'in_maintenance', 'boolean'),
  col(t, 'is_flapping', 'boolean'),
  col(t, 'is_stale', 'boolean'),
  // SPEC §3 "Filter rule value kinds": monitoring status (multi), equals by default (SPEC §4 "Filter rules").
  col(t, MONITORING_STATUS_KEY, 'enum', translated(t, MONITORING_STATUSES, 'monitoring.monitoring_status')),
]

/** The filter panel's columns of a screen (SPEC §3 "Filter rule value kinds": text, datetime, host types, …). */
export function filterColumns(location: TableLocation, t: Translate, choices: FilterChoices): FilterColumn[] {
  switch (location) {
    case 'hosts':
      return [
        col(t, 'name', 'text'),
        col(t, 'alias', 'text'),
        col(t, 'hostname', 'text'),
        col(t, 'ip_address', 'text'),
        col(t, 'description', 'text'),
        col(t, 'parents', 'text'),
        col(t, 'state', 'enum', translated(t, ['up', 'down', 'unreachable', 'pending'])),
        ...sharedColumns(t, choices),
      ]
    case 'resources':
      return [
        col(t, 'host_name', 'text'),
        col(t, 'display_name', 'text'),
        col(t, 'host_id', 'integer'),
        col(t, 'state', 'enum', translated(t, ['ok', 'warning', 'critical', 'unknown', 'pending'])),
        ...sharedColumns(t, choices),
      ]
    case 'problems':
      return [
        col(t, 'host_name', 'text'),
        col(t, 'display_name', 'text'),
        col(t, 'state', 'enum', translated(t, PROBLEM_STATES)),
        ...sharedColumns(t, choices),
      ]
  }
}

/**
 * The alerts overview filters hosts and resources with one set of rules: `host_name` is a host's `name`,
 * and a rule on a resource-only column leaves the hosts out (a host has no resource name). Other screens
 * are one entity and pass their rules through. Null: no row of this entity can match.
 */
export function entityRules(location: TableLocation, entity: Entity, rules: readonly PanelNode[]): FilterNode[] | null {
  if (location !== 'problems' || entity === 'resources') return [...rules]
  if (filterKeys(rules).some((key) => RESOURCE_ONLY.includes(key))) return null
  const forHost = (rule: PanelRule): PanelRule => {
    const key = Array.isArray(rule) ? rule[0] : rule.key
    const renamed = key === 'host_name' ? 'name' : key
    return Array.isArray(rule) ? [renamed, rule[1], rule[2]] : { ...rule, key: renamed }
  }
  return rules.map((node) => (!Array.isArray(node) && 'or' in node ? { or: node.or.map(forHost) } : forHost(node)))
}

/** Columns of the alerts filter that only resources have. */
const RESOURCE_ONLY = ['display_name']

/** SPEC §2 "…/unhandled": handled = acknowledged, in maintenance or ticketed; hidden extra filters leave those out. */
export function extraRules(entity: Entity, hidden: readonly ExtraFilter[]): FilterNode[] {
  const rules: FilterNode[] = []
  if (hidden.includes('acknowledged')) rules.push(['acknowledged', 'equals', false])
  if (hidden.includes('maintenance')) rules.push([maintenanceColumn(entity), 'equals', 0])
  if (hidden.includes('ticket')) rules.push(TICKETED_NOT)
  return rules
}

/** Rows without a ticket (SPEC §3 monitoring status has_ticket). */
const TICKETED_NOT: FilterNode = [MONITORING_STATUS_KEY, 'not_equals', 'has_ticket']

/** Rows with a ticket, for the extra total of the ticket filter. */
export const TICKETED: FilterNode = [MONITORING_STATUS_KEY, 'equals', 'has_ticket']

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
