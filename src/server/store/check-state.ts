/** Row → API mapping of the monitoring state columns that hosts and resources share (SPEC §3). */
import { readJson } from './json'
import type { Action } from '../../shared/permissions'
import type { Scope } from './scope'

/** SPEC §3 "Allowed action values" that apply to a host or resource row. */
const ROW_ACTIONS: readonly Action[] = [
  'create_ticket',
  'view_ticket',
  'add_acknowledgement',
  'view_acknowledgement',
  'schedule_downtime',
  'view_scheduled_downtime',
]

export function rowActions(scope: Scope, environmentId: number): Action[] {
  return (scope.envActions.get(environmentId) ?? []).filter((a) => ROW_ACTIONS.includes(a))
}

/** A host or resource state that is a problem: not OK/UP, and checked at least once. */
export const isProblem = (state: string) => !['ok', 'up', 'pending'].includes(state)

/**
 * SPEC §6 "a ticket-allowed flag": a ticket could be opened now: the create_ticket right, and SPEC §4
 * "Creation is refused for acknowledged or OK state".
 */
export function ticketAllowed(actions: readonly Action[], r: { state: string; acknowledged: number }): boolean {
  return actions.includes('create_ticket') && isProblem(r.state) && r.acknowledged !== 1
}

interface CheckStateRow {
  state: string
  state_type: string
  current_attempt: number
  max_check_attempts: number
  plugin_output: string
  extended_output: string
  perfdata: string
  state_details: string
  last_state_change: number | null
  last_check: number | null
  next_check: number | null
  check_interval: number
  retry_interval: number
  check_type: string
  check_kind: string
  is_stale: number
  is_flapping: number
  acknowledged: number
  tickets: string
}

export function checkStateToApi(r: CheckStateRow) {
  return {
    state: r.state,
    state_type: r.state_type,
    current_attempt: r.current_attempt,
    max_check_attempts: r.max_check_attempts,
    plugin_output: r.plugin_output,
    extended_output: r.extended_output,
    perf_data: readJson<unknown[]>(r.perfdata, []),
    state_details: r.state_details,
    last_state_change: r.last_state_change,
    last_check: r.last_check,
    next_check: r.next_check,
    check_interval: r.check_interval,
    retry_interval: r.retry_interval,
    check_type: r.check_type,
    check_kind: r.check_kind,
    is_stale: r.is_stale === 1,
    is_flapping: r.is_flapping === 1,
    acknowledged: r.acknowledged === 1,
    tickets: readJson<string[]>(r.tickets, []),
  }
}

/**
 * SPEC §4 severity of a state column as a trusted SQL expression, so that sorting by state orders by
 * severity, not by name; states without a severity (pending, offline) sort below the lowest.
 */
function severitySql(column: string, severity: Readonly<Record<string, number>>): string {
  const cases = Object.entries(severity).map(([state, n]) => `WHEN '${state}' THEN ${n}`)
  return `(CASE ${column} ${cases.join(' ')} ELSE -1 END)`
}

/** Filter/sort columns of the shared state fields, for a table alias; `severity` orders the state column. */
export function checkStateColumns(
  t: string,
  numericStates: Record<string, number>,
  states: readonly string[],
  severity: Readonly<Record<string, number>>,
) {
  const notNull = { nullable: false } as const
  return {
    state: {
      expr: `${t}.state`,
      sort: severitySql(`${t}.state`, severity),
      kind: 'enum' as const,
      numeric: numericStates,
      values: states,
      ...notNull,
    },
    state_type: { expr: `${t}.state_type`, kind: 'enum' as const, values: ['HARD', 'SOFT'], ...notNull },
    plugin_output: { expr: `${t}.plugin_output`, kind: 'text' as const, ...notNull },
    state_details: { expr: `${t}.state_details`, kind: 'text' as const, ...notNull },
    last_state_change: { expr: `${t}.last_state_change`, kind: 'date' as const, ordered: true },
    last_check: { expr: `${t}.last_check`, kind: 'date' as const },
    next_check: { expr: `${t}.next_check`, kind: 'date' as const },
    check_interval: { expr: `${t}.check_interval`, kind: 'integer' as const, ...notNull },
    check_type: { expr: `${t}.check_type`, kind: 'enum' as const, values: ['0', '1'], ...notNull },
    is_stale: { expr: `${t}.is_stale`, kind: 'boolean' as const, ...notNull },
    is_flapping: { expr: `${t}.is_flapping`, kind: 'boolean' as const, ...notNull },
    acknowledged: { expr: `${t}.acknowledged`, kind: 'boolean' as const, ...notNull },
  }
}

/** SPEC §4 extra tag "in maintenance" as a yes/no column (a depth above 0), which the filter panel offers (issue 17). */
export const inMaintenanceColumn = (depth: string) => ({
  expr: `(CASE WHEN ${depth} > 0 THEN 1 ELSE 0 END)`,
  kind: 'boolean' as const,
  nullable: false,
})
