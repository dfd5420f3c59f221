/** /events (SPEC §7 Events): the timeline query with every SPEC parameter, and events/{id}. */
import type { ZodApp, RouteDeps } from '../types'
import { EventIdParams, EventList, EventsQuery, TimelineEvent } from '../../../shared/api/events'
import { getEvent, listEventsJson } from '../../store/events'
import { now } from '../../store/json'
import { sendJsonText } from '../compressed-once'

export async function eventRoutes(app: ZodApp, { store }: RouteDeps) {
  // A page of 1000 events (SPEC §9), written as JSON by the database (store/event-json.ts): checking it against
  // EventList once more on the way out took longer than reading it (issue 20, bench/timeline), and the 700 KB are
  // compressed in one piece.
  app.get('/', { schema: { querystring: EventsQuery, response: { 200: EventList } } }, async (req, reply) =>
    sendJsonText(req, reply, await listEventsJson(store.reads, store.dialect, req.scope, req.query, now())),
  )
  app.get('/:id', { schema: { params: EventIdParams, response: { 200: TimelineEvent } } }, async (req) =>
    getEvent(store.db, store.dialect, req.scope, req.params.id),
  )
}
