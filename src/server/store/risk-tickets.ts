/**
 * Tickets on risks (SPEC §7 risks/{risk_id}/tickets, risks/{hostgroup_id}/{risk_plugin_id}/tickets): the ticket
 * flow of store/tickets.ts for a risk, or every risk of a group at once, each refused or served on its own.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import type { Write } from './commit'
import { refuse, rightRefusal, targetKey, type RiskTarget } from './action-targets'
import { closeTicket, createRefusal, createTickets, currentTickets } from './tickets'
import { ApiError } from '../../shared/errors'
import type { Ticket } from '../../shared/api/tickets'
import type { FeedDelta } from '../../shared/feed'
import type { TicketProviders } from '../integrations/tickets/provider'

/** Opens a ticket for each risk that may get one; the others get their refusal (SPEC §7 risk group tickets). */
export async function openRiskTickets(
  db: Kysely<Database>,
  providers: TicketProviders,
  scope: Scope,
  targets: RiskTarget[],
  comment: string,
  at: number,
) {
  refuse(rightRefusal(scope, 'create_ticket', targets[0]))
  const current = await currentTickets(db, providers, targets)
  const refusals = new Map(targets.map((t) => [t.id, createRefusal(scope, t, current.get(targetKey(t)))]))
  const accepted = targets.filter((t) => !refusals.get(t.id))
  const items = accepted.map((t) => ({ target: t, current: current.get(targetKey(t)) }))
  const write = accepted.length ? await createTickets(db, providers, scope, items, comment, at) : null
  return async (tx: Kysely<Database>) => {
    const { tickets, deltas } = write ? await write(tx) : { tickets: [], deltas: [] as FeedDelta[] }
    return { refusals, opened: new Map(accepted.map((t, n) => [t.id, tickets[n]])), deltas }
  }
}

/** Closes the current ticket of each risk whose current one is open; none at all is ticket_not_found. */
export async function closeRiskTickets(
  db: Kysely<Database>,
  providers: TicketProviders,
  scope: Scope,
  targets: RiskTarget[],
  comment: string,
  at: number,
): Promise<Write<{ ids: string[]; deltas: FeedDelta[] }>> {
  refuse(rightRefusal(scope, 'create_ticket', targets[0]))
  const current = await currentTickets(db, providers, targets)
  const open = targets.filter((t) => current.get(targetKey(t)) && !current.get(targetKey(t))!.isClosed)
  // One risk's closed ticket is the provider's own refusal (ticket_closed), as for hosts.
  const closing = targets.length === 1 && current.has(targetKey(targets[0])) ? targets : open
  if (!closing.length) throw new ApiError('ticket_not_found', { risk_ids: targets.map((t) => t.id), reason: 'no open ticket' })
  const writes: Write<{ ticket: Ticket; deltas: FeedDelta[] }>[] = []
  for (const t of closing) writes.push(await closeTicket(db, providers, scope, t, current.get(targetKey(t))!.ticket_id, comment, at))
  return async (tx) => {
    const out = { ids: [] as string[], deltas: [] as FeedDelta[] }
    for (const write of writes) {
      const { ticket, deltas } = await write(tx)
      out.ids.push(ticket.ticket_id)
      out.deltas.push(...deltas)
    }
    return out
  }
}
