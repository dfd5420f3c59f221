/**
 * Tickets Vigil opened in an external ticket system (integrations/tickets/request-tracker.ts): the system keeps the
 * ticket itself; Vigil keeps what it is about (host, resource, risk), the comment it was opened with and the ticket
 * it recreates, per organization (two organizations' systems may both have a ticket 42).
 */
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database, ExternalTicketTable } from './db'

export type ExternalTicketRow = Selectable<ExternalTicketTable>

/** An organization's rows of `ticketIds`, and by ticket id the ids of the tickets that recreate it. */
export async function readExternalTickets(db: Kysely<Database>, organizationId: number, ticketIds: string[]) {
  const rows: ExternalTicketRow[] = []
  const successors = new Map<string, string[]>()
  // One query after the other: `db` may be a transaction, which holds one connection.
  for (let i = 0; i < ticketIds.length; i += 1000) {
    const part = ticketIds.slice(i, i + 1000)
    const base = db.selectFrom('external_tickets').where('organization_id', '=', organizationId)
    rows.push(...(await base.selectAll().where('ticket_id', 'in', part).execute()))
    for (const s of await base.select(['ticket_id', 'linked_ticket_id']).where('linked_ticket_id', 'in', part).orderBy('id').execute())
      successors.set(s.linked_ticket_id, [...(successors.get(s.linked_ticket_id) ?? []), s.ticket_id])
  }
  return { rows, successors }
}

export async function insertExternalTickets(db: Kysely<Database>, rows: Insertable<ExternalTicketTable>[]) {
  for (let i = 0; i < rows.length; i += 300)
    await db
      .insertInto('external_tickets')
      .values(rows.slice(i, i + 300))
      .execute()
}

/** The organizations among `organizationIds` (all when null) that hold external ticket `ticketId`, lowest first. */
export async function organizationsOfExternalTicket(db: Kysely<Database>, ticketId: string, organizationIds: number[] | null) {
  let q = db.selectFrom('external_tickets').select('organization_id').where('ticket_id', '=', ticketId)
  if (organizationIds) q = q.where('organization_id', 'in', organizationIds.length ? organizationIds : [-1])
  return (await q.orderBy('organization_id').execute()).map((r) => r.organization_id)
}
