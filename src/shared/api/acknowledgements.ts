/**
 * SPEC §3 Acknowledgement and its payload, §5 "Acknowledge: comment required (trimmed)", §7
 * Acknowledgements: POST/GET/DELETE hosts/{host_id}/acknowledgements and resources/{resource_id}/acknowledgements.
 * Also the pieces every action path shares (path params, the object ids of SPEC §3 Payloads, comments).
 */
import { z } from 'zod'

export const HostIdParams = z.object({ host_id: z.coerce.number().int().positive() })
export const ResourceIdParams = z.object({ resource_id: z.coerce.number().int().positive() })

/**
 * SPEC §8 disallowed_comment: a comment must say something a person can read: at least one letter or digit,
 * and no control characters other than line breaks and tabs.
 */
export function isAllowedComment(comment: string): boolean {
  // \p{Cc} is every control character; line breaks and tabs are allowed.
  return /[\p{L}\p{N}]/u.test(comment) && !/[^\P{Cc}\t\n\r]/u.test(comment)
}

/** A required comment: trimmed, not empty (SPEC §5 Acknowledge, Maintenance, Ticket close), allowed (SPEC §8). */
export const ActionComment = z
  .string()
  .trim()
  .min(1, 'a comment is required')
  .max(4000)
  // An empty comment is the min rule's (validation_failed), not this one's.
  .refine((c) => c === '' || isAllowedComment(c), { message: 'this comment is not allowed', params: { key: 'disallowed_comment' } })

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

/** What an acknowledgement says besides its object (SPEC §3 payload, issue 17 acknowledge options). */
export const AcknowledgementOptions = z.object({
  comment: ActionComment,
  /** SPEC §4: a persistent (sticky) acknowledgement stays until the object is OK/UP again; else until the next state change. */
  persistent: z.boolean().default(false),
  /** Contacts are told of the acknowledgement (a notification event on the timeline). */
  notify: z.boolean().default(false),
  /** Unix seconds in the future: the acknowledgement ends then, whatever the state. */
  expire_time: z.number().int().positive().nullish(),
  /** The comment stays shown (view acknowledgements) after the acknowledgement ended. */
  persistent_comment: z.boolean().default(false),
})
export type AcknowledgementOptions = z.infer<typeof AcknowledgementOptions>

export const AcknowledgementBody = ObjectFields.extend(AcknowledgementOptions.shape)
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
  notify: z.boolean(),
  expire_time: z.number().int().nullable(),
  persistent_comment: z.boolean(),
  username: z.string(),
  user_full_name: z.string(),
  created_time: z.number().int(),
  /** Null while in effect; set for an ended acknowledgement kept for its persistent comment. */
  ended_time: z.number().int().nullable(),
  /** replaced, removed, state_change, recovered or expired; empty while in effect. */
  end_reason: z.string(),
})
export type Acknowledgement = z.infer<typeof Acknowledgement>

export const AcknowledgementList = z.object({ result: z.array(Acknowledgement), totalresults: z.number().int() })

/** DELETE answers how many acknowledgements (or downtimes) ended; removing none is not an error. */
export const Removed = z.object({ removed: z.number().int() })
