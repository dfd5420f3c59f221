/**
 * Request Tracker 5's REST2 API (`{base}/REST/2.0/`, `Authorization: token …`) as far as Vigil uses it, with its
 * answers checked at the edge. What goes wrong is one of SPEC §8's two external ticket system errors: RT refused or
 * answered something else than asked (ticket_system_error, with RT's message), or it could not be asked: denied
 * target, no connection, time limit (ticket_system_unavailable). Never a 500.
 */
import { z } from 'zod'
import { ApiError } from '../../../shared/errors'
import { outboundJson, Unreachable } from '../outbound'
import type { TicketProviderConfig } from '../../store/ticket-providers'

/** The fields of a ticket Vigil reads (a search with `fields=`, Queue and Owner expanded by name). */
export const RtTicket = z.object({
  id: z.coerce.number().int(),
  Subject: z.string(),
  Status: z.string(),
  Priority: z.coerce.number().catch(0),
  Created: z.string(),
  LastUpdated: z.string(),
  Resolved: z.string(),
  Queue: z.object({ Name: z.string().optional() }).catch({}),
  Owner: z.object({ id: z.string(), RealName: z.string().optional() }).catch({ id: 'Nobody' }),
})
export type RtTicket = z.infer<typeof RtTicket>
const Page = z.object({ items: z.array(RtTicket) })
const Created = z.object({ id: z.coerce.number().int() })
const Messages = z.array(z.string()).catch([])

// A search answers at most 100 tickets a page (RT's per_page maximum).
const PAGE = 100
const READ_FIELDS = 'Subject,Status,Priority,Created,LastUpdated,Resolved,Queue,Owner'

/** RT's own words for a refusal: its `message`, else the start of what it sent. */
function refusal(status: number, body: unknown): string {
  const message = typeof body === 'object' && body && 'message' in body ? String(body.message) : typeof body === 'string' ? body : ''
  return `HTTP ${status}${message ? ` ${message.replace(/\s+/g, ' ').trim().slice(0, 200)}` : ''}`
}

const unexpected = (what: string) => new ApiError('ticket_system_error', { reason: `unexpected answer to ${what}` })

export function rtApi(config: TicketProviderConfig) {
  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, query: Record<string, string> = {}) {
    const url = new URL(`${config.baseUrl}/REST/2.0/${path}`)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    let res
    try {
      res = await outboundJson({
        method,
        url,
        headers: { authorization: `token ${config.token}`, accept: 'application/json', 'user-agent': 'Vigil tickets' },
        body,
        policy: config.policy,
        timeoutMs: config.timeoutS * 1000,
      })
    } catch (error) {
      if (error instanceof Unreachable) throw new ApiError('ticket_system_unavailable', { reason: error.message })
      throw error
    }
    if (res.status < 200 || res.status > 299)
      throw new ApiError('ticket_system_error', { status: res.status, reason: refusal(res.status, res.body) })
    return res.body
  }
  const parse = <T>(schema: z.ZodType<T>, what: string, body: unknown): T => {
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw unexpected(what)
    return parsed.data
  }

  return {
    /** Tickets by number; those RT does not show (deleted, another queue the token cannot see) are missing. */
    async tickets(numbers: number[]): Promise<Map<number, RtTicket>> {
      const found = new Map<number, RtTicket>()
      for (let i = 0; i < numbers.length; i += PAGE) {
        const part = numbers.slice(i, i + PAGE)
        const page = await call('GET', 'tickets', undefined, {
          query: part.map((n) => `id = ${n}`).join(' OR '),
          fields: READ_FIELDS,
          'fields[Queue]': 'Name',
          'fields[Owner]': 'RealName',
          per_page: String(PAGE),
        })
        for (const t of parse(Page, 'a ticket search', page).items) found.set(t.id, t)
      }
      return found
    },
    async create(ticket: Record<string, unknown>): Promise<number> {
      return parse(Created, 'creating a ticket', await call('POST', 'ticket', ticket)).id
    },
    async comment(n: number, text: string) {
      await call('POST', `ticket/${n}/comment`, { Content: text, ContentType: 'text/plain' })
    },
    /** Sets the status; RT answers 200 with its messages even when it refused, so they come back to be told. */
    async setStatus(n: number, status: string): Promise<string[]> {
      return Messages.parse(await call('PUT', `ticket/${n}`, { Status: status }))
    },
    async version(): Promise<string> {
      return parse(z.object({ Version: z.string() }), 'the version', await call('GET', 'rt')).Version
    },
    async queueName(queue: string): Promise<string> {
      return parse(z.object({ Name: z.string() }), 'the queue', await call('GET', `queue/${encodeURIComponent(queue)}`)).Name
    },
  }
}
