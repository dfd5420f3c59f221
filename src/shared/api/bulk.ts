/**
 * "Act on everything the current filter matches" (issue 4): one server-side request per action over the
 * hosts or resources a list filter selects (SPEC §5 filter language, the list protocol's advanced_filter),
 * instead of one request per row. Every matching object the caller may act on gets the action; the others
 * are listed as refused with the SPEC §8 key a single request would have answered.
 */
import { z } from 'zod'
import { AdvancedFilter } from '../filter'
import { AcknowledgementOptions, ActionComment } from './acknowledgements'
import { DowntimeFields } from './downtimes'

/** Most objects one bulk request may act on (SPEC §9 default selector limit). */
export const BULK_MAX = 9999

export const BulkTarget = z.object({
  target: z.enum(['hosts', 'resources']),
  /** required: `[]` is a conscious "everything in scope", never a forgotten filter */
  advanced_filter: AdvancedFilter,
  /** the environment filter of the caller's preferences (SPEC §3), narrowing the scope */
  environment_ids: z.array(z.number().int().positive()).max(10000).optional(),
})

export const BulkAcknowledgementBody = BulkTarget.extend(AcknowledgementOptions.shape)
export const BulkDowntimeBody = BulkTarget.extend(DowntimeFields.shape)
export const BulkTicketBody = BulkTarget.extend({ comment: ActionComment })

export const BulkResult = z.object({
  done: z.number().int(),
  refused: z.array(z.object({ id: z.number().int(), key: z.string() })),
})
export type BulkResult = z.infer<typeof BulkResult>
