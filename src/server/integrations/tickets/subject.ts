/** What every provider says the same way about a ticket's subject: its description, priority and urgency. */
import type { TicketSubject } from './provider'

// By host/resource state, and by risk severity (SPEC §4 RISK names) for risk tickets.
const PRIORITY: Record<string, string> = {
  down: 'High',
  critical: 'High',
  unreachable: 'Medium',
  warning: 'Medium',
  veryhigh: 'High',
  high: 'High',
  medium: 'Medium',
}
const URGENCY: Record<string, string> = { down: 'High', critical: 'High', unreachable: 'Medium', veryhigh: 'High', high: 'Medium' }

/** High, Medium or Low, by the object's state when the ticket is opened. */
export const priorityOf = (s: TicketSubject) => PRIORITY[s.state] ?? 'Low'
export const urgencyOf = (s: TicketSubject) => URGENCY[s.state] ?? 'Low'

/** Plugin output usually starts with its state ("CRITICAL - disk full"): the description names it once. */
function withoutState(state: string, output: string): string {
  const lead = new RegExp(`^\\s*${state.replace(/[^a-z]/gi, '')}\\b\\s*[-:–]?\\s*`, 'i')
  return output.replace(lead, '')
}

/** `host / resource: CRITICAL - output`, at most `max` characters. */
export const describeSubject = (s: TicketSubject, max: number) =>
  `${s.resourceName ? `${s.hostName} / ${s.resourceName}` : s.hostName}: ${s.state.toUpperCase()} - ${withoutState(s.state, s.output)}`.slice(
    0,
    max,
  )
