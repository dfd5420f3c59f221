/**
 * The built UI from dist/ (vite build): hashed assets cached for a year, index.html, the service worker
 * and maintenance.html never cached. Routes are hash-based, so any other non-API GET gets index.html.
 */
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { ZodApp, RouteDeps } from '../types'
import { errorBody } from '../plugins/errors'

const NO_CACHE = new Set(['index.html', 'service-worker.js', 'maintenance.html', 'version.json'])

export async function uiRoutes(app: ZodApp, { config }: RouteDeps) {
  const hasUi = fs.existsSync(path.join(config.distDir, 'index.html'))
  if (hasUi) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: true,
      setHeaders: (reply, file) => {
        const name = path.basename(file)
        reply.header('Cache-Control', NO_CACHE.has(name) ? 'no-cache' : name.match(/-[\w-]{8,}\.(js|css)$/) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      },
    })
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasUi) {
      return reply.status(404).send(hasUi || req.url.startsWith('/api/') ? errorBody('not_found', { path: req.url.split('?')[0] }) : errorBody('not_found', { reason: 'UI not built: run npm run build' }))
    }
    reply.header('Cache-Control', 'no-cache')
    return reply.sendFile('index.html')
  })
}

/** The build id of SPEC §3 Version record: changes whenever the built UI changes. */
export function buildId(distDir: string): string {
  try {
    const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')
    const m = html.match(/assets\/index-([\w-]+)\.js/)
    return m ? m[1] : String(fs.statSync(path.join(distDir, 'index.html')).mtimeMs | 0)
  } catch {
    return 'dev'
  }
}
