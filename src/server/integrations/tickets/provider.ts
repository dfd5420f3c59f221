/**
 * A ticket provider: the service-desk system tickets live in (SPEC §1 "tickets in an external service-desk
 * system", §3 Ticket). Vigil keeps only the ticket ids on the host, resource or risk (SPEC §3 tickets, the last
 * is current) and asks the provider for everything else. A write comes in two steps: the provider does its part
 * first, outside any transaction (an external system is asked then, so a slow one holds no database lock), and
 * answers a ProviderWrite that writes Vigil's side in the action's transaction (the built-in desk writes all of it
 * there). A failure of the provider's own is thrown as ApiError ticket_add_failed (open, note) or
 * ticket_delete_failed (close) with `extra_info.reason`; an external system that refuses or cannot be reached
 * is one of SPEC §8's two external ticket system errors, ticket_system_error and ticket_system_unavailable.
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

export interface TicketAuthor {
  username: string
  fullName: string
}

export interface OpenRequest {
  subject: TicketSubject
  comment: string
  author: TicketAuthor
  /** the closed ticket this one recreates (SPEC §4 re-open), or null */
  previous: string | null
}

/** Notes of SPEC §4 "note added" and "re-acknowledge". */
type NoteKind = 'note' | 'reacknowledged'

/** Vigil's side of a provider's write, run in the action's transaction; it answers the ticket(s). */
export type ProviderWrite<T> = (tx: Kysely<Database>) => Promise<T>

export interface TicketProvider {
  /** SPEC §3 Ticket provider, as shown in "view ticket" */
  readonly name: string
  /** Whether `ticketId` is one of this provider's (by its form: `VIG-000123`, `RT-42`). */
  owns(ticketId: string): boolean
  /** Opens one ticket per request; the write answers them in the order of the requests. */
  open(db: Kysely<Database>, requests: OpenRequest[], at: number): Promise<ProviderWrite<Ticket[]>>
  addNote(
    db: Kysely<Database>,
    ticketId: string,
    note: { kind: NoteKind; comment: string; author: TicketAuthor },
    at: number,
  ): Promise<ProviderWrite<Ticket>>
  close(db: Kysely<Database>, ticketId: string, comment: string, author: TicketAuthor, at: number): Promise<ProviderWrite<Ticket>>
  /** The tickets that exist among `ticketIds`, in that order; unknown ids are left out. */
  get(db: Kysely<Database>, ticketIds: string[]): Promise<Ticket[]>
}

/** The provider of each target's organization (by its environment), resolved once for a request. */
export interface TicketProviders {
  of(target: { hostgroupId: number }): TicketProvider
}
