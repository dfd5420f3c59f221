/** /events (SPEC §7 Events): the timeline query with every SPEC parameter, and events/{id}. */
import type { ZodApp, RouteDeps } from '../types'
import { EventIdParams, EventList, EventsQuery, TimelineEvent } from '../../../shared/api/events'
import { getEvent, listEvents } from '../../store/events'
import { now } from '../../store/json'

export async function eventRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/', { schema: { querystring: EventsQuery, response: { 200: EventList } } }, async (req) =>
    listEvents(store.db, store.dialect, req.scope, req.query, now()),
  )
  app.get('/:id', { schema: { params: EventIdParams, response: { 200: TimelineEvent } } }, async (req) =>
    getEvent(store.db, req.scope, req.params.id),
  )
}
