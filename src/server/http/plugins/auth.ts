/**
 * Bearer authentication for the protected context: `Authorization: Bearer <token>` → request.scope.
 * Registered only inside the protected context, so it never needs URL checks (STYLE.md).
 */
import fp from 'fastify-plugin'
import { ApiError } from '../../../shared/errors'
import { resolveToken } from '../../store/tokens'
import { loadScope } from '../../store/scope'
import type { RouteDeps } from '../types'

export function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return m?.[1]
}

export const auth = fp<RouteDeps>(async (app, { store }) => {
  app.decorateRequest('scope', null as never)
  app.decorateRequest('tokenId', 0)
  app.addHook('onRequest', async (req) => {
    const token = bearerOf(req.headers.authorization)
    if (!token) throw new ApiError('unauthenticated', { reason: 'missing bearer token' })
    const found = await resolveToken(store.db, token)
    if (!found) throw new ApiError('unauthenticated', { reason: 'unknown or expired token' })
    req.tokenId = found.tokenId
    req.scope = await loadScope(store.db, found.userId)
  })
})
