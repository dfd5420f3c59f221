/**
 * The built-in service desk: a ticket provider that keeps tickets in Vigil's own database, so the whole
 * SPEC §4 ticket flow works without an external system. Ticket ids are `VIG-000123`; web_url points at
 * the Vigil page that shows a ticket (`/#/tickets/{ticket_id}`). Workflow: New → In progress (first
 * note) → Closed. Priority and urgency follow the object's state when the ticket is opened.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../store/db'
import {
  insertServiceDeskNotes,
  insertServiceDeskTickets,
  readServiceDeskTickets,
  serviceDeskTicket,
  ticketIdOf,
  updateServiceDeskTicket,
  type ServiceDeskNoteRow,
  type ServiceDeskTicketRow,
} from '../../store/service-desk'
import { ApiError } from '../../../shared/errors'
import type { Ticket } from '../../../shared/api/tickets'
import type { OpenRequest, TicketProvider } from './provider'
import { describeSubject, priorityOf, urgencyOf } from './subject'

const NAME = 'Vigil service desk'
const SUPPORT_GROUP = 'Service desk'

const numberOf = (ticketId: string) => {
  const m = /^VIG-(\d{1,12})$/.exec(ticketId)
  return m ? Number(m[1]) : null
}
/** The Vigil page of a built-in ticket. */
export const builtinTicketWebUrl = (ticketId: string) => `/#/tickets/${encodeURIComponent(ticketId)}`

async function read(db: Kysely<Database>, ticketIds: string[]): Promise<Ticket[]> {
  const nums = [...new Set(ticketIds.map(numberOf).filter((n): n is number => n !== null))]
  const { rows, notes, successors } = await readServiceDeskTickets(db, nums)
  const byId = new Map(rows.map((r) => [ticketIdOf(r.id), r]))
  return ticketIds.flatMap((tid) => {
    const r = byId.get(tid)
    // Links: the ticket this one recreates, and those that recreate it.
    return r ? [toTicket(r, notes.get(r.id) ?? [], [r.linked_ticket_id, ...(successors.get(tid) ?? [])].filter(Boolean))] : []
  })
}

function toTicket(r: ServiceDeskTicketRow, notes: ServiceDeskNoteRow[], links: string[]): Ticket {
  const ticketId = ticketIdOf(r.id)
  return {
    ticket_id: ticketId,
    id: r.id,
    workflowStateName: r.workflow_state_name,
    supportGroupName: r.support_group_name,
    assigneeName: r.assignee_name,
    description: r.description,
    priorityName: r.priority_name,
    urgencyName: r.urgency_name,
    isClosed: r.is_closed === 1,
    details: r.details,
    provider: NAME,
    // Vigil's own desk is as production as Vigil (SPEC §3 deployment colouring marks other deployments).
    deployment: 'production',
    web_url: builtinTicketWebUrl(ticketId),
    ticket_links: links.map((id) => ({ id, web_url: builtinTicketWebUrl(id) })),
    host_id: r.host_id,
    resource_id: r.resource_id,
    risk_id: r.risk_id,
    created_time: r.created_time,
    updated_time: r.updated_time,
    closed_time: r.closed_time,
    notes: notes.map((n) => ({
      kind: n.kind,
      comment: n.comment,
      username: n.username,
      user_full_name: n.user_full_name,
      created_time: n.created_time,
    })),
  }
}

async function one(db: Kysely<Database>, ticketId: string, failure: 'ticket_add_failed' | 'ticket_delete_failed') {
  const n = numberOf(ticketId)
  const row = n === null ? undefined : await serviceDeskTicket(db, n)
  if (!row) throw new ApiError(failure, { reason: 'unknown_ticket', ticket_id: ticketId })
  if (row.is_closed === 1) throw new ApiError(failure, { reason: 'ticket_closed', ticket_id: ticketId })
  return row
}

async function openInDatabase(db: Kysely<Database>, requests: OpenRequest[], at: number): Promise<Ticket[]> {
  const subjectKey = (hostId: number, resourceId: number | null, riskId: number | null) => `${hostId}:${resourceId ?? ''}:${riskId ?? ''}`
  const ids: string[] = []
  // Multi-row inserts: a bulk request opens thousands at once. Returned rows are matched to requests by
  // subject (and by id order for the same subject), not by RETURNING order, which neither database promises.
  for (let i = 0; i < requests.length; i += 300) {
    const part = requests.slice(i, i + 300)
    const rows = await insertServiceDeskTickets(
      db,
      part.map(({ subject: s, comment, author, previous }) => ({
        host_id: s.hostId,
        resource_id: s.resourceId,
        risk_id: s.riskId,
        hostgroup_id: s.hostgroupId,
        workflow_state_name: 'New',
        support_group_name: SUPPORT_GROUP,
        description: describeSubject(s, 4000),
        priority_name: priorityOf(s),
        urgency_name: urgencyOf(s),
        details: comment,
        linked_ticket_id: previous ?? '',
        username: author.username,
        created_time: at,
        updated_time: at,
      })),
    )
    const bySubject = new Map<string, number[]>()
    for (const r of rows.sort((x, y) => x.id - y.id)) {
      const key = subjectKey(r.host_id, r.resource_id, r.risk_id)
      bySubject.set(key, [...(bySubject.get(key) ?? []), r.id])
    }
    const refs = part.map((q) => bySubject.get(subjectKey(q.subject.hostId, q.subject.resourceId, q.subject.riskId))!.shift()!)
    await insertServiceDeskNotes(
      db,
      part.map((q, n) => ({
        ticket_ref: refs[n],
        kind: q.previous ? 'reopened' : 'created',
        comment: q.comment,
        username: q.author.username,
        user_full_name: q.author.fullName,
        created_time: at,
      })),
    )
    ids.push(...refs.map(ticketIdOf))
  }
  return read(db, ids)
}

/** Every step of the built-in desk happens in the action's transaction. */
export const builtinProvider: TicketProvider = {
  name: NAME,
  owns: (ticketId) => numberOf(ticketId) !== null,

  open: async (_db, requests, at) => (tx) => openInDatabase(tx, requests, at),

  addNote: async (_db, ticketId, note, at) => async (tx) => {
    const row = await one(tx, ticketId, 'ticket_add_failed')
    await insertServiceDeskNotes(tx, [
      {
        ticket_ref: row.id,
        kind: note.kind,
        comment: note.comment,
        username: note.author.username,
        user_full_name: note.author.fullName,
        created_time: at,
      },
    ])
    await updateServiceDeskTicket(tx, row.id, { workflow_state_name: 'In progress', updated_time: at })
    return (await read(tx, [ticketId]))[0]
  },

  close: async (_db, ticketId, comment, author, at) => async (tx) => {
    const row = await one(tx, ticketId, 'ticket_delete_failed')
    await insertServiceDeskNotes(tx, [
      { ticket_ref: row.id, kind: 'closed', comment, username: author.username, user_full_name: author.fullName, created_time: at },
    ])
    await updateServiceDeskTicket(tx, row.id, { is_closed: 1, workflow_state_name: 'Closed', closed_time: at, updated_time: at })
    return (await read(tx, [ticketId]))[0]
  },

  get: read,
}
