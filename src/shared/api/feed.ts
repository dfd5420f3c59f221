/** Issue 13: a one-time ticket that opens the live feed's WebSocket (`GET /api/v1/feed?ticket=`). */
import { z } from 'zod'

export const FeedTicket = z.object({
  ticket: z.string(),
  /** unix seconds; the ticket opens one socket before then */
  expires_at: z.number().int(),
})
export type FeedTicket = z.infer<typeof FeedTicket>
