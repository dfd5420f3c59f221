/**
 * The built UI as the server ships it (routes/ui.ts): hashed assets cached for a year and served from memory
 * (issue 7: a wall's scripts must not wait behind a big map's states), index.html never cached, any other
 * page address answered with index.html (hash routes, SPEC §2), unknown assets a 404.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'

describe('the built UI', () => {
  let server: TestServer
  let dist: string
  const script = 'viewer-AbCd1234.js'

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-XyZw9876.js"></script>')
    fs.writeFileSync(path.join(dist, 'assets', script), 'export const answer = 42\n')
    fs.writeFileSync(path.join(dist, 'assets', 'theme-Qq11Ww22.css'), 'body{color:red}')
    server = await startServer({ env: { VIGIL_DIST_DIR: dist } })
  })
  afterAll(async () => {
    await server.close()
    fs.rmSync(dist, { recursive: true, force: true })
  })

  it('sends a hashed script with its type, cached for a year, the same however often it is asked for', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${server.baseUrl}/assets/${script}`)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await r.text()).toBe('export const answer = 42\n')
    }
    const css = await fetch(`${server.baseUrl}/assets/theme-Qq11Ww22.css`)
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(await css.text()).toBe('body{color:red}')
  })

  it('answers HEAD for an asset without a body', async () => {
    const r = await fetch(`${server.baseUrl}/assets/${script}`, { method: 'HEAD' })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await r.text()).toBe('')
  })

  it('answers a missing asset with 404, and does not reach outside the assets folder', async () => {
    expect((await fetch(`${server.baseUrl}/assets/gone-AbCd1234.js`)).status).toBe(404)
    const outside = await fetch(`${server.baseUrl}/assets/..%2Findex.html`)
    expect(outside.status).toBeGreaterThanOrEqual(400)
    expect(await outside.text()).not.toContain('<script')
  })

  it('serves index.html uncached at the root and for page addresses', async () => {
    for (const page of ['/', '/anything/else']) {
      const r = await fetch(`${server.baseUrl}${page}`)
      expect(r.status).toBe(200)
      expect(r.headers.get('cache-control')).toBe('no-cache')
      expect(await r.text()).toContain('/assets/index-XyZw9876.js')
    }
  })
})
