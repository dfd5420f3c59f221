/** The SPEC §7 client against a real HTTP server on loopback. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApiClient, type ApiClientDeps } from '../../../../src/app/api/api-client'
import { ApiFailure } from '../../../../src/app/api/api-failure'

let server: http.Server
let baseUrl: string
const seen: { url: string; authorization?: string; body: string }[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body })
      const path = (req.url ?? '').replace(/\?.*/, '')
      res.setHeader('X-Request-ID', 'req-1')
      if (path === '/api/v1/slow') return void setTimeout(() => res.end('{}'), 2000)
      if (path === '/api/v1/boom') {
        res.statusCode = 500
        return void res.end(JSON.stringify({ error: { key: 'internal_error', message: 'x', extra_info: {} } }))
      }
      if (path === '/api/v1/empty') {
        res.statusCode = 204
        return void res.end()
      }
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ ok: true, n: 1 }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function client(overrides: Partial<ApiClientDeps> = {}) {
  const reported: ApiFailure[] = []
  let sentToLogin = 0
  let token: string | null = 'tok'
  const c = createApiClient({
    baseUrl,
    getToken: () => token,
    onNoToken: () => void sentToLogin++,
    onFailure: (f) => void reported.push(f),
    timeoutMs: 300,
    ...overrides,
  })
  return { c, reported, loginCount: () => sentToLogin, setToken: (t: string | null) => (token = t) }
}

async function failure(p: Promise<unknown>): Promise<ApiFailure> {
  try {
    await p
  } catch (e) {
    if (e instanceof ApiFailure) return e
    throw e
  }
  throw new Error('expected the request to fail')
}

describe('API client (SPEC §7 shared client rules)', () => {
  it('calls the versioned root with the bearer token and query, and validates the answer', async () => {
    const { c } = client()
    const result = await c.request('hosts/', { query: { limit: 10, filter: undefined }, schema: z.object({ ok: z.boolean() }) })
    expect(result).toEqual({ ok: true })
    expect(seen.at(-1)).toMatchObject({ url: '/api/v1/hosts/?limit=10', authorization: 'Bearer tok' })
  })

  it('sends JSON bodies and accepts 204', async () => {
    const { c } = client()
    await expect(c.request('empty', { method: 'PUT', body: { preferences: { theme: 'flat' } } })).resolves.toBeUndefined()
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ preferences: { theme: 'flat' } })
  })

  it('rejects without token, sends to login and reports nothing', async () => {
    const { c, reported, loginCount, setToken } = client()
    setToken(null)
    const before = seen.length
    expect((await failure(c.request('users/current'))).kind).toBe('no_token')
    expect(loginCount()).toBe(1)
    expect(reported).toEqual([])
    expect(seen.length).toBe(before)
  })

  it('lets a path ending in ":forgot-password" through without token', async () => {
    const { c, setToken } = client()
    setToken(null)
    await c.request('users/jane:forgot-password', { method: 'POST', body: {} })
    expect(seen.at(-1)!.url).toBe('/api/v1/users/jane:forgot-password')
    expect(seen.at(-1)!.authorization).toBeUndefined()
  })

  it('passes failures with status, request id and body to the error handler', async () => {
    const { c, reported } = client()
    const f = await failure(c.request('boom'))
    expect(f).toMatchObject({ kind: 'http', status: 500, requestId: 'req-1' })
    expect(f.errorBody?.key).toBe('internal_error')
    expect(reported).toEqual([f])
  })

  it('errorHandlerEnabled: false silences a GET', async () => {
    const { c, reported } = client()
    await failure(c.request('boom', { errorHandlerEnabled: false }))
    expect(reported).toEqual([])
  })

  it('gives up after the timeout (SPEC §9: 10 s; here 300 ms)', async () => {
    const { c, reported } = client()
    const started = Date.now()
    expect((await failure(c.request('slow'))).kind).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(1500)
    expect(reported.map((r) => r.kind)).toEqual(['timeout'])
  })

  it('reports an abort by the caller as aborted', async () => {
    const { c } = client()
    const controller = new AbortController()
    const pending = c.request('slow', { signal: controller.signal })
    controller.abort()
    expect((await failure(pending)).kind).toBe('aborted')
  })

  it('has no status when nothing answers', async () => {
    const { c } = client({ baseUrl: 'http://127.0.0.1:1/api/v1/' })
    expect((await failure(c.request('x'))).kind).toBe('network')
  })

  it('rejects an answer that arrives after the token changed (SPEC §7 "token is not the latest")', async () => {
    let token = 'first'
    const c = createApiClient({ baseUrl, getToken: () => token, onNoToken: () => undefined, onFailure: () => undefined })
    const pending = c.request('hosts/')
    token = 'second'
    expect((await failure(pending)).kind).toBe('stale_token')
  })
})
