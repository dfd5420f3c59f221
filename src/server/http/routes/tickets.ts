/**
 * SPEC §7 Tickets (registered without prefix): GET/POST hosts/{host_id}/tickets[/{ticket_id}],
 * resources/{resource_id}/tickets[/{ticket_id}], DELETE …/tickets/{ticket_id} with body {comment} (close).
 * POST …/tickets opens a ticket (or re-opens: `reopened: true`), or re-acknowledges with
 * `reacknowledged: true`; POST …/tickets/{ticket_id} adds a note (or re-acknowledges). DELETE answers
 * {ticket_id}. Rights create_ticket / view_ticket (SPEC §6).
 * Risks: GET/POST/DELETE risks/{risk_id}/tickets (the risk's current ticket: DELETE closes it) and
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
  targetKey,
  targetOf,
  type ActionTarget,
  type RiskTarget,
} from '../../store/action-targets'
import {
  addTicketNote,
  closeTicket,
  createRefusal,
  createTickets,
  currentTickets,
  getTicket,
  listTickets,
  reacknowledge,
  reacknowledgeRefusal,
  ticketRightRefusal,
} from '../../store/tickets'
import { now } from '../../store/json'
import { fail } from '../../store/fail'
import { defaultTicketProvider, type TicketProvider } from '../../integrations/tickets/index'
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
    const t = await (
      found.risk_id !== null
        ? riskTargetOf(store.db, req.scope, found.risk_id)
        : targetOf(store.db, req.scope, found.resource_id === null ? { host_id: found.host_id } : { resource_id: found.resource_id })
    ).catch(() => fail('ticket_not_found', { ticket_id: req.params.ticket_id }))
    refuse(ticketRightRefusal(req.scope, t, 'view_ticket'))
    return getTicket(store.db, provider, t, req.params.ticket_id)
  })

  const objects = [
    ['/hosts/:host_id/tickets', HostIdParams],
    ['/resources/:resource_id/tickets', ResourceIdParams],
  ] as const
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
      const { tickets, deltas } = await store.db
        .transaction()
        .execute((tx) => createTickets(tx, provider, req.scope, [{ target: t, current }], comment, now()))
      publish(deltas)
      return reply.status(201).send(tickets[0])
    })

    app.post(
      `${path}/:ticket_id`,
      { schema: { params: withTicket, body: TicketBody, response: { 200: TicketPostResponse } } },
      async (req) => {
        const t = await targetOf(store.db, req.scope, req.params)
        checkPayloadIds(t, req.body)
        await getTicket(store.db, provider, t, req.params.ticket_id)
        if (req.body.reacknowledged) return reacknowledged(req.scope, t)
        const comment = requiredComment(req.body.comment)
        refuse(ticketRightRefusal(req.scope, t, 'create_ticket'))
        const { ticket, deltas } = await store.db
          .transaction()
          .execute((tx) => addTicketNote(tx, provider, req.scope, t, req.params.ticket_id, comment, now()))
        publish(deltas)
        return ticket
      },
    )

    app.delete(
      `${path}/:ticket_id`,
      { schema: { params: withTicket, body: TicketCloseBody, response: { 200: TicketCloseResponse } } },
      async (req) => {
        const t = await targetOf(store.db, req.scope, req.params)
        refuse(ticketRightRefusal(req.scope, t, 'create_ticket'))
        const { ticket, deltas } = await store.db
          .transaction()
          .execute((tx) => closeTicket(tx, provider, req.scope, t, req.params.ticket_id, req.body.comment, now()))
        publish(deltas)
        return { ticket_id: ticket.ticket_id }
      },
    )
  }

  await riskTicketRoutes(app, store.db, provider, publish)
}

/** A risk's ticket body: comment required; risks cannot be re-acknowledged (they are never acknowledged). */
function riskComment(targets: RiskTarget[], body: TicketBody): string {
  checkRiskPayloadIds(targets, body)
  if (body.reacknowledged)
    throw new ApiError('validation_failed', { field: 'body.reacknowledged', reason: 'risks have no acknowledgement' })
  return requiredComment(body.comment)
}

/** SPEC §7 risks/{risk_id}/tickets and risks/{hostgroup_id}/{risk_plugin_id}/tickets. */
async function riskTicketRoutes(
  app: ZodApp,
  db: RouteDeps['store']['db'],
  provider: TicketProvider,
  publish: (deltas: FeedDelta[]) => void,
) {
  const one = '/risks/:risk_id/tickets'
  const group = '/risks/:hostgroup_id/:risk_plugin_id/tickets'
  const risk = (scope: Scope, p: { risk_id: number }) => riskTargetOf(db, scope, p.risk_id).then((t) => [t])
  const ofGroup = (scope: Scope, p: { hostgroup_id: number; risk_plugin_id: string }) =>
    riskGroupTargetsOf(db, scope, p.hostgroup_id, p.risk_plugin_id)

  async function list(scope: Scope, targets: RiskTarget[]) {
    refuse(ticketRightRefusal(scope, targets[0], 'view_ticket'))
    const result = await listTickets(db, provider, ...targets)
    return { result, totalresults: result.length }
  }

  /** Opens a ticket for each risk that may get one; the others answer their refusal. */
  async function open(scope: Scope, targets: RiskTarget[], comment: string) {
    refuse(ticketRightRefusal(scope, targets[0], 'create_ticket'))
    const current = await currentTickets(db, provider, targets)
    const refusals = new Map(targets.map((t) => [t.id, createRefusal(scope, t, current.get(targetKey(t)))]))
    const accepted = targets.filter((t) => !refusals.get(t.id))
    const { tickets, deltas } = accepted.length
      ? await db.transaction().execute((tx) =>
          createTickets(
            tx,
            provider,
            scope,
            accepted.map((t) => ({ target: t, current: current.get(targetKey(t)) })),
            comment,
            now(),
          ),
        )
      : { tickets: [], deltas: [] }
    publish(deltas)
    const opened = new Map(accepted.map((t, n) => [t.id, tickets[n]]))
    return { refusals, opened }
  }

  /** Closes the current ticket of each risk whose current one is open; none at all is ticket_not_found. */
  async function close(scope: Scope, targets: RiskTarget[], comment: string) {
    refuse(ticketRightRefusal(scope, targets[0], 'create_ticket'))
    const current = await currentTickets(db, provider, targets)
    const open = targets.filter((t) => current.get(targetKey(t)) && !current.get(targetKey(t))!.isClosed)
    // One risk's closed ticket is the provider's own refusal (ticket_closed), as for hosts.
    const closing = targets.length === 1 && current.has(targetKey(targets[0])) ? targets : open
    if (!closing.length) throw new ApiError('ticket_not_found', { risk_ids: targets.map((t) => t.id), reason: 'no open ticket' })
    const { ids, deltas } = await db.transaction().execute(async (tx) => {
      const out = { ids: [] as string[], deltas: [] as FeedDelta[] }
      for (const t of closing) {
        const { ticket, deltas } = await closeTicket(tx, provider, scope, t, current.get(targetKey(t))!.ticket_id, comment, now())
        out.ids.push(ticket.ticket_id)
        out.deltas.push(...deltas)
      }
      return out
    })
    publish(deltas)
    return ids
  }

  app.get(one, { schema: { params: RiskTicketParams, response: { 200: TicketList } } }, async (req) =>
    list(req.scope, await risk(req.scope, req.params)),
  )
  app.get(group, { schema: { params: RiskGroupTicketParams, response: { 200: TicketList } } }, async (req) =>
    list(req.scope, await ofGroup(req.scope, req.params)),
  )

  app.post(one, { schema: { params: RiskTicketParams, body: TicketBody, response: { 201: TicketPostResponse } } }, async (req, reply) => {
    const targets = await risk(req.scope, req.params)
    const { refusals, opened } = await open(req.scope, targets, riskComment(targets, req.body))
    refuse(refusals.get(targets[0].id) ?? null)
    return reply.status(201).send(opened.get(targets[0].id)!)
  })
  app.post(
    group,
    { schema: { params: RiskGroupTicketParams, body: TicketBody, response: { 201: RiskGroupTicketResponse } } },
    async (req, reply) => {
      const targets = await ofGroup(req.scope, req.params)
      const { refusals, opened } = await open(req.scope, targets, riskComment(targets, req.body))
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

  app.delete(one, { schema: { params: RiskTicketParams, body: TicketCloseBody, response: { 200: TicketCloseResponse } } }, async (req) => ({
    ticket_id: (await close(req.scope, await risk(req.scope, req.params), req.body.comment))[0],
  }))
  app.delete(
    group,
    { schema: { params: RiskGroupTicketParams, body: TicketCloseBody, response: { 200: TicketIdsResponse } } },
    async (req) => ({ ticket_ids: await close(req.scope, await ofGroup(req.scope, req.params), req.body.comment) }),
  )
}
