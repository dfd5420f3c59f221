/**
 * The built-in service desk's tables (integrations/tickets/builtin.ts is the provider over them): tickets by
 * number, their notes in order, and tickets linked to each other (a recreated ticket names the one it recreates).
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import type { Database, ServiceDeskNoteTable, ServiceDeskTicketTable } from './db'

export type ServiceDeskTicketRow = Selectable<ServiceDeskTicketTable>
export type ServiceDeskNoteRow = Selectable<ServiceDeskNoteTable>

/** The ticket id of a ticket number, as `linked_ticket_id` stores it: `VIG-000123`. */
export const ticketIdOf = (n: number) => `VIG-${String(n).padStart(6, '0')}`

/** Tickets by number, each ticket's notes in order, and by ticket id the ids of the tickets that recreate it. */
export async function readServiceDeskTickets(db: Kysely<Database>, nums: number[]) {
  const rows: ServiceDeskTicketRow[] = []
  const notes = new Map<number, ServiceDeskNoteRow[]>()
  const successors = new Map<string, string[]>()
  // Chunk by chunk, one query after the other: `db` may be a transaction, which holds one connection.
  for (let i = 0; i < nums.length; i += 1000) {
    const part = nums.slice(i, i + 1000)
    rows.push(...(await db.selectFrom('service_desk_tickets').selectAll().where('id', 'in', part).execute()))
    for (const n of await db.selectFrom('service_desk_notes').selectAll().where('ticket_ref', 'in', part).orderBy('id').execute())
      notes.set(n.ticket_ref, [...(notes.get(n.ticket_ref) ?? []), n])
    for (const s of await db
      .selectFrom('service_desk_tickets')
      .select(['id', 'linked_ticket_id'])
      .where('linked_ticket_id', 'in', part.map(ticketIdOf))
      .execute()) {
      successors.set(s.linked_ticket_id, [...(successors.get(s.linked_ticket_id) ?? []), ticketIdOf(s.id)])
    }
  }
  return { rows, notes, successors }
}

export async function serviceDeskTicket(db: Kysely<Database>, n: number): Promise<ServiceDeskTicketRow | undefined> {
  return db.selectFrom('service_desk_tickets').selectAll().where('id', '=', n).executeTakeFirst()
}

/** Inserts tickets in one statement; the new rows' ids and subjects, in no promised order. */
export async function insertServiceDeskTickets(db: Kysely<Database>, tickets: Insertable<ServiceDeskTicketTable>[]) {
  return db.insertInto('service_desk_tickets').values(tickets).returning(['id', 'host_id', 'resource_id', 'risk_id']).execute()
}

export async function insertServiceDeskNotes(db: Kysely<Database>, notes: Insertable<ServiceDeskNoteTable>[]) {
  await db.insertInto('service_desk_notes').values(notes).execute()
}

export async function updateServiceDeskTicket(db: Kysely<Database>, n: number, change: Updateable<ServiceDeskTicketTable>) {
  await db.updateTable('service_desk_tickets').set(change).where('id', '=', n).execute()
}
