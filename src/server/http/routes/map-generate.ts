/**
 * Maps generated from data (issue 7 "New map from…"): POST maps/generate makes a map of an environment's
 * hosts, a tag's hosts, or a host and its children; POST maps/:id/sync adds the hosts that are new since.
 * The work (queries, layout, draft writes) is in store/map-generate.ts (STYLE.md: no SQL in route files).
 */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { GenerateMap, MapInfo } from '../../../shared/api/maps'
import { requireMap } from '../../store/maps'
import { generateMap, syncMap } from '../../store/map-generate'

export async function mapGenerateRoutes(app: ZodApp, { store }: RouteDeps) {
  const { db } = store
  app.post('/generate', { schema: { body: GenerateMap, response: { 201: MapInfo } } }, async (req, reply) => {
    const id = await generateMap(db, req.scope, req.body)
    return reply.status(201).send(await requireMap(db, req.scope, id))
  })

  app.post('/:id/sync', { schema: { params: IdParams, response: { 200: MapInfo } } }, async (req) => {
    await syncMap(db, req.scope, req.params.id)
    return requireMap(db, req.scope, req.params.id)
  })
}
