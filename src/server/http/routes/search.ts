/** GET /search?query=…&environment_ids=1,2 (SPEC §7 Search; response of SPEC §3, store/search.ts). */
import type { ZodApp, RouteDeps } from '../types'
import { SearchQuery, SearchResponse } from '../../../shared/api/search'
import { search } from '../../store/search'

export async function searchRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/', { schema: { querystring: SearchQuery, response: { 200: SearchResponse } } }, async (req) =>
    search({ db: store.db, dialect: store.dialect, scope: req.scope, term: req.query.query, environmentIds: req.query.environment_ids }),
  )
}
