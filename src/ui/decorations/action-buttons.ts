/**
 * SPEC §4 "Resource action button precedence" and "Maintenance button", SPEC §6 "not authorized" states.
 * Each row's allowed_actions (and a ticket-allowed flag) decide; the screen renders the result.
 */
import type { Action } from '../../shared/permissions'
import { hasTicket, inMaintenance, type Decorated } from './decorations'

export interface Actionable extends Decorated {
  allowed_actions?: readonly Action[] | readonly string[]
  /** SPEC §6 "a ticket-allowed flag": false when a ticket cannot be opened now (right, or acknowledged/OK state). */
  ticket_allowed?: boolean
  /** False when the state refuses an acknowledgement (an OK/UP object, SPEC §4). */
  acknowledgement_allowed?: boolean
}

export interface ActionButton<A extends string> {
  /** What the button does; null for the disabled "not available" button. */
  action: A | null
  disabled: boolean
  /** i18n key of the button's explanation when disabled. */
  reasonKey: string | null
}

export type HandlingAction = 'view_ticket' | 'view_acknowledgement' | 'create_ticket' | 'add_acknowledgement'

const allows = (item: Actionable, action: Action) => (item.allowed_actions as readonly string[] | undefined)?.includes(action) ?? false

const enabled = <A extends string>(action: A): ActionButton<A> => ({ action, disabled: false, reasonKey: null })

/**
 * 1. a ticket exists: view ticket; 2. an acknowledgement is viewable: view it; 3. ticket creation allowed:
 * create ticket; 4. acknowledging allowed: add acknowledgement; 5. disabled "not available".
 */
export function handlingButton(item: Actionable): ActionButton<HandlingAction> {
  if (hasTicket(item)) {
    return allows(item, 'view_ticket')
      ? enabled('view_ticket')
      : { action: 'view_ticket', disabled: true, reasonKey: 'ui.actions.notAuthorized.viewTicket' }
  }
  if (item.acknowledged && allows(item, 'view_acknowledgement')) return enabled('view_acknowledgement')
  if (allows(item, 'create_ticket') && item.ticket_allowed !== false) return enabled('create_ticket')
  if (allows(item, 'add_acknowledgement') && item.acknowledgement_allowed !== false) return enabled('add_acknowledgement')
  return { action: null, disabled: true, reasonKey: 'ui.actions.notAvailable' }
}

export type MaintenanceAction = 'view_scheduled_downtime' | 'schedule_downtime'

/** View when a downtime is viewable, else create; both disabled without schedule permission. */
export function maintenanceButton(item: Actionable): ActionButton<MaintenanceAction> {
  const action: MaintenanceAction =
    inMaintenance(item) && allows(item, 'view_scheduled_downtime') ? 'view_scheduled_downtime' : 'schedule_downtime'
  return allows(item, 'schedule_downtime') ? enabled(action) : { action, disabled: true, reasonKey: 'ui.actions.notAuthorized.maintenance' }
}
