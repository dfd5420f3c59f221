/**
 * organizations/{id}/settings/tickets (issue 15 "Ticket providers"): an organization's ticket provider, and a
 * connection test of a setting before it is saved. Rights and validation in store/ticket-providers.ts.
 */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { TicketProviderSettings, TicketProviderTest, TicketProviderUpdate } from '../../../shared/api/ticket-providers'
import { draftTicketProviderConfig, getTicketProviderSettings, updateTicketProviderSettings } from '../../store/ticket-providers'
import { testRequestTracker } from '../../integrations/tickets/index'

export async function ticketProviderRoutes(app: ZodApp, { store, box }: RouteDeps) {
  const db = store.db
  const schema = { params: IdParams, response: { 200: TicketProviderSettings } }
  app.get('/:id/settings/tickets', { schema }, async (req) => getTicketProviderSettings(db, req.scope, req.params.id))
  app.put('/:id/settings/tickets', { schema: { ...schema, body: TicketProviderUpdate } }, async (req) =>
    updateTicketProviderSettings(db, req.scope, box, req.params.id, req.body),
  )
  // The body's Request Tracker fields (the stored token unless one is given), tried and not saved.
  app.post(
    '/:id/settings/tickets/test',
    { schema: { params: IdParams, body: TicketProviderUpdate, response: { 200: TicketProviderTest } } },
    async (req) => testRequestTracker(await draftTicketProviderConfig(db, req.scope, box, req.params.id, req.body)),
  )
}
