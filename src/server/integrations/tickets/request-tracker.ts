/**
 * Request Tracker 5 as a ticket provider (issue 15 "Ticket providers"), over its REST2 API (rt-api.ts). Ticket ids
 * are `RT-{number}`; web_url is RT's own page of the ticket. The SPEC §4 flow as the built-in desk has it:
 * - create: a ticket in the configured queue, subject as the built-in description, Priority by state (RT 5's
 *   Low 0 / Medium 50 / High 100) and the mapped custom fields; re-open (recreated): a new ticket that RefersTo
 *   the closed one;
 * - note and re-acknowledge: a comment, and status open when it was new (the built-in desk's "In progress");
 * - close: a comment with the reason, then status resolved.
 * RT statuses new, open and stalled are open; resolved, rejected and deleted are closed (isClosed). Vigil keeps
 * what RT does not (store/external-tickets.ts): the object, the opening comment (details), urgency, links.
 */
import type { Insertable, Kysely } from 'kysely'
import type { Database, ExternalTicketTable } from '../../store/db'
import { insertExternalTickets, readExternalTickets, type ExternalTicketRow } from '../../store/external-tickets'
import type { TicketProviderConfig } from '../../store/ticket-providers'
import { ApiError } from '../../../shared/errors'
import type { Ticket } from '../../../shared/api/tickets'
import type { TicketProviderTest } from '../../../shared/api/ticket-providers'
import type { OpenRequest, TicketAuthor, TicketProvider } from './provider'
import { describeSubject, priorityOf, urgencyOf } from './subject'
import { builtinTicketWebUrl } from './builtin'
import { rtApi, type RtTicket } from './rt-api'

const NAME = 'Request Tracker'
const KIND = 'request_tracker'

export const rtTicketNumber = (ticketId: string) => {
  const m = /^RT-(\d{1,12})$/.exec(ticketId)
  return m ? Number(m[1]) : null
}
const CREATING_AT_ONCE = 4
const CLOSED = new Set(['resolved', 'rejected', 'deleted'])
const PRIORITY_VALUE: Record<string, number> = { High: 100, Medium: 50, Low: 0 }
const priorityName = (value: number) => (value >= 75 ? 'High' : value >= 25 ? 'Medium' : 'Low')
/** RT writes an unset date as the epoch. */
const secondsOf = (iso: string) => {
  const ms = Date.parse(iso)
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : null
}
const signature = (author: TicketAuthor) => `${author.fullName || author.username} (${author.username}) in Vigil`

type Row = Omit<ExternalTicketRow, 'id'>

export function requestTrackerProvider(config: TicketProviderConfig): TicketProvider {
  const rt = rtApi(config)
  const webUrl = (ticketId: string) => {
    const n = rtTicketNumber(ticketId)
    return n === null ? builtinTicketWebUrl(ticketId) : `${config.baseUrl}/Ticket/Display.html?id=${n}`
  }

  function toTicket(row: Row, t: RtTicket, successors: string[]): Ticket {
    const isClosed = CLOSED.has(t.Status)
    const created = secondsOf(t.Created) ?? row.created_time
    return {
      ticket_id: row.ticket_id,
      id: t.id,
      workflowStateName: t.Status.charAt(0).toUpperCase() + t.Status.slice(1),
      supportGroupName: t.Queue.Name ?? config.queue,
      assigneeName: t.Owner.id === 'Nobody' ? '' : t.Owner.RealName || t.Owner.id,
      description: t.Subject,
      priorityName: priorityName(t.Priority),
      urgencyName: row.urgency_name,
      isClosed,
      details: row.details,
      provider: NAME,
      deployment: config.deployment,
      web_url: webUrl(row.ticket_id),
      ticket_links: [row.linked_ticket_id, ...successors].filter(Boolean).map((id) => ({ id, web_url: webUrl(id) })),
      host_id: row.host_id,
      resource_id: row.resource_id,
      risk_id: row.risk_id,
      created_time: created,
      updated_time: secondsOf(t.LastUpdated) ?? created,
      closed_time: isClosed ? (secondsOf(t.Resolved) ?? secondsOf(t.LastUpdated)) : null,
      // The conversation lives in RT (web_url); Vigil's steps are its ticket events.
      notes: [],
    }
  }

  async function read(db: Kysely<Database>, ticketIds: string[]): Promise<Ticket[]> {
    const mine = [...new Set(ticketIds.filter((id) => rtTicketNumber(id) !== null))]
    if (!mine.length) return []
    const { rows, successors } = await readExternalTickets(db, config.organizationId, mine)
    const found = await rt.tickets(rows.map((r) => r.external_id))
    const byId = new Map(rows.map((r) => [r.ticket_id, r]))
    return ticketIds.flatMap((id) => {
      const row = byId.get(id)
      const t = row && found.get(row.external_id)
      return row && t ? [toTicket(row, t, successors.get(id) ?? [])] : []
    })
  }

  /** An open ticket of this organization in RT, or the provider's own refusal (as the built-in desk's). */
  async function openOne(db: Kysely<Database>, ticketId: string, failure: 'ticket_add_failed' | 'ticket_delete_failed') {
    const [ticket] = await read(db, [ticketId])
    if (!ticket) throw new ApiError(failure, { reason: 'unknown_ticket', ticket_id: ticketId })
    if (ticket.isClosed) throw new ApiError(failure, { reason: 'ticket_closed', ticket_id: ticketId })
    return ticket
  }

  function createBody(q: OpenRequest) {
    const s = q.subject
    const mapped: [string | undefined, string | null][] = [
      [config.customFields.host, s.hostName],
      [config.customFields.resource, s.resourceName],
      [config.customFields.state, s.state.toUpperCase()],
    ]
    const customFields = Object.fromEntries(mapped.filter((m): m is [string, string] => Boolean(m[0] && m[1])))
    const previous = q.previous === null ? null : rtTicketNumber(q.previous)
    return {
      Queue: config.queue,
      Subject: describeSubject(s, 200),
      Content: `${q.comment}\n\n${describeSubject(s, 4000)}\n\n${q.previous ? 'Re-opened' : 'Opened'} by ${signature(q.author)}.`,
      ContentType: 'text/plain',
      Priority: PRIORITY_VALUE[priorityOf(s)],
      ...(Object.keys(customFields).length ? { CustomFields: customFields } : {}),
      ...(previous !== null ? { RefersTo: previous } : {}),
    }
  }

  return {
    name: NAME,
    owns: (ticketId) => rtTicketNumber(ticketId) !== null,

    async open(_db, requests, at) {
      // A few at a time: a bulk request may open many, and RT serves several requests at once.
      const numbers: number[] = []
      let next = 0
      const worker = async () => {
        for (let i = next++; i < requests.length; i = next++) numbers[i] = await rt.create(createBody(requests[i]))
      }
      await Promise.all(Array.from({ length: Math.min(CREATING_AT_ONCE, requests.length) }, worker))
      const rows: Row[] = requests.map((q, i) => {
        const n = numbers[i]
        return {
          organization_id: config.organizationId,
          ticket_id: `RT-${n}`,
          provider: KIND,
          external_id: n,
          host_id: q.subject.hostId,
          resource_id: q.subject.resourceId,
          risk_id: q.subject.riskId,
          hostgroup_id: q.subject.hostgroupId,
          urgency_name: urgencyOf(q.subject),
          details: q.comment,
          linked_ticket_id: q.previous ?? '',
          created_time: at,
        }
      })
      const found = await rt.tickets(rows.map((r) => r.external_id))
      const missing = rows.find((r) => !found.has(r.external_id))
      if (missing) throw new ApiError('ticket_system_error', { reason: `ticket ${missing.external_id} was created but cannot be read` })
      return async (tx) => {
        await insertExternalTickets(tx, rows as Insertable<ExternalTicketTable>[])
        return rows.map((r) => toTicket(r, found.get(r.external_id)!, []))
      }
    },

    async addNote(db, ticketId, note, _at) {
      const before = await openOne(db, ticketId, 'ticket_add_failed')
      await rt.comment(before.id, `${note.comment}\n\n${signature(note.author)}`)
      if (before.workflowStateName === 'New') await rt.setStatus(before.id, 'open')
      const [after] = await read(db, [ticketId])
      return async () => after ?? before
    },

    async close(db, ticketId, comment, author, _at) {
      const before = await openOne(db, ticketId, 'ticket_delete_failed')
      await rt.comment(before.id, `Closed by ${signature(author)}: ${comment}`)
      const messages = await rt.setStatus(before.id, 'resolved')
      const [after] = await read(db, [ticketId])
      if (!after?.isClosed)
        throw new ApiError('ticket_system_error', { reason: messages.join(' ') || `ticket ${before.id} was not resolved` })
      return async () => after
    },

    get: read,
  }
}

/** The "test connection" of the settings screen: RT answers with its version and knows the queue. */
export async function testRequestTracker(config: TicketProviderConfig): Promise<TicketProviderTest> {
  const rt = rtApi(config)
  return { version: await rt.version(), queue: await rt.queueName(config.queue) }
}
