/**
 * SPEC §7 Tickets for hosts and resources (registered without prefix; risk paths come with the risks
 * issue): GET/POST hosts/{host_id}/tickets[/{ticket_id}], resources/{resource_id}/tickets[/{ticket_id}],
 * DELETE …/tickets/{ticket_id} with body {comment} (close). POST …/tickets opens a ticket (or re-opens:
 * `reopened: true`), or re-acknowledges with `reacknowledged: true`; POST …/tickets/{ticket_id} adds a
 * note (or re-acknowledges). DELETE answers {ticket_id}. Rights create_ticket / view_ticket (SPEC §6).
 * Also GET tickets/{ticket_id}, for the Vigil page a built-in ticket's web_url points at.
 */
import type { ZodApp, RouteDeps } from '../types'
import { HostIdParams, ResourceIdParams } from '../../../shared/api/acknowledgements'
import { Ticket, TicketBody, TicketCloseBody, TicketCloseResponse, TicketIdParam, TicketList, TicketPostResponse } from '../../../shared/api/tickets'
import { ApiError } from '../../../shared/errors'
import { checkPayloadIds, refuse, targetKey, targetOf, type ActionTarget } from '../../store/action-targets'
import { addTicketNote, closeTicket, createRefusal, createTickets, currentTickets, getTicket, listTickets, reacknowledge, reacknowledgeRefusal, ticketRightRefusal } from '../../store/tickets'
import { now } from '../../store/json'
import { fail } from '../../store/fail'
import { defaultTicketProvider } from '../../integrations/tickets/index'
import type { Scope } from '../../store/scope'
import type { FeedDelta } from '../../../shared/feed'

function requiredComment(comment: string | undefined): string {
  if (!comment) throw new ApiError('validation_failed', { field: 'body.comment', reason: 'a comment is required' })
  return comment
}

export async function ticketRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  const provider = defaultTicketProvider
  const publish = (deltas: FeedDelta[]) => deltas.forEach((d) => bus.publish(d))

  async function reacknowledged(scope: Scope, t: ActionTarget) {
    refuse(reacknowledgeRefusal(scope, t))
    const current = (await currentTickets(store.db, provider, [t])).get(targetKey(t))
    const { ticket, deltas } = await store.db.transaction().execute((tx) => reacknowledge(tx, provider, scope, t, current, now()))
    publish(deltas)
    return ticket
  }

  // The page of a ticket's web_url (/#/tickets/{ticket_id}) knows only the id: the object comes from the ticket.
  app.get('/tickets/:ticket_id', { schema: { params: TicketIdParam, response: { 200: Ticket } } }, async (req) => {
    const [found] = await provider.get(store.db, [req.params.ticket_id])
    if (!found) throw new ApiError('ticket_not_found', { ticket_id: req.params.ticket_id })
    const t = await targetOf(store.db, req.scope, found.resource_id === null ? { host_id: found.host_id } : { resource_id: found.resource_id })
      .catch(() => fail('ticket_not_found', { ticket_id: req.params.ticket_id }))
    refuse(ticketRightRefusal(req.scope, t, 'view_ticket'))
    return getTicket(store.db, provider, t, req.params.ticket_id)
  })

  const objects = [['/hosts/:host_id/tickets', HostIdParams], ['/resources/:resource_id/tickets', ResourceIdParams]] as const
  for (const [path, params] of objects) {
    const withTicket = params.extend(TicketIdParam.shape)

    app.get(path, { schema: { params, response: { 200: TicketList } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(ticketRightRefusal(req.scope, t, 'view_ticket'))
      const result = await listTickets(store.db, provider, t)
      return { result, totalresults: result.length }
    })

    app.get(`${path}/:ticket_id`, { schema: { params: withTicket, response: { 200: Ticket } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(ticketRightRefusal(req.scope, t, 'view_ticket'))
      return getTicket(store.db, provider, t, req.params.ticket_id)
    })

    app.post(path, { schema: { params, body: TicketBody, response: { 201: TicketPostResponse } } }, async (req, reply) => {
      const t = await targetOf(store.db, req.scope, req.params)
      checkPayloadIds(t, req.body)
      if (req.body.reacknowledged) return reply.status(201).send(await reacknowledged(req.scope, t))
      const comment = requiredComment(req.body.comment)
      const current = (await currentTickets(store.db, provider, [t])).get(targetKey(t))
      refuse(createRefusal(req.scope, t, current))
      const { tickets, deltas } = await store.db.transaction().execute((tx) => createTickets(tx, provider, req.scope, [{ target: t, current }], comment, now()))
      publish(deltas)
      return reply.status(201).send(tickets[0])
    })

    app.post(`${path}/:ticket_id`, { schema: { params: withTicket, body: TicketBody, response: { 200: TicketPostResponse } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      checkPayloadIds(t, req.body)
      await getTicket(store.db, provider, t, req.params.ticket_id)
      if (req.body.reacknowledged) return reacknowledged(req.scope, t)
      const comment = requiredComment(req.body.comment)
      refuse(ticketRightRefusal(req.scope, t, 'create_ticket'))
      const { ticket, deltas } = await store.db.transaction().execute((tx) => addTicketNote(tx, provider, req.scope, t, req.params.ticket_id, comment, now()))
      publish(deltas)
      return ticket
    })

    app.delete(`${path}/:ticket_id`, { schema: { params: withTicket, body: TicketCloseBody, response: { 200: TicketCloseResponse } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(ticketRightRefusal(req.scope, t, 'create_ticket'))
      const { ticket, deltas } = await store.db.transaction().execute((tx) => closeTicket(tx, provider, req.scope, t, req.params.ticket_id, req.body.comment, now()))
      publish(deltas)
      return { ticket_id: ticket.ticket_id }
    })
  }
}
