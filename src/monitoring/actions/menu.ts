/**
 * Issue 17: every action a row allows, for its action menu (beside the SPEC §4 precedence button): acknowledge,
 * view/remove the acknowledgement, create or view the ticket, schedule or view/remove maintenance, reschedule
 * the check, graphs. An action the row's state refuses (SPEC §4: no ticket or acknowledgement on OK or
 * acknowledged rows) is not offered.
 */
import { isHost, isProblem, type MonitoredRow } from '../model'
import type { PanelAction } from './requests'

export type MenuAction = PanelAction | 'reschedule' | 'graphs'

const allows = (row: MonitoredRow, action: string) => row.allowed_actions.includes(action)

/** SPEC §6 ticket-allowed flag, and the row's live state (the feed patches state and acknowledgement). */
export const canCreateTicket = (row: MonitoredRow) =>
  allows(row, 'create_ticket') && row.ticket_allowed !== false && isProblem(row) && !row.acknowledged && row.tickets.length === 0

export const canAcknowledge = (row: MonitoredRow) => allows(row, 'add_acknowledgement') && isProblem(row) && !row.acknowledged

export function menuActions(row: MonitoredRow): MenuAction[] {
  const offered: [MenuAction, boolean][] = [
    ['add_acknowledgement', canAcknowledge(row)],
    ['view_acknowledgement', row.acknowledged && allows(row, 'view_acknowledgement')],
    ['create_ticket', canCreateTicket(row)],
    ['view_ticket', row.tickets.length > 0 && allows(row, 'view_ticket')],
    ['schedule_downtime', allows(row, 'schedule_downtime')],
    // Offered whatever the depth: a maintenance scheduled for later (depth 0 until it starts) is seen and removed here.
    ['view_scheduled_downtime', allows(row, 'view_scheduled_downtime')],
    // SPEC §2 check_type "1" is passive: nothing to run. Rescheduling needs schedule_downtime (engine-helpers.ts).
    ['reschedule', row.check_type !== '1' && allows(row, 'schedule_downtime')],
    ['graphs', row.has_graph && (isHost(row) || row.display_name !== '')],
  ]
  return offered.filter(([, on]) => on).map(([action]) => action)
}
