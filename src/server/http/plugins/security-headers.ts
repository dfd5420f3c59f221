/**
 * Issue 13 "Headers and feed" (review L8): every response forbids inline scripts, framing and MIME sniffing,
 * and sends no referrer. A route with a stricter policy of its own (map SVG exports) keeps it.
 */
import fp from 'fastify-plugin'

/**
 * The app loads only its own files: scripts and styles from /assets, pictures also as data:/blob: URLs
 * (map images, exports), API and feed on this origin ('self' covers ws:/wss: of the same host). A configured
 * avatar service (issue 16, VIGIL_AVATAR_URL) adds its origin to img-src, and nothing else.
 */
const contentSecurityPolicy = (avatarOrigin?: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${avatarOrigin ? ` ${avatarOrigin}` : ''}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')

export const securityHeaders = fp<{ avatarUrl?: string }>(async (app, { avatarUrl }) => {
  const policy = contentSecurityPolicy(avatarUrl ? new URL(avatarUrl.replace('{hash}', '0')).origin : undefined)
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', policy)
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'no-referrer')
    reply.header('X-Frame-Options', 'DENY')
  })
})
