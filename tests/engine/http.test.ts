import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCheck } from '../../src/server/engine/checks'
import { http as httpKind } from '../../src/server/engine/checks/http'
import { closedPort, listen, LOOPBACK, type Listening } from '../fixtures/loopback'
import type { HttpConfig } from '../../src/server/engine/checks/http-request'

const PAGE = '<html><title>Vigil demo</title><p>Build 3.9.1 ready</p></html>'

// A small site whose paths answer with the status they name; /slow answers late and /hang never.
function site(): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname === '/hang') return
    if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 300)
      return
    }
    if (url.pathname === '/host') return res.end(`host=${req.headers.host} connection=${req.headers.connection}`)
    const code = Number(url.pathname.slice(1)) || 200
    res.writeHead(code, { 'content-type': 'text/html' })
    res.end(req.method === 'HEAD' ? undefined : PAGE)
  })
}

const run = (config: z.input<typeof HttpConfig>, timeoutMs = 2000) =>
  runCheck(httpKind, httpKind.config.parse(config), { timeoutMs, address: LOOPBACK })

// SPEC §3 agentless checks http, host option tags "HTTP status allowances"; issue 3.
describe('http check', () => {
  let server: Listening
  beforeAll(async () => {
    server = await listen(site())
  })
  afterAll(() => server.close())

  it('is OK for a 200 with status line, size and response time', async () => {
    const result = await run({ port: server.port })
    expect(result.status).toBe(0)
    expect(result.output).toMatch(new RegExp(`^HTTP OK: HTTP/1\\.1 200 OK - ${PAGE.length} bytes in \\d+\\.\\d{3} second response time$`))
    expect(result.perfdata.map((p) => [p.label, p.unit])).toEqual([
      ['time', 's'],
      ['size', 'B'],
    ])
    expect(result.perfdata[1].value).toBe(PAGE.length)
  })

  it('accepts redirects and warns on client errors, but a 5xx is CRITICAL (check_http defaults)', async () => {
    expect((await run({ port: server.port, path: '/301' })).status).toBe(0)
    const missing = await run({ port: server.port, path: '/404' })
    expect(missing.status).toBe(1)
    expect(missing.output).toMatch(/^HTTP WARNING: HTTP\/1\.1 404 Not Found - /)
    const broken = await run({ port: server.port, path: '/503' })
    expect(broken.status).toBe(2)
    expect(broken.output).toMatch(/^HTTP CRITICAL: HTTP\/1\.1 503 Service Unavailable/)
  })

  it('counts the SPEC §3 status allowances 401 and 404 as OK when configured', async () => {
    expect((await run({ port: server.port, path: '/401', allow_status: [401] })).status).toBe(0)
    expect((await run({ port: server.port, path: '/404', allow_status: [401, 404] })).status).toBe(0)
    // an allowance for one code does not excuse another
    expect((await run({ port: server.port, path: '/403', allow_status: [404] })).status).toBe(1)
  })

  it('makes any other status CRITICAL when exact statuses are expected', async () => {
    expect((await run({ port: server.port, path: '/201', expect_status: [201] })).status).toBe(0)
    const result = await run({ port: server.port, path: '/200', expect_status: [201, 204] })
    expect(result.status).toBe(2)
    expect(result.output).toContain('expected 201 or 204')
  })

  it('matches content by string and by regular expression', async () => {
    expect((await run({ port: server.port, content: 'Vigil demo' })).status).toBe(0)
    expect((await run({ port: server.port, content_regex: 'Build \\d+\\.\\d+\\.\\d+ ready' })).status).toBe(0)
    const missing = await run({ port: server.port, content: 'Welcome' })
    expect(missing.status).toBe(2)
    expect(missing.output).toContain('string "Welcome" not found')
    const noMatch = await run({ port: server.port, content_regex: '^Build' })
    expect(noMatch.status).toBe(2)
    expect(noMatch.output).toContain('pattern /^Build/ not found')
  })

  it('sends the configured Host header on a connection that closes after the request', async () => {
    const result = await run({
      port: server.port,
      path: '/host',
      host_header: 'intranet.example',
      content: 'host=intranet.example connection=close',
    })
    expect(result.status).toBe(0)
  })

  it('applies response-time thresholds', async () => {
    const result = await run({ port: server.port, path: '/slow', warn_s: 0.05, crit_s: 0.1 })
    expect(result.status).toBe(2)
    expect(result.perfdata[0].value).toBeGreaterThanOrEqual(0.29)
    expect(result.perfdata[0].crit).toEqual({ start: 0, end: 0.1, inside: false })
  })

  it('is CRITICAL when the server does not answer within the timeout', async () => {
    const result = await run({ port: server.port, path: '/hang' }, 250)
    expect(result).toEqual({
      status: 2,
      output: `HTTP CRITICAL - timed out after 0.25 s waiting for ${LOOPBACK} port ${server.port}`,
      perfdata: [],
    })
  })

  it('is CRITICAL with the reason when nothing listens', async () => {
    const port = await closedPort()
    const result = await run({ port })
    expect(result.status).toBe(2)
    expect(result.output).toBe(`HTTP CRITICAL - cannot connect to ${LOOPBACK} port ${port}: Connection refused`)
  })

  it('sends HEAD without reading a body', async () => {
    const result = await run({ port: server.port, method: 'HEAD' })
    expect(result.status).toBe(0)
    expect(result.perfdata[1].value).toBe(0)
  })
})
