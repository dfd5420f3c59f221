/** /wall-tokens/ (issue 16 "Wall tokens"): read-only tokens for NOC walls, issued by an environment's administrators. */
import { z } from 'zod'
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { CreatedWallToken, WallTokenBody, WallTokenQuery, WallTokenRow } from '../../../shared/api/tokens'
import { createWallToken, listWallTokens, revokeWallToken } from '../../store/wall-tokens'

export async function wallTokenRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  app.get('/', { schema: { querystring: WallTokenQuery, response: { 200: z.array(WallTokenRow) } } }, async (req) =>
    listWallTokens(store.db, req.scope, req.query.hostgroup_id),
  )
  app.post('/', { schema: { body: WallTokenBody, response: { 201: CreatedWallToken } } }, async (req, reply) =>
    reply.status(201).send(await createWallToken(store.db, req.scope, req.body)),
  )
  // Revoked at once: the next request is refused and the wall's open feed sockets close (as at logout).
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await revokeWallToken(store.db, req.scope, req.params.id)
    bus.endSession(req.params.id)
    return reply.status(204).send(null)
  })
}
