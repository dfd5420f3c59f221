/**
 * Bearer authentication for the protected context: `Authorization: Bearer <token>` → request.scope.
 * Registered only inside the protected context, so it never needs URL checks (STYLE.md). A wall token
 * (issue 16) reads with a narrowed scope and only the routes plugins/wall.ts lets through.
 */
import fp from 'fastify-plugin'
import { ApiError } from '../../../shared/errors'
import { resolveToken, type ResolvedToken } from '../../store/tokens'
import { scopeOfToken } from '../../store/wall-tokens'
import { checkWallRequest } from './wall'
import { languageOf } from '../language'
import type { RouteDeps } from '../types'

export function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return m?.[1]
}

export const auth = fp<RouteDeps>(async (app, { store }) => {
  app.decorateRequest('scope', null as never)
  app.decorateRequest('tokenId', 0)
  app.decorateRequest('token', null as never)
  app.addHook('onRequest', async (req) => {
    const token = bearerOf(req.headers.authorization)
    if (!token) throw new ApiError('unauthenticated', { reason: 'missing bearer token' })
    const found = await resolveToken(store.db, token, req.ip)
    // Issue 16: a token that was sent but is unknown, expired or revoked is SPEC §8 invalid_token.
    if (!found) throw new ApiError('invalid_token', { reason: 'unknown, expired or revoked token' })
    req.tokenId = found.tokenId
    req.token = found
    req.scope = { ...(await scopeOfToken(store.db, found)), language: languageOf(req.headers['accept-language']) }
    if (found.wall) await checkWallRequest(store.db, req.scope, found.wall, req)
  })
})

declare module 'fastify' {
  interface FastifyRequest {
    /** The token the request came with (kind, expiry, a wall's maps). */
    token: ResolvedToken
  }
}
