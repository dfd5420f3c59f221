/**
 * The built UI from dist/ (vite build): hashed assets cached for a year, index.html, the service worker
 * and maintenance.html never cached. Routes are hash-based, so any other non-API GET gets index.html.
 *
 * Hashed assets (scripts, stylesheets, fonts) are served from memory (read once; a hashed file never changes): a
 * file streamed from disk takes several turns of the event loop, and while a big request such as a 10,000-host
 * map's states runs in batches, each turn waits for a batch — a NOC wall's scripts arrived hundreds of ms late
 * (issue 7). @fastify/static also lists every folder on the path of each file it sends (366 entries in assets/):
 * the wall's two fonts cost about 50 ms of its server's event loop a first paint (issue 19).
 *
 * The build writes a brotli and a gzip copy beside each script and stylesheet (vite.config.ts, issue 19 "Fast
 * over any link"); the copy the browser accepts is sent, so nothing is compressed per request.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { negotiate } from '@fastify/accept-negotiator'
import fastifyStatic from '@fastify/static'
import type { ZodApp, RouteDeps } from '../types'
import { errorBody } from '../plugins/errors'

const NO_CACHE = new Set([
  'index.html',
  'service-worker.js',
  'maintenance.html',
  'maintenance.js',
  'maintenance.css',
  'offline.html',
  'offline.js',
  'version.json',
])
const IMMUTABLE = 'public, max-age=31536000, immutable'
const HASHED = /-[\w-]{8,}\.(js|css|woff2?)$/
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff2: 'font/woff2',
  woff: 'font/woff',
}
/** What the memory may hold at most; past it, files are read again (several releases' assets). */
const CACHE_BYTES = 64 * 1024 * 1024

/** The encodings the build writes beside an asset, by preference, with the file suffix of each. */
const ENCODINGS = ['br', 'gzip'] as const
type Encoding = (typeof ENCODINGS)[number]
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/** One hashed asset: its bytes, and the compressed copies the build made of it. */
interface Asset {
  body: Buffer
  encoded: Partial<Record<Encoding, Buffer>>
}

const readOrNull = (file: string) => fs.promises.readFile(file).catch(() => null)

/** Hashed assets by file name: contents read once, kept while they fit. */
function assetCache(dir: string) {
  const files = new Map<string, Promise<Asset | null>>()
  let bytes = 0
  const load = async (name: string): Promise<Asset | null> => {
    const file = path.join(dir, name)
    const [body, ...copies] = await Promise.all([readOrNull(file), ...ENCODINGS.map((e) => readOrNull(file + SUFFIX[e]))])
    if (!body) return null
    const encoded: Asset['encoded'] = {}
    ENCODINGS.forEach((e, i) => {
      if (copies[i]) encoded[e] = copies[i]
    })
    return { body, encoded }
  }
  return (name: string): Promise<Asset | null> => {
    let file = files.get(name)
    if (!file) {
      file = load(name).then((asset) => {
        if (!asset) {
          files.delete(name)
          return null
        }
        bytes += asset.body.length + (asset.encoded.br?.length ?? 0) + (asset.encoded.gzip?.length ?? 0)
        if (bytes > CACHE_BYTES) {
          files.clear()
          bytes = 0
        }
        return asset
      })
      files.set(name, file)
    }
    return file
  }
}

export async function uiRoutes(app: ZodApp, { config }: RouteDeps) {
  const hasUi = fs.existsSync(path.join(config.distDir, 'index.html'))
  if (hasUi) {
    const asset = assetCache(path.join(config.distDir, 'assets'))
    // Not part of the API: left out of the OpenAPI document, like the rest of the built UI.
    app.get('/assets/:file', { schema: { hide: true } }, async (req, reply) => {
      const name = (req.params as { file: string }).file
      if (!HASHED.test(name) || name.includes('/')) return reply.sendFile(`assets/${name}`)
      const body = await asset(name)
      // Not index.html, as for page addresses: a script that is not there must fail as one.
      if (!body) return reply.status(404).send(errorBody('not_found', { path: req.url.split('?')[0] }))
      const available = ENCODINGS.filter((e) => body.encoded[e])
      const encoding = available.length ? (negotiate(req.headers['accept-encoding'] ?? '', available) as Encoding | null) : null
      reply.header('Cache-Control', IMMUTABLE).header('Vary', 'Accept-Encoding').type(TYPES[path.extname(name).slice(1)])
      if (!encoding) return reply.send(body.body)
      return reply.header('Content-Encoding', encoding).send(body.encoded[encoding])
    })
    await app.register(fastifyStatic, {
      root: config.distDir,
      // index.html and other unhashed files: their build-time .br/.gz copies when the browser takes them.
      preCompressed: true,
      wildcard: true,
      setHeaders: (reply, file) => {
        const name = path.basename(file)
        reply.header('Cache-Control', NO_CACHE.has(name) ? 'no-cache' : HASHED.test(name) ? IMMUTABLE : 'public, max-age=3600')
      },
    })
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasUi) {
      return reply
        .status(404)
        .send(
          hasUi || req.url.startsWith('/api/')
            ? errorBody('not_found', { path: req.url.split('?')[0] })
            : errorBody('not_found', { reason: 'UI not built: run npm run build' }),
        )
    }
    reply.header('Cache-Control', 'no-cache')
    return reply.sendFile('index.html')
  })
}

/**
 * The build id of SPEC §3 Version record: a hash of the built index.html, which changes whenever any entry's
 * script or stylesheet changes. Read again when the file changes, so a new build copied into place while the
 * server runs reaches the browsers' version polling (SPEC §4) at once.
 */
export function buildId(distDir: string): string {
  try {
    return createHash('sha256')
      .update(fs.readFileSync(path.join(distDir, 'index.html')))
      .digest('hex')
      .slice(0, 12)
  } catch {
    return 'dev'
  }
}

/** `buildId`, read again only when index.html's modification time changes. */
export function currentBuild(distDir: string): () => string {
  let seen: { mtimeMs: number; build: string } | null = null
  return () => {
    const mtimeMs = fs.statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0
    if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, build: buildId(distDir) }
    return seen.build
  }
}
