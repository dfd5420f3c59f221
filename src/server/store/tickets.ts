/**
 * The ticket flow of SPEC §4 on hosts, resources and risks, over a ticket provider (integrations/tickets):
 * create, note added, re-acknowledge, re-open (recreated), close, view. Vigil's side of it:
 * - the object's `tickets` column (ticket ids, the last is current; closed ones stay, SPEC §3);
 * - opening a ticket acknowledges the object (non-persistent): a ticketed problem is handled. That is why
 *   creation is refused in acknowledged or OK state (SPEC §4/§8, reason `acknowledged_or_ok`), and why an
 *   object whose acknowledgement ended at a state change is re-acknowledged (comment "Re-acknowledged",
 *   noted on its open ticket, or on a recreated one when the last is closed);
 * - a new ticket while the current one is open is refused (reason `ticket_open`): add a note instead;
 * - a timeline event of type ticket per step (CREATED, REOPENED, NOTE, REACKNOWLEDGED, CLOSED).
 * Each step is prepared first (refusals checked, the provider asked: an external ticket system is called then,
 * outside any transaction) and answers the Write that records it, for commitThenPublish.
 * Risks have no acknowledgement and no state to be OK in: a risk's ticket is refused only while its
 * current one is open, and when its scanned host matched no host (SPEC §8 "no host info found", reason
 * `no_host_info`); opening one acknowledges nothing. A risk group's tickets: store/risk-tickets.ts.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import {
  isProblem,
  refuse,
  rightRefusal,
  riskTargetOf,
  targetKey,
  targetOf,
  type ActionTarget,
  type Refusal,
  type TicketTarget,
} from './action-targets'
import { eventDelta, writeEvents, type Actor } from './event-log'
import { addAcknowledgements } from './acknowledgements'
import { bulkUpdate, type BulkColumn } from './bulk'
import { ApiError } from '../../shared/errors'
import { fail } from './fail'
import { REACKNOWLEDGED_COMMENT, type Ticket } from '../../shared/api/tickets'
import type { FeedDelta } from '../../shared/feed'
import type { Write } from './commit'
import type { ProviderWrite, TicketProvider, TicketProviders, TicketSubject } from '../integrations/tickets/provider'

type TicketAnswer = Ticket & { reopened: boolean; reacknowledged: boolean }

/** SPEC §4 "Creation is refused for acknowledged or OK state"; a risk's, without host info (SPEC §8). */
export function createRefusal(scope: Scope, t: TicketTarget, current: Ticket | undefined): Refusal | null {
  const r = t.object === 'risk' ? rightRefusal(scope, 'create_ticket', t) : reacknowledgeRefusal(scope, t)
  if (r) return r
  if (t.object === 'risk' && t.hostId === null)
    return { key: 'ticket_add_failed', extra: { reason: 'no_host_info', host_name: t.hostName } }
  if (current && !current.isClosed) return { key: 'ticket_add_failed', extra: { reason: 'ticket_open', ticket_id: current.ticket_id } }
  return null
}

/** SPEC §4: only an unacknowledged problem can be (re-)acknowledged, with ticket rights. */
function reacknowledgeRefusal(scope: Scope, t: ActionTarget): Refusal | null {
  const r = rightRefusal(scope, 'create_ticket', t)
  if (r) return r
  if (t.acknowledged || !isProblem(t.state))
    return { key: 'ticket_add_failed', extra: { reason: 'acknowledged_or_ok', state: t.state, acknowledged: t.acknowledged } }
  return null
}

/** Items grouped by the provider of their target's organization, in first-seen order. */
function byProvider<T>(providers: TicketProviders, items: T[], targetOf: (item: T) => TicketTarget): Map<TicketProvider, T[]> {
  const groups = new Map<TicketProvider, T[]>()
  for (const item of items) {
    const p = providers.of(targetOf(item))
    groups.set(p, [...(groups.get(p) ?? []), item])
  }
  return groups
}
const itself = (t: TicketTarget) => t

/** The current ticket of each target (by targetKey), when it has one. */
export async function currentTickets(
  db: Kysely<Database>,
  providers: TicketProviders,
  targets: TicketTarget[],
): Promise<Map<string, Ticket>> {
  const out = new Map<string, Ticket>()
  for (const [provider, group] of byProvider(providers, targets, itself)) {
    const last = group.flatMap((t) => (t.tickets.length ? [t.tickets[t.tickets.length - 1]] : []))
    const byId = new Map((await provider.get(db, last)).map((tk) => [tk.ticket_id, tk]))
    for (const t of group) {
      const tk = byId.get(t.tickets[t.tickets.length - 1])
      if (tk) out.set(targetKey(t), tk)
    }
  }
  return out
}

/** A risk's subject: its host, with the plugin as the "resource" (createRefusal made sure of the host). */
const subjectOf = (t: TicketTarget): TicketSubject =>
  t.object === 'risk'
    ? {
        hostId: t.hostId!,
        resourceId: null,
        riskId: t.id,
        hostgroupId: t.hostgroupId,
        hostName: t.hostName,
        resourceName: t.name,
        state: t.state,
        output: t.pluginOutput,
      }
    : {
        hostId: t.hostId,
        resourceId: t.object === 'resource' ? t.id : null,
        riskId: null,
        hostgroupId: t.hostgroupId,
        hostName: t.hostName,
        resourceName: t.resourceName,
        state: t.state,
        output: t.pluginOutput,
      }
const authorOf = (a: Actor) => ({ username: a.username, fullName: a.fullName })

const TICKETS_COLUMNS: BulkColumn[] = [
  { name: 'id', type: 'BIGINT' },
  { name: 'tickets', type: 'TEXT' },
]

const TABLE_OF = { host: 'hosts', resource: 'resources', risk: 'risks' } satisfies Record<TicketTarget['object'], string>

/** Appends each new ticket id to its object's tickets (SPEC §3: the last is current), a few statements for many. */
async function appendTickets(tx: Kysely<Database>, added: { target: TicketTarget; ticketId: string }[]) {
  for (const a of added) a.target.tickets = [...a.target.tickets, a.ticketId]
  for (const object of ['host', 'resource', 'risk'] as const) {
    const rows = added.filter((a) => a.target.object === object).map((a) => [a.target.id, JSON.stringify(a.target.tickets)])
    await bulkUpdate(tx, TABLE_OF[object], TICKETS_COLUMNS, rows)
  }
}

async function ticketEvents(
  tx: Kysely<Database>,
  actor: Actor,
  items: { target: TicketTarget; ticket: Ticket; status: string; comment: string }[],
  at: number,
) {
  const rows = await writeEvents(
    tx,
    items.map((i) => ({
      type: 'ticket' as const,
      target: i.target,
      status: i.status,
      comment: i.comment,
      actor,
      start_time: at,
      ticket_id: i.ticket.ticket_id,
    })),
  )
  return rows.map(eventDelta) as FeedDelta[]
}

const firstOf =
  (write: ProviderWrite<Ticket[]>): ProviderWrite<Ticket> =>
  async (tx) =>
    (await write(tx))[0]

type Item = { target: TicketTarget; current?: Ticket }

/** Opens a ticket per target (checked with createRefusal), re-opening where the last one is closed. */
export async function createTickets(
  db: Kysely<Database>,
  providers: TicketProviders,
  actor: Actor,
  items: Item[],
  comment: string,
  at: number,
): Promise<Write<{ tickets: TicketAnswer[]; deltas: FeedDelta[] }>> {
  const opening: { group: Item[]; write: ProviderWrite<Ticket[]> }[] = []
  for (const [provider, group] of byProvider(providers, items, (i) => i.target)) {
    const requests = group.map((i) => ({
      subject: subjectOf(i.target),
      comment,
      author: authorOf(actor),
      previous: i.current?.ticket_id ?? null,
    }))
    opening.push({ group, write: await provider.open(db, requests, at) })
  }
  return async (tx) => {
    const opened = new Map<Item, Ticket>()
    for (const { group, write } of opening) (await write(tx)).forEach((tk, n) => opened.set(group[n], tk))
    const tickets = items.map((i) => opened.get(i)!)
    await appendTickets(
      tx,
      items.map((i, n) => ({ target: i.target, ticketId: tickets[n].ticket_id })),
    )
    const acknowledgeable = items.map((i) => i.target).filter((t): t is ActionTarget => t.object !== 'risk')
    const ack = await addAcknowledgements(tx, actor, acknowledgeable, { comment, persistent: false }, at)
    const events = await ticketEvents(
      tx,
      actor,
      items.map((i, n) => ({ target: i.target, ticket: tickets[n], status: i.current ? 'REOPENED' : 'CREATED', comment })),
      at,
    )
    return {
      tickets: tickets.map((tk, n): TicketAnswer => ({ ...tk, reopened: !!items[n].current, reacknowledged: false })),
      deltas: [...events, ...ack.deltas] as FeedDelta[],
    }
  }
}

/** SPEC §4 re-acknowledge one object (refused as reacknowledgeRefusal says). */
export async function reacknowledge(
  db: Kysely<Database>,
  providers: TicketProviders,
  scope: Scope,
  t: ActionTarget,
  at: number,
): Promise<Write<{ ticket: TicketAnswer; deltas: FeedDelta[] }>> {
  refuse(reacknowledgeRefusal(scope, t))
  const provider = providers.of(t)
  const current = (await currentTickets(db, providers, [t])).get(targetKey(t))
  const noted = !!current && !current.isClosed
  const write = noted
    ? await provider.addNote(
        db,
        current.ticket_id,
        { kind: 'reacknowledged', comment: REACKNOWLEDGED_COMMENT, author: authorOf(scope) },
        at,
      )
    : firstOf(
        await provider.open(
          db,
          [{ subject: subjectOf(t), comment: REACKNOWLEDGED_COMMENT, author: authorOf(scope), previous: current?.ticket_id ?? null }],
          at,
        ),
      )
  return async (tx) => {
    const ticket = await write(tx)
    if (!noted) await appendTickets(tx, [{ target: t, ticketId: ticket.ticket_id }])
    const ack = await addAcknowledgements(tx, scope, [t], { comment: REACKNOWLEDGED_COMMENT, persistent: false }, at)
    const events = await ticketEvents(tx, scope, [{ target: t, ticket, status: 'REACKNOWLEDGED', comment: REACKNOWLEDGED_COMMENT }], at)
    const answer: TicketAnswer = { ...ticket, reopened: !!current && current.isClosed, reacknowledged: true }
    return { ticket: answer, deltas: [...events, ...ack.deltas] as FeedDelta[] }
  }
}

/**
 * The object a ticket is about, by the ticket's id alone (its web_url page), and the ticket; one the caller may
 * not see reads as not found.
 */
export async function ticketTarget(
  db: Kysely<Database>,
  provider: TicketProvider,
  scope: Scope,
  ticketId: string,
): Promise<{ target: TicketTarget; ticket: Ticket }> {
  const [ticket] = await provider.get(db, [ticketId])
  if (!ticket) throw new ApiError('ticket_not_found', { ticket_id: ticketId })
  const target = await (
    ticket.risk_id !== null
      ? riskTargetOf(db, scope, ticket.risk_id)
      : targetOf(db, scope, ticket.resource_id === null ? { host_id: ticket.host_id } : { resource_id: ticket.resource_id })
  ).catch(() => fail('ticket_not_found', { ticket_id: ticketId }))
  return { target, ticket }
}

/** A ticket of this object; another object's (or an unknown) ticket reads as not found. */
export async function getTicket(db: Kysely<Database>, providers: TicketProviders, t: TicketTarget, ticketId: string): Promise<Ticket> {
  const [ticket] = t.tickets.includes(ticketId) ? await providers.of(t).get(db, [ticketId]) : []
  if (!ticket) throw new ApiError('ticket_not_found', { ticket_id: ticketId })
  return ticket
}

/** Every ticket of the objects (one, or a risk group's risks), each object's in order. */
export async function listTickets(db: Kysely<Database>, providers: TicketProviders, ...targets: TicketTarget[]) {
  const out: Ticket[] = []
  for (const [provider, group] of byProvider(providers, targets, itself))
    out.push(
      ...(await provider.get(
        db,
        group.flatMap((t) => t.tickets),
      )),
    )
  return out
}

/** SPEC §4 "note added" on an open ticket of the object. */
export async function addTicketNote(
  db: Kysely<Database>,
  providers: TicketProviders,
  actor: Actor,
  t: TicketTarget,
  ticketId: string,
  comment: string,
  at: number,
): Promise<Write<{ ticket: TicketAnswer; deltas: FeedDelta[] }>> {
  await getTicket(db, providers, t, ticketId)
  const write = await providers.of(t).addNote(db, ticketId, { kind: 'note', comment, author: authorOf(actor) }, at)
  return async (tx) => {
    const ticket = await write(tx)
    const deltas = await ticketEvents(tx, actor, [{ target: t, ticket, status: 'NOTE', comment }], at)
    return { ticket: { ...ticket, reopened: false, reacknowledged: false }, deltas }
  }
}

/** SPEC §4 close (with a reason, the comment). The id stays in the object's tickets: re-open recreates. */
export async function closeTicket(
  db: Kysely<Database>,
  providers: TicketProviders,
  actor: Actor,
  t: TicketTarget,
  ticketId: string,
  comment: string,
  at: number,
): Promise<Write<{ ticket: Ticket; deltas: FeedDelta[] }>> {
  await getTicket(db, providers, t, ticketId)
  const write = await providers.of(t).close(db, ticketId, comment, authorOf(actor), at)
  return async (tx) => {
    const ticket = await write(tx)
    return { ticket, deltas: await ticketEvents(tx, actor, [{ target: t, ticket, status: 'CLOSED', comment }], at) }
  }
}

/** POST hosts|resources/…/tickets: opens (or re-opens) the object's ticket. */
export async function openTicket(
  db: Kysely<Database>,
  providers: TicketProviders,
  scope: Scope,
  t: ActionTarget,
  comment: string,
  at: number,
): Promise<Write<{ ticket: TicketAnswer; deltas: FeedDelta[] }>> {
  const current = (await currentTickets(db, providers, [t])).get(targetKey(t))
  refuse(createRefusal(scope, t, current))
  const write = await createTickets(db, providers, scope, [{ target: t, current }], comment, at)
  return async (tx) => {
    const { tickets, deltas } = await write(tx)
    return { ticket: tickets[0], deltas }
  }
}
