/** GET {base} and GET {base}grouped of SPEC §7, registered once per entity from its EntityDef. */
import type { z } from 'zod'
import type { ZodApp } from '../types'
import type { Store } from '../../store/db'
import { GroupedQuery, ListQuery, groupEntities, listEntities, type EntityDef } from '../../store/list'
import { groupedOf, listOf } from '../../../shared/api/list'

/** `row`: the entity's SPEC §3 row schema from src/shared/api; the list and grouped responses are built from it (OpenAPI names its fields). */
export function registerListRoutes(app: ZodApp, store: Store, def: EntityDef<any, any>, row: z.ZodObject) {
  app.get('/', { schema: { querystring: ListQuery, response: { 200: listOf(row) } } }, async (req) =>
    listEntities(store.reads, store.dialect, def, req.scope, req.query),
  )
  app.get('/grouped', { schema: { querystring: GroupedQuery, response: { 200: groupedOf(row) } } }, async (req) =>
    groupEntities(store.reads, store.dialect, def, req.scope, req.query),
  )
}
