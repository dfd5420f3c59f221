/**
 * The ticket client (SPEC §4 Tickets, §7 Tickets; contract in src/shared/api/tickets.ts) of every screen that
 * shows or acts on tickets: hosts and resources (monitoring) and risks. One key factory, the paths per object,
 * the reads, and the writes with their SPEC §8 messages: "ticket created/recreated/reacknowledged with id(s)",
 * "note added", "closing ticket(s)", "tickets closed with ids".
 */
import { useQuery } from '@tanstack/react-query'
import { Ticket, TicketCloseResponse, TicketList, TicketPostResponse } from '../../shared/api/tickets'
import type { CloseTicketPayload, CreateTicketPayload } from '../../ui'
import { api } from '../api'
import { atLeastOne, info, send, sendAll, success, type ApiCall } from './calls'

/** The object a ticket is about, by its SPEC §3 payload ids. */
export interface TicketObject {
  host_id?: number
  resource_id?: number
  risk_id?: number
}

export const ticketKeys = {
  all: ['tickets'] as const,
  one: (ticketId: string) => [...ticketKeys.all, 'one', ticketId] as const,
  /** every ticket of one object (`hosts/1`, `resources/2`, `risks/3`) */
  of: (object: string) => [...ticketKeys.all, 'of', object] as const,
}

/** `hosts/{host_id}`, `resources/{resource_id}` or `risks/{risk_id}`: the object part of the SPEC §7 ticket paths. */
export function ticketObjectPath(o: TicketObject): string {
  if (o.risk_id !== undefined) return `risks/${o.risk_id}`
  return o.resource_id !== undefined ? `resources/${o.resource_id}` : `hosts/${o.host_id}`
}

/** One ticket of an object (SPEC §7 GET …/tickets/{ticket_id}). */
export function useTicket(object: string, ticketId: string) {
  return useQuery({
    queryKey: ticketKeys.one(ticketId),
    queryFn: ({ signal }) => api.request(`${object}/tickets/${encodeURIComponent(ticketId)}`, { schema: Ticket, signal }),
  })
}

/** Every ticket of an object, the last one current (SPEC §3); only asked for with view_ticket. */
export function useTicketList(object: string, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.of(object),
    enabled,
    queryFn: ({ signal }) => api.request(`${object}/tickets`, { schema: TicketList, signal }),
  })
}

/** SPEC §7 Tickets: POST …/tickets with the comment opens a ticket (re-opens when the current one is closed). */
export function ticketCall(p: CreateTicketPayload): ApiCall {
  return { path: `${ticketObjectPath(p)}/tickets`, method: 'POST', body: { ...p } }
}

/** SPEC §4 "note added": POST …/tickets/{ticket_id} with the comment. */
export function ticketNoteCall(object: string, ticketId: string, comment: string): ApiCall {
  return { path: `${object}/tickets/${encodeURIComponent(ticketId)}`, method: 'POST', body: { comment } }
}

/** SPEC §7: DELETE …/tickets/{ticket_id} with body comment; a risk's current ticket is DELETE risks/{risk_id}/tickets. */
export function closeTicketCall(p: CloseTicketPayload): ApiCall {
  const path = `${ticketObjectPath(p)}/tickets${p.risk_id !== undefined ? '' : `/${encodeURIComponent(p.ticket_id)}`}`
  return { path, method: 'DELETE', body: { comment: p.comment } }
}

/** Runs ticket creations (one per object); `after` refreshes what the screen shows before the success message. */
export async function runCreateTickets(calls: readonly ApiCall[], after: () => void) {
  info('creatingTicket', { count: calls.length })
  const answers = await sendAll(calls, (c) => send(c, TicketPostResponse))
  after()
  for (const kind of ['created', 'recreated', 'reacknowledged'] as const) {
    const ids = atLeastOne(answers)
      .filter((a) => (a.reacknowledged ? 'reacknowledged' : a.reopened ? 'recreated' : 'created') === kind)
      .map((a) => a.ticket_id)
    if (ids.length) success(`ticket_${kind}`, { ids: ids.join(', '), count: ids.length })
  }
}

/** SPEC §4 "note added" to an open ticket. */
export async function runTicketNote(call: ApiCall, ticketId: string, after: () => void) {
  await send(call, TicketPostResponse)
  after()
  success('noteAdded', { id: ticketId })
}

/** SPEC §4 close, with the reason as comment. */
export async function runCloseTicket(call: ApiCall, after: () => void) {
  info('closingTickets', { count: 1 })
  const answer = await send(call, TicketCloseResponse)
  after()
  success('ticketsClosed', { ids: answer.ticket_id, count: 1 })
}

/**
 * The SPEC §4 ticket flow on one object (`ticketObjectPath`): create (or re-open), add a note and close, each
 * followed by `after` and its SPEC §8 message.
 */
export function ticketFlow(object: string, after: () => void) {
  return {
    create: (payloads: readonly CreateTicketPayload[]) => runCreateTickets(payloads.map(ticketCall), after),
    note: (ticketId: string, comment: string) => runTicketNote(ticketNoteCall(object, ticketId, comment), ticketId, after),
    close: (payload: CloseTicketPayload) => runCloseTicket(closeTicketCall(payload), after),
  }
}
