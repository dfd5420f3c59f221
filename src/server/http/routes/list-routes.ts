/** GET {base} and GET {base}grouped of SPEC §7, registered once per entity from its EntityDef. */
import type { ZodApp } from '../types'
import type { Store } from '../../store/db'
import { GroupedQuery, ListQuery, groupEntities, listEntities, type EntityDef } from '../../store/list'

export function registerListRoutes(app: ZodApp, store: Store, def: EntityDef<any, any>) {
  app.get('/', { schema: { querystring: ListQuery } }, async (req) => listEntities(store.db, store.dialect, def, req.scope, req.query))
  app.get('/grouped', { schema: { querystring: GroupedQuery } }, async (req) => groupEntities(store.db, store.dialect, def, req.scope, req.query))
}
