/**
 * The host table's own row actions (SPEC §2: "view ticket, view or add acknowledgement, create ticket,
 * schedule or view maintenance, graphs, and a jump-to dropdown"): a ticket button and an acknowledgement
 * button side by side, each disabled with its SPEC §6 "not authorized" text, or with the SPEC §4 reason
 * (tickets and acknowledgements are for unacknowledged problems). The resource and alerts tables show the
 * one SPEC §4 precedence button of src/ui instead.
 */
import type { ActionButton } from '../../ui'
import { isProblem, type MonitoredRow } from '../model'

const allows = (row: MonitoredRow, action: string) => row.allowed_actions.includes(action)
const enabled = <A extends string>(action: A): ActionButton<A> => ({ action, disabled: false, reasonKey: null })
const disabled = <A extends string>(action: A, reasonKey: string): ActionButton<A> => ({ action, disabled: true, reasonKey })

export function ticketButton(row: MonitoredRow): ActionButton<'view_ticket' | 'create_ticket'> {
  if (row.tickets.length > 0)
    return allows(row, 'view_ticket') ? enabled('view_ticket') : disabled('view_ticket', 'ui.actions.notAuthorized.viewTicket')
  if (!allows(row, 'create_ticket')) return disabled('create_ticket', 'monitoring.actions.notAuthorized.createTicket')
  // SPEC §4 "Creation is refused for acknowledged or OK state."
  if (!isProblem(row) || row.acknowledged) return disabled('create_ticket', 'monitoring.actions.refused.ticketState')
  return enabled('create_ticket')
}

export function acknowledgementButton(row: MonitoredRow): ActionButton<'view_acknowledgement' | 'add_acknowledgement'> {
  if (row.acknowledged) {
    return allows(row, 'view_acknowledgement')
      ? enabled('view_acknowledgement')
      : disabled('view_acknowledgement', 'monitoring.actions.notAuthorized.viewAcknowledgement')
  }
  if (!allows(row, 'add_acknowledgement')) return disabled('add_acknowledgement', 'monitoring.actions.notAuthorized.acknowledge')
  if (!isProblem(row)) return disabled('add_acknowledgement', 'monitoring.actions.refused.acknowledgeState')
  return enabled('add_acknowledgement')
}
