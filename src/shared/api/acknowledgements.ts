/**
 * SPEC §3 Acknowledgement and its payload, §5 "Acknowledge: comment required (trimmed)", §7
 * Acknowledgements: POST/GET/DELETE hosts/{host_id}/acknowledgements and resources/{resource_id}/acknowledgements.
 * Also the pieces every action path shares (path params, the object ids of SPEC §3 Payloads, comments).
 */
import { z } from 'zod'

export const HostIdParams = z.object({ host_id: z.coerce.number().int().positive() })
export const ResourceIdParams = z.object({ resource_id: z.coerce.number().int().positive() })

/** A required comment: trimmed, not empty (SPEC §5 Acknowledge, Maintenance, Ticket close). */
export const ActionComment = z.string().trim().min(1, 'a comment is required').max(4000)

/**
 * The object fields of SPEC §3 Payloads. The path names the object; ids sent besides must agree with it
 * (else validation_failed naming the field). Names are display text of the client and are not checked.
 */
export const ObjectFields = z.object({
  host_id: z.number().int().positive().nullish(),
  host_name: z.string().max(255).nullish(),
  resource_id: z.number().int().positive().nullish(),
  resource_name: z.string().max(255).nullish(),
  /** SPEC §7 "Multi-row submissions": set when more than one row was selected. */
  multi: z.boolean().optional(),
})

export const AcknowledgementBody = ObjectFields.extend({
  comment: ActionComment,
  /** SPEC §4: a persistent acknowledgement stays until the object is OK/UP again. */
  persistent: z.boolean().default(false),
})
export type AcknowledgementBody = z.infer<typeof AcknowledgementBody>

/** One acknowledgement in effect, as "view acknowledgements" shows it. */
export const Acknowledgement = z.object({
  id: z.number().int(),
  host_id: z.number().int(),
  host_name: z.string(),
  resource_id: z.number().int().nullable(),
  resource_name: z.string().nullable(),
  comment: z.string(),
  persistent: z.boolean(),
  username: z.string(),
  user_full_name: z.string(),
  created_time: z.number().int(),
})
export type Acknowledgement = z.infer<typeof Acknowledgement>

export const AcknowledgementList = z.object({ result: z.array(Acknowledgement), totalresults: z.number().int() })

/** DELETE answers how many acknowledgements (or downtimes) ended; removing none is not an error. */
export const Removed = z.object({ removed: z.number().int() })
