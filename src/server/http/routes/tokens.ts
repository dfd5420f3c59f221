/** /tokens/ (issue 16 "Tokens", SPEC §3 API token, §5 Tokens): the current user's API tokens. The value is shown once. */
import type { ZodApp, RouteDeps } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { NoContent } from '../../../shared/api/list'
import { CreatedToken, TokenBody, TokenRow } from '../../../shared/api/tokens'
import { createApiToken, listApiTokens, revokeApiToken } from '../../store/tokens'
import { z } from 'zod'

export async function tokenRoutes(app: ZodApp, { store, bus }: RouteDeps) {
  app.get('/', { schema: { response: { 200: z.array(TokenRow) } } }, async (req) => listApiTokens(store.db, req.scope))
  app.post('/', { schema: { body: TokenBody, response: { 201: CreatedToken } } }, async (req, reply) =>
    reply.status(201).send(await createApiToken(store.db, req.scope, req.body)),
  )
  app.delete('/:id', { schema: { params: IdParams, response: { 204: NoContent } } }, async (req, reply) => {
    await revokeApiToken(store.db, req.scope, req.params.id)
    bus.endSession(req.params.id)
    return reply.status(204).send(null)
  })
}
