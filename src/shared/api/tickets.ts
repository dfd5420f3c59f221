/**
 * SPEC §3 Ticket and its payload, §4 Tickets (create, note, re-acknowledge, re-open, close), §7 Tickets:
 * GET/POST hosts/{host_id}/tickets[/{ticket_id}], resources/{resource_id}/tickets[/{ticket_id}], and
 * DELETE …/tickets/{ticket_id} with body {comment} (close); for risks GET/POST/DELETE risks/{risk_id}/tickets
 * and risks/{hostgroup_id}/{risk_plugin_id}/tickets (a risk group: one ticket per risk, `ticket_ids`).
 */
import { z } from 'zod'
import { ActionComment, ObjectFields } from './acknowledgements'
import { ErrorKey } from '../errors'
import { PluginId } from './risks'
import { Deployment } from './ticket-providers'

/** SPEC §4: the comment of a re-acknowledgement. */
export const REACKNOWLEDGED_COMMENT = 'Re-acknowledged'

export const TicketIdParam = z.object({ ticket_id: z.string().min(1).max(40) })

/**
 * POST …/tickets creates a ticket (or re-opens: a new ticket linked to the closed last one) and needs a
 * comment; with `reacknowledged: true` it re-acknowledges instead (SPEC §4), comment optional.
 * POST …/tickets/{ticket_id} adds the comment as a note. risk_* and hostgroup_id are for risk tickets.
 */
export const TicketBody = ObjectFields.extend({
  comment: z.string().trim().max(4000).optional(),
  ticket_id: z.string().max(40).optional(),
  reacknowledged: z.boolean().optional(),
  hostgroup_id: z.number().int().positive().nullish(),
  risk_id: z.union([z.number(), z.string().max(100)]).nullish(),
  risk_plugin_id: z.union([z.number(), z.string().max(100)]).nullish(),
})
export type TicketBody = z.infer<typeof TicketBody>

/** SPEC §5 Ticket close: a comment is required. DELETE bodies are optional on the wire, so absent = {}. */
export const TicketCloseBody = z.preprocess((v) => v ?? {}, z.object({ comment: ActionComment }))

export const TicketNote = z.object({
  kind: z.string(),
  comment: z.string(),
  username: z.string(),
  user_full_name: z.string(),
  created_time: z.number().int(),
})

/** SPEC §3 Ticket (field names as the SPEC spells them). */
export const Ticket = z.object({
  ticket_id: z.string(),
  id: z.number().int(),
  workflowStateName: z.string(),
  supportGroupName: z.string(),
  assigneeName: z.string(),
  description: z.string(),
  priorityName: z.string(),
  urgencyName: z.string(),
  isClosed: z.boolean(),
  details: z.string(),
  provider: z.string(),
  /** the deployment of the ticket system (SPEC §3 "shown as deployment environments, colour-coded") */
  deployment: Deployment,
  /** the ticket in its ticket system: a Vigil page for the built-in provider, RT's own page for Request Tracker */
  web_url: z.string(),
  ticket_links: z.array(z.object({ id: z.string(), web_url: z.string() })),
  host_id: z.number().int(),
  resource_id: z.number().int().nullable(),
  /** the risk a ticket is about (SPEC §7 risks/…/tickets); null for host and resource tickets */
  risk_id: z.number().int().nullable(),
  created_time: z.number().int(),
  updated_time: z.number().int(),
  closed_time: z.number().int().nullable(),
  notes: z.array(TicketNote),
})
export type Ticket = z.infer<typeof Ticket>

/** POST answers the ticket, whether it was re-opened (recreated) and whether it was a re-acknowledgement. */
export const TicketPostResponse = Ticket.extend({ reopened: z.boolean(), reacknowledged: z.boolean() })
export const TicketList = z.object({ result: z.array(Ticket), totalresults: z.number().int() })
export const TicketCloseResponse = z.object({ ticket_id: z.string() })

export const RiskTicketParams = z.object({ risk_id: z.coerce.number().int().positive() })
export const RiskGroupTicketParams = z.object({ hostgroup_id: z.coerce.number().int().positive(), risk_plugin_id: PluginId })

/**
 * One risk of a group in the answer to POST risks/{hostgroup_id}/{risk_plugin_id}/tickets (SPEC §7 "a list
 * with id and reopened; entries may be error codes"): the ticket opened for it, or why it got none, as a
 * SPEC §8 key that browsers show as `errors.{code}` (reason in extra_info, e.g. ticket_open, no_host_info).
 */
export const RiskTicketEntry = z.union([
  z.object({ risk_id: z.number().int(), id: z.string(), reopened: z.boolean() }),
  z.object({ risk_id: z.number().int(), error: ErrorKey, extra_info: z.record(z.string(), z.unknown()) }),
])
export type RiskTicketEntry = z.infer<typeof RiskTicketEntry>
export const RiskGroupTicketResponse = z.object({ ticket_ids: z.array(RiskTicketEntry) })
/** DELETE risks/{hostgroup_id}/{risk_plugin_id}/tickets: the tickets closed. */
export const TicketIdsResponse = z.object({ ticket_ids: z.array(z.string()) })
