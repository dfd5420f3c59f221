/**
 * POST /bulk/acknowledgements, /bulk/downtimes, /bulk/tickets (issue 4 "act on everything the current
 * filter matches as one server-side bulk request"): the action of SPEC §7 on every host or resource the
 * list filter selects in the caller's scope (the list protocol's where-clause, at most BULK_MAX). Each
 * object is checked as a single request would check it; refused ones are listed with their SPEC §8 key,
 * the rest are written in one transaction per chunk. Answers {done, refused: [{id, key}]}.
 */
import type { ZodApp, RouteDeps } from '../types'
import { BulkAcknowledgementBody, BulkDowntimeBody, BulkResult, BulkTicketBody } from '../../../shared/api/bulk'
import { downtimeWindowProblem, START_GRACE_S } from '../../../shared/api/downtimes'
import { ApiError } from '../../../shared/errors'
import type { FeedDelta } from '../../../shared/feed'
import { chunked, hostsOf, rightRefusal, targetKey, targetsByFilter, type ActionTarget, type Refusal } from '../../store/action-targets'
import { acknowledgeRefusal, addAcknowledgements } from '../../store/acknowledgements'
import { scheduleDowntimes } from '../../store/downtimes'
import { createRefusal, createTickets, currentTickets } from '../../store/tickets'
import { ticketProvidersOf } from '../../integrations/tickets/index'
import { now } from '../../store/json'
import { commitThenPublish, type Write } from '../../store/commit'

export async function bulkRoutes(app: ZodApp, { store, bus, engine, box }: RouteDeps) {
  async function run(
    targets: ActionTarget[],
    refusal: (t: ActionTarget) => Refusal | null,
    apply: (part: ActionTarget[]) => Write<{ deltas: FeedDelta[] }> | Promise<Write<{ deltas: FeedDelta[] }>>,
  ): Promise<BulkResult> {
    const refused: BulkResult['refused'] = []
    const accepted: ActionTarget[] = []
    for (const t of targets) {
      const r = refusal(t)
      if (r) refused.push({ id: t.id, key: r.key })
      else accepted.push(t)
    }
    for (const part of chunked(accepted)) await commitThenPublish(store.db, bus, await apply(part))
    return { done: accepted.length, refused }
  }

  app.post('/acknowledgements', { schema: { body: BulkAcknowledgementBody, response: { 200: BulkResult } } }, async (req) => {
    const at = now()
    const targets = await targetsByFilter(store.db, store.dialect, req.scope, req.body)
    const result = await run(
      targets,
      (t) => acknowledgeRefusal(req.scope, t),
      (part) => (tx) => addAcknowledgements(tx, req.scope, part, req.body, at),
    )
    // The expiry timer plans the new expiry time at once (engine/acknowledgements.ts).
    if (req.body.expire_time) await engine.acknowledgements.wake()
    return result
  })

  app.post('/downtimes', { schema: { body: BulkDowntimeBody, response: { 200: BulkResult } } }, async (req) => {
    const at = now()
    const problem = downtimeWindowProblem(req.body, at, START_GRACE_S)
    if (problem) throw new ApiError('validation_failed', { ...problem, field: `body.${problem.field}` })
    const matched = await targetsByFilter(store.db, store.dialect, req.scope, req.body)
    // SPEC §2 "apply to the host instead": each matching resource's host, once.
    const targets = req.body.target === 'resources' && req.body.set_to_host_checkbox ? await hostsOf(store.db, matched) : matched
    const result = await run(
      targets,
      (t) => rightRefusal(req.scope, 'schedule_downtime', t),
      (part) => (tx) => scheduleDowntimes(tx, req.scope, part, req.body, at),
    )
    await engine.downtimes.wake()
    return result
  })

  app.post('/tickets', { schema: { body: BulkTicketBody, response: { 200: BulkResult } } }, async (req) => {
    const at = now()
    const targets = await targetsByFilter(store.db, store.dialect, req.scope, req.body)
    // Each target's organization has its own ticket provider (issue 15 "Ticket providers").
    const providers = await ticketProvidersOf(
      store.db,
      box,
      targets.map((t) => t.hostgroupId),
    )
    const current = await currentTickets(store.db, providers, targets)
    return run(
      targets,
      (t) => createRefusal(req.scope, t, current.get(targetKey(t))),
      (part) => {
        const items = part.map((t) => ({ target: t, current: current.get(targetKey(t)) }))
        return createTickets(store.db, providers, req.scope, items, req.body.comment, at)
      },
    )
  })
}
