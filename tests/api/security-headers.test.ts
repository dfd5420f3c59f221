/**
 * Issue 13 "Headers and feed" (review L8): the app, its files and the API forbid inline scripts, framing
 * (clickjacking) and MIME sniffing, and send no referrer; the map SVG export keeps its stricter policy.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, uniq } from '../helpers/api'

function expectSecurityHeaders(r: Response) {
  const csp = r.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).not.toContain('unsafe-eval')
  for (const part of [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp).toContain(part)
  }
  expect(r.headers.get('x-content-type-options')).toBe('nosniff')
  expect(r.headers.get('referrer-policy')).toBe('no-referrer')
  expect(r.headers.get('x-frame-options')).toBe('DENY')
}

describe('security headers', () => {
  let dist: string
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'))
    fs.mkdirSync(path.join(dist, 'assets'))
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-XyZw9876.js"></script>')
    fs.writeFileSync(path.join(dist, 'assets', 'index-XyZw9876.js'), 'export const answer = 42\n')
  })
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))
  const {
    server,
    tenants: { t },
  } = useApiSuite('sqlite', { env: () => ({ VIGIL_DIST_DIR: dist }), tenants: { t: 'administrator' } })

  it('are sent with the app, a page address, an asset, version.json and the login page answer', async () => {
    for (const url of ['/', '/login', '/assets/index-XyZw9876.js', '/version.json']) {
      const r = await fetch(`${server.baseUrl}${url}`)
      expect(r.status, url).toBe(200)
      expectSecurityHeaders(r)
    }
  })

  it('are sent with API answers, errors included', async () => {
    const ok = await fetch(`${server.baseUrl}/api/v1/hosts/`, { headers: { authorization: `Bearer ${await tokenOf(server, t)}` } })
    expect(ok.status).toBe(200)
    expectSecurityHeaders(ok)
    const denied = await fetch(`${server.baseUrl}/api/v1/hosts/`)
    expect(denied.status).toBe(401)
    expectSecurityHeaders(denied)
  })

  it('keep the stricter policy of a map SVG export', async () => {
    const map = (await t.api.post('/api/v1/maps', { alias: uniq('map'), hostgroup_id: t.environmentId, layout: 2 })).body
    const r = await fetch(`${server.baseUrl}/api/v1/maps/${map.id}/export?format=svg&version=draft`, {
      headers: { authorization: `Bearer ${await tokenOf(server, t)}` },
    })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    expect(r.headers.get('x-frame-options')).toBe('DENY')
  })
})
