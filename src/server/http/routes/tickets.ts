/**
 * SPEC §7 Tickets (registered without prefix): GET/POST hosts/{host_id}/tickets[/{ticket_id}],
 * resources/{resource_id}/tickets[/{ticket_id}], DELETE …/tickets/{ticket_id} with body {comment} (close).
 * POST …/tickets opens a ticket (or re-opens: `reopened: true`), or re-acknowledges with
 * `reacknowledged: true`; POST …/tickets/{ticket_id} adds a note (or re-acknowledges). DELETE answers
 * {ticket_id}. Rights create_ticket / view_ticket (SPEC §6).
 * Risks: GET/POST/DELETE risks/{risk_id}/tickets (the risk's current ticket: DELETE closes it), POST
 * risks/{risk_id}/tickets/{ticket_id} (a note on one of its tickets) and
 * risks/{hostgroup_id}/{risk_plugin_id}/tickets (a risk group: POST opens one ticket per risk and answers
 * `ticket_ids` with `reopened`, or a SPEC §8 key per risk that gets none; DELETE closes every open one and
 * answers `ticket_ids`). Risks have no acknowledgement, so no re-acknowledgement either.
 * Also GET tickets/{ticket_id}, for the Vigil page a built-in ticket's web_url points at.
 */
import type { ZodApp, RouteDeps } from '../types'
import { HostIdParams, ResourceIdParams } from '../../../shared/api/acknowledgements'
import {
  RiskGroupTicketParams,
  RiskGroupTicketResponse,
  RiskTicketParams,
  Ticket,
  TicketBody,
  TicketCloseBody,
  TicketCloseResponse,
  TicketIdParam,
  TicketIdsResponse,
  TicketList,
  TicketPostResponse,
  type RiskTicketEntry,
} from '../../../shared/api/tickets'
import { ApiError } from '../../../shared/errors'
import {
  checkPayloadIds,
  checkRiskPayloadIds,
  refuse,
  riskGroupTargetsOf,
  riskTargetOf,
  rightRefusal,
  targetOf,
  type ActionTarget,
  type RiskTarget,
  type TicketTarget,
} from '../../store/action-targets'
import { addTicketNote, closeTicket, getTicket, listTickets, openTicket, reacknowledge, ticketTarget } from '../../store/tickets'
import { closeRiskTickets, openRiskTickets } from '../../store/risk-tickets'
import { now } from '../../store/json'
import { commitThenPublish } from '../../store/commit'
import { ticketProviderOfTicket, ticketProvidersOf } from '../../integrations/tickets/index'
import type { Scope } from '../../store/scope'

function requiredComment(comment: string | undefined): string {
  if (!comment) throw new ApiError('validation_failed', { field: 'body.comment', reason: 'a comment is required' })
  return comment
}

export async function ticketRoutes(app: ZodApp, { store, bus, box }: RouteDeps) {
  // The ticket provider of the object's organization (issue 15 "Ticket providers").
  const providersOf = (...targets: TicketTarget[]) =>
    ticketProvidersOf(
      store.db,
      box,
      targets.map((t) => t.hostgroupId),
    )
  const reacknowledged = async (scope: Scope, t: ActionTarget) =>
    (await commitThenPublish(store.db, bus, await reacknowledge(store.db, await providersOf(t), scope, t, now()))).ticket

  // The page of a ticket's web_url (/#/tickets/{ticket_id}) knows only the id: the object comes from the ticket.
  app.get('/tickets/:ticket_id', { schema: { params: TicketIdParam, response: { 200: Ticket } } }, async (req) => {
    const seen = req.scope.serverAdmin ? null : req.scope.organizationIds
    const provider = await ticketProviderOfTicket(store.db, box, seen, req.params.ticket_id)
    const { target, ticket } = await ticketTarget(store.db, provider, req.scope, req.params.ticket_id)
    refuse(rightRefusal(req.scope, 'view_ticket', target))
    return ticket
  })

  const objects = [
    ['/hosts/:host_id/tickets', HostIdParams],
    ['/resources/:resource_id/tickets', ResourceIdParams],
  ] as const
  for (const [path, params] of objects) {
    const withTicket = params.extend(TicketIdParam.shape)

    app.get(path, { schema: { params, response: { 200: TicketList } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(rightRefusal(req.scope, 'view_ticket', t))
      const result = await listTickets(store.db, await providersOf(t), t)
      return { result, totalresults: result.length }
    })

    app.get(`${path}/:ticket_id`, { schema: { params: withTicket, response: { 200: Ticket } } }, async (req) => {
      const t = await targetOf(store.db, req.scope, req.params)
      refuse(rightRefusal(req.scope, 'view_ticket', t))
      return getTicket(store.db, await providersOf(t), t, req.params.ticket_id)
    })

    app.post(path, { schema: { params, body: TicketBody, response: { 201: TicketPostResponse } } }, async (req, reply) => {
      const t = await targetOf(store.db, req.scope, req.params)
      checkPayloadIds(t, req.body)
      if (req.body.reacknowledged) return reply.status(201).send(await reacknowledged(req.scope, t))
      const comment = requiredComment(req.body.comment)
      const { ticket } = await commitThenPublish(
        store.db,
        bus,
        await openTicket(store.db, await providersOf(t), req.scope, t, comment, now()),
      )
      return reply.status(201).send(ticket)
    })

    app.post(
      `${path}/:ticket_id`,
      { schema: { params: withTicket, body: TicketBody, response: { 200: TicketPostResponse } } },
      async (req) => {
        const t = await targetOf(store.db, req.scope, req.params)
        checkPayloadIds(t, req.body)
        const providers = await providersOf(t)
        await getTicket(store.db, providers, t, req.params.ticket_id)
        if (req.body.reacknowledged) return reacknowledged(req.scope, t)
        const comment = requiredComment(req.body.comment)
        refuse(rightRefusal(req.scope, 'create_ticket', t))
        const write = await addTicketNote(store.db, providers, req.scope, t, req.params.ticket_id, comment, now())
        const { ticket } = await commitThenPublish(store.db, bus, write)
        return ticket
      },
    )

    app.delete(
      `${path}/:ticket_id`,
      { schema: { params: withTicket, body: TicketCloseBody, response: { 200: TicketCloseResponse } } },
      async (req) => {
        const t = await targetOf(store.db, req.scope, req.params)
        refuse(rightRefusal(req.scope, 'create_ticket', t))
        const write = await closeTicket(store.db, await providersOf(t), req.scope, t, req.params.ticket_id, req.body.comment, now())
        const { ticket } = await commitThenPublish(store.db, bus, write)
        return { ticket_id: ticket.ticket_id }
      },
    )
  }

  await riskTicketRoutes(app, { store, bus, box })
}

/** A risk's ticket body: comment required; risks cannot be re-acknowledged (they are never acknowledged). */
function riskComment(targets: RiskTarget[], body: TicketBody): string {
  checkRiskPayloadIds(targets, body)
  if (body.reacknowledged)
    throw new ApiError('validation_failed', { field: 'body.reacknowledged', reason: 'risks have no acknowledgement' })
  return requiredComment(body.comment)
}

/** SPEC §7 risks/{risk_id}/tickets and risks/{hostgroup_id}/{risk_plugin_id}/tickets. */
async function riskTicketRoutes(app: ZodApp, { store, bus, box }: Pick<RouteDeps, 'store' | 'bus' | 'box'>) {
  const db = store.db
  const providersOf = (targets: RiskTarget[]) =>
    ticketProvidersOf(
      db,
      box,
      targets.map((t) => t.hostgroupId),
    )
  const one = '/risks/:risk_id/tickets'
  const group = '/risks/:hostgroup_id/:risk_plugin_id/tickets'
  const risk = (scope: Scope, p: { risk_id: number }) => riskTargetOf(db, scope, p.risk_id).then((t) => [t])
  const ofGroup = (scope: Scope, p: { hostgroup_id: number; risk_plugin_id: string }) =>
    riskGroupTargetsOf(db, scope, p.hostgroup_id, p.risk_plugin_id)

  async function list(scope: Scope, targets: RiskTarget[]) {
    refuse(rightRefusal(scope, 'view_ticket', targets[0]))
    const result = await listTickets(db, await providersOf(targets), ...targets)
    return { result, totalresults: result.length }
  }
  const open = async (scope: Scope, targets: RiskTarget[], body: TicketBody) => {
    const comment = riskComment(targets, body)
    return commitThenPublish(db, bus, await openRiskTickets(db, await providersOf(targets), scope, targets, comment, now()))
  }
  const close = async (scope: Scope, targets: RiskTarget[], comment: string) =>
    (await commitThenPublish(db, bus, await closeRiskTickets(db, await providersOf(targets), scope, targets, comment, now()))).ids

  app.get(one, { schema: { params: RiskTicketParams, response: { 200: TicketList } } }, async (req) =>
    list(req.scope, await risk(req.scope, req.params)),
  )
  app.get(group, { schema: { params: RiskGroupTicketParams, response: { 200: TicketList } } }, async (req) =>
    list(req.scope, await ofGroup(req.scope, req.params)),
  )

  app.post(one, { schema: { params: RiskTicketParams, body: TicketBody, response: { 201: TicketPostResponse } } }, async (req, reply) => {
    const targets = await risk(req.scope, req.params)
    const { refusals, opened } = await open(req.scope, targets, req.body)
    refuse(refusals.get(targets[0].id) ?? null)
    return reply.status(201).send(opened.get(targets[0].id)!)
  })
  app.post(
    group,
    { schema: { params: RiskGroupTicketParams, body: TicketBody, response: { 201: RiskGroupTicketResponse } } },
    async (req, reply) => {
      const targets = await ofGroup(req.scope, req.params)
      const { refusals, opened } = await open(req.scope, targets, req.body)
      const ticketIds = targets.map((t): RiskTicketEntry => {
        const r = refusals.get(t.id)
        const tk = opened.get(t.id)
        return r || !tk
          ? { risk_id: t.id, error: r?.key ?? 'ticket_add_failed', extra_info: r?.extra ?? {} }
          : { risk_id: t.id, id: tk.ticket_id, reopened: tk.reopened }
      })
      return reply.status(201).send({ ticket_ids: ticketIds })
    },
  )

  // SPEC §4 "note added" to a risk's ticket: the comment goes to the ticket service, as for hosts.
  app.post(
    `${one}/:ticket_id`,
    { schema: { params: RiskTicketParams.extend(TicketIdParam.shape), body: TicketBody, response: { 200: TicketPostResponse } } },
    async (req) => {
      const targets = await risk(req.scope, req.params)
      const comment = riskComment(targets, req.body)
      refuse(rightRefusal(req.scope, 'create_ticket', targets[0]))
      const write = await addTicketNote(db, await providersOf(targets), req.scope, targets[0], req.params.ticket_id, comment, now())
      return (await commitThenPublish(db, bus, write)).ticket
    },
  )

  app.delete(one, { schema: { params: RiskTicketParams, body: TicketCloseBody, response: { 200: TicketCloseResponse } } }, async (req) => ({
    ticket_id: (await close(req.scope, await risk(req.scope, req.params), req.body.comment))[0],
  }))
  app.delete(
    group,
    { schema: { params: RiskGroupTicketParams, body: TicketCloseBody, response: { 200: TicketIdsResponse } } },
    async (req) => ({ ticket_ids: await close(req.scope, await ofGroup(req.scope, req.params), req.body.comment) }),
  )
}
