/**
 * Saved filters (SPEC §3 Saved filter, §5 Filters, §6): GET /filters/?location=…, POST /filters/,
 * GET and DELETE /filters/{guid}. Personal or organization-wide (user_read); see store/saved-filters.ts.
 */
import type { ZodApp, RouteDeps } from '../types'
import { GuidParams, SavedFilter, SavedFilterBody, SavedFilterList, SavedFilterQuery } from '../../../shared/api/filters'
import { NoContent } from '../../../shared/api/list'
import { createSavedFilter, deleteSavedFilter, getSavedFilter, listSavedFilters } from '../../store/saved-filters'

export async function filterRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/', { schema: { querystring: SavedFilterQuery, response: { 200: SavedFilterList } } }, async (req) =>
    listSavedFilters(store.db, req.scope, req.query.location),
  )
  app.get('/:guid', { schema: { params: GuidParams, response: { 200: SavedFilter } } }, async (req) =>
    getSavedFilter(store.db, req.scope, req.params.guid),
  )
  app.post('/', { schema: { body: SavedFilterBody, response: { 201: SavedFilter } } }, async (req, reply) =>
    reply.status(201).send(await createSavedFilter(store.db, req.scope, req.body)),
  )
  app.delete('/:guid', { schema: { params: GuidParams, response: { 204: NoContent } } }, async (req, reply) => {
    await deleteSavedFilter(store.db, req.scope, req.params.guid)
    return reply.status(204).send(null)
  })
}
