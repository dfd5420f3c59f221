/**
 * Issue 16 (SPEC §3 User): the avatar comes from a configured avatar service keyed by the SHA-256 of the
 * lowercased username; off by default (closed networks), when the current user names no picture and the
 * Content-Security-Policy allows no other origin. Configured, img-src allows that one origin only.
 */
import { createHash } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'
import { adminClient } from '../helpers/api'
import { loadConfig } from '../../src/server/config'

const servers: TestServer[] = []
afterAll(() => Promise.all(servers.map((s) => s.close())))

async function me(env?: Record<string, string>) {
  const server = await startServer({ env })
  servers.push(server)
  const r = await (await adminClient(server)).get('/api/v1/users/current')
  return { user: r.body, csp: r.headers.get('content-security-policy') ?? '' }
}

describe('avatar (SPEC §3, issue 16)', () => {
  it('is off by default: no picture, and img-src names no outside origin', async () => {
    const { user, csp } = await me()
    expect(user.avatar_url).toBeUndefined()
    expect(csp).toContain("img-src 'self' data: blob:;")
  })

  it('comes from the configured service keyed by the hash of the lowercased username, whose origin alone img-src allows', async () => {
    const { user, csp } = await me({ VIGIL_AVATAR_URL: 'https://avatars.example.net/avatar/{hash}?d=404' })
    const hash = createHash('sha256').update(String(user.username).toLowerCase()).digest('hex')
    expect(user.avatar_url).toBe(`https://avatars.example.net/avatar/${hash}?d=404`)
    expect(csp).toContain("img-src 'self' data: blob: https://avatars.example.net;")
  })

  it('refuses a setting that is not an http(s) address with {hash}', () => {
    expect(() => loadConfig({ VIGIL_AVATAR_URL: 'javascript:alert(1)' })).toThrow(/VIGIL_AVATAR_URL/)
    expect(() => loadConfig({ VIGIL_AVATAR_URL: 'https://avatars.example.net/fixed.png' })).toThrow(/\{hash\}/)
  })
})
