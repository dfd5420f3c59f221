/**
 * The built UI as the server ships it (routes/ui.ts): hashed assets cached for a year and served from memory
 * (issue 7: a wall's scripts must not wait behind a big map's states), index.html never cached, any other
 * page address answered with index.html (hash routes, SPEC §2), unknown assets a 404.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tokenOf } from '../helpers/api'
import { startServer, type TestServer } from '../helpers/server'

/** A GET that takes the bytes as they were sent (fetch would inflate them), with the headers asked for. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('the built UI', () => {
  let server: TestServer
  let dist: string
  const script = 'viewer-AbCd1234.js'
  const big = 'shell-Big12345.js'
  const bigScript = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i}\n`).join('')

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-XyZw9876.js"></script>')
    fs.writeFileSync(path.join(dist, 'assets', script), 'export const answer = 42\n')
    fs.writeFileSync(path.join(dist, 'assets', 'theme-Qq11Ww22.css'), 'body{color:red}')
    // What the build writes for a script over 1 KB (vite.config.ts precompress): the script and two copies.
    fs.writeFileSync(path.join(dist, 'assets', big), bigScript)
    fs.writeFileSync(path.join(dist, 'assets', `${big}.br`), zlib.brotliCompressSync(bigScript))
    fs.writeFileSync(path.join(dist, 'assets', `${big}.gz`), zlib.gzipSync(bigScript))
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

  it('sends a hashed font with its type and a year of caching, from memory after the first time (issue 19)', async () => {
    // Fonts are compressed already: the build writes no copies of them.
    const font = 'inter-latin-400-normal-C38fXH4l.woff2'
    const bytes = Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3])
    fs.writeFileSync(path.join(dist, 'assets', font), bytes)
    const first = await fetch(`${server.baseUrl}/assets/${font}`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(first.headers.get('content-type')).toBe('font/woff2')
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(first.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await first.arrayBuffer())).toEqual(bytes)
    // Not read from disk again: a hashed file never changes, and listing assets/ for each font cost the wall's server.
    fs.rmSync(path.join(dist, 'assets', font))
    const again = await fetch(`${server.baseUrl}/assets/${font}`)
    expect(again.status).toBe(200)
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes)
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

  it('sends the build-time brotli or gzip copy of a script to a browser that accepts it (issue 19)', async () => {
    const url = `${server.baseUrl}/assets/${big}`
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('Accept-Encoding')
    expect(br.body.length).toBeLessThan(bigScript.length / 4)
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(bigScript)

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(bigScript)

    for (const accept of [{} as Record<string, string>, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const plain = await rawGet(url, accept)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.toString()).toBe(bigScript)
    }
    // A script without copies (under 1 KB) is sent as it is, whatever the browser accepts.
    const small = await rawGet(`${server.baseUrl}/assets/${script}`, { 'accept-encoding': 'br' })
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('compresses an API answer over 1 KB on the fly, and leaves small ones alone (issue 19)', async () => {
    const token = await tokenOf(server, { username: 'admin', password: server.adminPassword })
    const auth = { authorization: `Bearer ${token}` }
    const plain = await rawGet(`${server.baseUrl}/api/v1/host-types`, auth)
    expect(plain.status).toBe(200)
    expect(plain.body.length).toBeGreaterThan(1024)
    const br = await rawGet(`${server.baseUrl}/api/v1/host-types`, { ...auth, 'accept-encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.body.length).toBeLessThan(plain.body.length / 3)
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()))
    const gz = await rawGet(`${server.baseUrl}/api/v1/host-types`, { ...auth, 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const small = await rawGet(`${server.baseUrl}/api/v1/organizations/1/quotas`, { ...auth, 'accept-encoding': 'br' })
    expect(small.status).toBe(200)
    expect(small.body.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})
