/**
 * The SPEC §7 calls behind the action panels, as plain data: which path each SPEC §3 payload goes to and
 * with which body, which rows a multi-select action may pick (SPEC §4), and the body of a bulk request
 * over everything a filter matches (src/shared/api/bulk.ts).
 */
import type { ApiCall } from '../../app/actions'
import type { FilterNode } from '../../shared/filter'
import type { AcknowledgePayload, CreateTicketPayload, MaintenancePayload } from '../../ui'
import { isProblem, type MonitoredRow } from '../model'
import type { Entity } from '../problems'

/** The panels a row action opens (SPEC §2 "Action panels"), named after the SPEC §3 allowed action. */
export type PanelAction =
  'add_acknowledgement' | 'view_acknowledgement' | 'create_ticket' | 'view_ticket' | 'schedule_downtime' | 'view_scheduled_downtime'

/** Actions that multi-select mode and bulk requests offer (SPEC §4: ticket, acknowledgement, maintenance). */
export const MULTI_ACTIONS = ['add_acknowledgement', 'schedule_downtime', 'create_ticket'] as const
export type MultiAction = (typeof MULTI_ACTIONS)[number]

const objectBase = (p: { host_id?: number; resource_id?: number }) =>
  p.resource_id !== undefined ? `resources/${p.resource_id}` : `hosts/${p.host_id}`

/** SPEC §7 Acknowledgements: POST hosts/{host_id}/acknowledgements or resources/{resource_id}/acknowledgements. */
export function acknowledgementCall(p: AcknowledgePayload): ApiCall {
  return { path: `${objectBase(p)}/acknowledgements`, method: 'POST', body: { ...p } }
}

/**
 * SPEC §7 Maintenance: "POST resources/{resource_id}/downtimes, or hosts/{host_id}/downtimes when
 * set_to_host_checkbox is set". On the host path the payload names the host alone, as the path does.
 */
export function downtimeCall(p: MaintenancePayload): ApiCall {
  if (p.set_to_host_checkbox || p.resource_id === undefined) {
    const { resource_id: _id, resource_name: _name, ...onHost } = p
    return { path: `hosts/${p.host_id}/downtimes`, method: 'POST', body: { ...onHost, set_to_host_checkbox: true } }
  }
  return { path: `resources/${p.resource_id}/downtimes`, method: 'POST', body: { ...p } }
}

/** SPEC §4 re-acknowledge: a ticket POST with `reacknowledged` (comment "Re-acknowledged" on the server). */
export function reacknowledgeCall(row: MonitoredRow): ApiCall {
  return { path: `${rowBase(row)}/tickets`, method: 'POST', body: { reacknowledged: true } }
}

export const rowBase = (row: MonitoredRow) => (row.monitoring_type === 'host' ? `hosts/${row.id}` : `resources/${row.id}`)

const allows = (row: MonitoredRow, action: string) => row.allowed_actions.includes(action)

/**
 * SPEC §4 "Only rows that allow the action are selectable": the right (SPEC §6), and for acknowledgements
 * and tickets an unacknowledged problem (tickets are refused for acknowledged or OK state, SPEC §4).
 */
export function canSelectFor(action: MultiAction, row: MonitoredRow): boolean {
  if (!allows(row, action)) return false
  if (action === 'schedule_downtime') return true
  return isProblem(row) && !row.acknowledged
}

/** What "act on everything the current filter matches" sends per entity (SPEC §5 filter language). */
export interface BulkScope {
  entity: Entity
  advanced_filter: FilterNode[]
  environment_ids?: number[]
}

const BULK_PATHS: Record<MultiAction, string> = {
  add_acknowledgement: 'bulk/acknowledgements',
  schedule_downtime: 'bulk/downtimes',
  create_ticket: 'bulk/tickets',
}

/** One bulk request: the panel's payload without its object fields, over the scope's filter. */
export function bulkCall(
  action: MultiAction,
  scope: BulkScope,
  payload: AcknowledgePayload | MaintenancePayload | CreateTicketPayload,
): ApiCall {
  const target = {
    target: scope.entity,
    advanced_filter: scope.advanced_filter,
    ...(scope.environment_ids ? { environment_ids: scope.environment_ids } : {}),
  }
  switch (action) {
    case 'add_acknowledgement': {
      const { comment, persistent, notify, expire_time, persistent_comment } = payload as AcknowledgePayload
      return { path: BULK_PATHS[action], method: 'POST', body: { ...target, comment, persistent, notify, expire_time, persistent_comment } }
    }
    case 'schedule_downtime': {
      const p = payload as MaintenancePayload
      return {
        path: BULK_PATHS[action],
        method: 'POST',
        body: {
          ...target,
          start_time: p.start_time,
          end_time: p.end_time,
          comment: p.comment,
          is_flexible: p.is_flexible,
          duration: p.duration,
          set_to_host_checkbox: p.set_to_host_checkbox,
        },
      }
    }
    case 'create_ticket':
      return { path: BULK_PATHS[action], method: 'POST', body: { ...target, comment: (payload as CreateTicketPayload).comment } }
  }
}
