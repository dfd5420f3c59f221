/**
 * Ticket panels' rules (SPEC §2 "Create ticket", §4 Tickets, §5 "Ticket close: needs a comment; otherwise the
 * warning validation_failed", §3 Ticket payload: host_id, resource_id, risk_plugin_id, hostgroup_id, risk_id,
 * comment, ticket_id).
 */
import { COMMENT_REQUIRED, result, type FormResult, type MultiFlag } from './target'

/** What a ticket is about: a host, a resource, or a risk (by id, or by environment and plugin). */
export interface TicketSubject {
  host_id?: number
  resource_id?: number
  risk_id?: number
  hostgroup_id?: number
  risk_plugin_id?: number | string
  /** Host name, or the risk's name, for the title (SPEC §2 "title with host or risk name"). */
  name: string
  /** SPEC §2 "and optional resource name". */
  resource_name?: string
}

type SubjectIds = Pick<TicketSubject, 'host_id' | 'resource_id' | 'risk_id' | 'hostgroup_id' | 'risk_plugin_id'>

export interface CreateTicketPayload extends SubjectIds, MultiFlag {
  comment: string
}

export interface CloseTicketPayload extends SubjectIds {
  comment: string
  ticket_id: string
}

function subjectIds(subject: TicketSubject): SubjectIds {
  const { name: _name, resource_name: _resource, ...ids } = subject
  return Object.fromEntries(Object.entries(ids).filter(([, v]) => v !== undefined)) as SubjectIds
}

/** "host" or "host – resource", the subject part of the create-ticket title. */
export function ticketTitle(subject: TicketSubject): string {
  return subject.resource_name ? `${subject.name} – ${subject.resource_name}` : subject.name
}

/** A new ticket needs a comment too: the ticket service gets it as the first note (the server requires it). */
export function validateCreateTicket(comment: string, subjects: readonly TicketSubject[]): FormResult<CreateTicketPayload, 'comment'> {
  const trimmed = comment.trim()
  return result(trimmed === '' ? { comment: COMMENT_REQUIRED } : {}, () => subjects.map((s) => ({ ...subjectIds(s), comment: trimmed })))
}

export function validateCloseTicket(comment: string, subject: TicketSubject, ticketId: string): FormResult<CloseTicketPayload, 'comment'> {
  const trimmed = comment.trim()
  return result(trimmed === '' ? { comment: COMMENT_REQUIRED } : {}, () => [
    { ...subjectIds(subject), ticket_id: ticketId, comment: trimmed },
  ])
}

/**
 * The link to the ticket service: http(s), or a path of Vigil itself (the built-in service desk). A provider's
 * URL is outside data and must not become a `javascript:` link.
 */
export function safeTicketUrl(url: string | null | undefined): string | null {
  if (!url) return null
  if (/^[/#]/.test(url) && !url.startsWith('//')) return url
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
  } catch {
    return null
  }
}
