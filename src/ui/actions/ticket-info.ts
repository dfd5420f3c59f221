import type { Deployment } from '../../shared/api/ticket-providers'

/** SPEC §3 "Ticket": the fields a ticket provider returns, as the ticket panels read them. */
export interface TicketInfo {
  ticket_id?: string
  ticket_ids?: readonly string[]
  workflowStateName?: string
  supportGroupName?: string
  assigneeName?: string
  description?: string
  details?: string
  priorityName?: string
  urgencyName?: string
  isClosed?: boolean
  provider?: string
  deployment?: Deployment
  web_url?: string | null
  ticket_links?: readonly { id: string; web_url: string | null }[]
}

/** Every ticket id with its link, the current one first (SPEC §2 "ticket id(s) and a link to the ticket service"). */
export function ticketLinks(ticket: TicketInfo): { id: string; web_url: string | null }[] {
  const links = [...(ticket.ticket_links ?? [])]
  const ids = [ticket.ticket_id, ...(ticket.ticket_ids ?? [])].filter((id): id is string => Boolean(id))
  for (const id of ids)
    if (!links.some((l) => l.id === id)) links.push({ id, web_url: id === ticket.ticket_id ? (ticket.web_url ?? null) : null })
  return links
}
