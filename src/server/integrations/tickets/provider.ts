/**
 * A ticket provider: the service-desk system tickets live in (SPEC §1 "tickets in an external service-desk
 * system", §3 Ticket). Vigil keeps only the ticket ids on the host, resource or risk (SPEC §3 tickets, the last
 * is current) and asks the provider for everything else. Calls get the caller's database handle, so a
 * provider that stores tickets in Vigil's database (the built-in one) writes in the action's transaction;
 * an external one ignores it. A failure of the provider's own is thrown as ApiError ticket_add_failed
 * (open, note) or ticket_delete_failed (close) with `extra_info.reason`.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../store/db'
import type { Ticket } from '../../../shared/api/tickets'

/**
 * What a ticket is about: a host, or a resource of it, in its current state; or a risk (SPEC §3 Risk) on a
 * host, with its plugin name as `resourceName`, its severity as `state` and its synopsis as `output`.
 */
export interface TicketSubject {
  hostId: number
  resourceId: number | null
  riskId: number | null
  hostgroupId: number
  hostName: string
  resourceName: string | null
  state: string
  output: string
}

interface TicketAuthor {
  username: string
  fullName: string
}

interface OpenRequest {
  subject: TicketSubject
  comment: string
  author: TicketAuthor
  /** the closed ticket this one recreates (SPEC §4 re-open), or null */
  previous: string | null
}

/** Notes of SPEC §4 "note added" and "re-acknowledge". */
type NoteKind = 'note' | 'reacknowledged'

export interface TicketProvider {
  /** SPEC §3 Ticket provider, as shown in "view ticket" */
  readonly name: string
  /** Opens one ticket per request, answered in the order of the requests. */
  open(db: Kysely<Database>, requests: OpenRequest[], at: number): Promise<Ticket[]>
  addNote(
    db: Kysely<Database>,
    ticketId: string,
    note: { kind: NoteKind; comment: string; author: TicketAuthor },
    at: number,
  ): Promise<Ticket>
  close(db: Kysely<Database>, ticketId: string, comment: string, author: TicketAuthor, at: number): Promise<Ticket>
  /** The tickets that exist among `ticketIds`, in that order; unknown ids are left out. */
  get(db: Kysely<Database>, ticketIds: string[]): Promise<Ticket[]>
}
