/**
 * The host and resource rows of the monitoring tables (SPEC §3 Host and Resource), validated at the edge
 * (STYLE.md principle 4) with the schemas of src/shared/api/monitored.ts, and what the screens derive from a row.
 */
import type { HostRow, MonitoredRow } from '../shared/api/monitored'
import type { Actionable, ActionTarget, TicketSubject } from '../ui'

// The row schemas are the API's own (src/shared/api/monitored.ts): the screens read what the routes declare.
export { HostRow, ResourceRow, MonitoredRow } from '../shared/api/monitored'

/** A page of a list call (SPEC §3 "List response wrapper"). */
export interface PageData<R = MonitoredRow> {
  result: R[]
  totalresults: number
}

/** The extra resource fields the tables read (SPEC §7 `extra_columns`). */
export const RESOURCE_EXTRA_COLUMNS = 'scheduled_downtime_depth,monitoring_type,host_state'

export const isHost = (row: MonitoredRow): row is HostRow => row.monitoring_type === 'host'

/** Unique over hosts and resources, stable across refreshes (TablePanel keeps expanded rows by it). */
export const rowId = (row: { monitoring_type: string; id: number }) => `${row.monitoring_type === 'host' ? 'host' : 'resource'}:${row.id}`

/** SPEC §4 extra tag "affected": a resource whose host is down or unreachable (its own state may be a consequence). */
export const isAffected = (row: MonitoredRow) => !isHost(row) && (row.host_state === 'down' || row.host_state === 'unreachable')

export const hostNameOf = (row: MonitoredRow) => (isHost(row) ? row.name : row.host_name)

/** SPEC §3: over 0 means in maintenance (a host's max_scheduled_downtime_depth, a resource's scheduled_downtime_depth). */
export const downtimeDepth = (row: MonitoredRow) => (isHost(row) ? row.max_scheduled_downtime_depth : row.scheduled_downtime_depth)

/** The row as the SPEC §4 decoration and button rules of src/ui read it. */
export function actionable(row: MonitoredRow): Actionable {
  return {
    is_stale: row.is_stale,
    is_flapping: row.is_flapping,
    acknowledged: row.acknowledged,
    tickets: row.tickets,
    max_scheduled_downtime_depth: downtimeDepth(row),
    allowed_actions: row.allowed_actions,
    // SPEC §6 ticket-allowed flag with the row's live state (SPEC §4: refused for acknowledged or OK state).
    ticket_allowed: row.ticket_allowed !== false && isProblem(row) && !row.acknowledged,
    acknowledgement_allowed: isProblem(row),
  }
}

/** SPEC §3 Payloads: the object of an acknowledgement or maintenance. */
export function actionTarget(row: MonitoredRow): ActionTarget {
  return isHost(row)
    ? { host_id: row.id, host_name: row.name }
    : { host_id: row.host_id, host_name: row.host_name, resource_id: row.id, resource_name: row.display_name }
}

/** SPEC §2 create ticket: "title with host … and optional resource name". */
export function ticketSubject(row: MonitoredRow): TicketSubject {
  return isHost(row)
    ? { host_id: row.id, name: row.name }
    : { host_id: row.host_id, resource_id: row.id, name: row.host_name, resource_name: row.display_name }
}

/** "host" or "host – resource", the way the action panels name an object. */
export const subjectName = (row: MonitoredRow) => (isHost(row) ? row.name : `${row.host_name} – ${row.display_name}`)

/** SPEC §7 action paths: hosts/{host_id}/… or resources/{resource_id}/…. */
export const objectPath = (row: MonitoredRow) => (isHost(row) ? `hosts/${row.id}` : `resources/${row.id}`)

/** SPEC §4 PROBLEM states: anything but OK/UP (and pending, which is not yet a state). */
export const PROBLEM_STATES = ['down', 'critical', 'warning', 'unreachable', 'unknown'] as const
export const isProblem = (row: { state: string }) => (PROBLEM_STATES as readonly string[]).includes(row.state)
