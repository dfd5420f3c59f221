/** Protected: POST /feed/ticket hands out the one-time ticket that opens the live feed (feed/gate.ts). */
import type { ZodApp, RouteDeps } from '../types'
import { FeedTicket } from '../../../shared/api/feed'
import type { FeedGate } from '../../feed/gate'

export async function feedTicketRoutes(app: ZodApp, { gate }: RouteDeps & { gate: FeedGate }) {
  app.post('/ticket', { schema: { response: { 200: FeedTicket } } }, async (req) => gate.issue(req.tokenId))
}
