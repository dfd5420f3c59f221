import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client } from '../helpers/api'

describe.each(DATABASES)('auth on %s', (db) => {
  const { server, admin, addTenant } = useApiSuite(db)

  it('logs the admin in with a bearer token that opens the API and carries X-Request-ID', async () => {
    const me = await admin.get('/api/v1/users/current')
    expect(me.status).toBe(200)
    expect(me.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(me.body.username).toBe('admin')
    expect(me.body.allowed_modules).toContain('admin')
    expect(me.body.allowed_environments.map((e: { name: string }) => e.name)).toContain('Local')
    expect(me.body.allowed_environments[0].allowed_actions).toContain('maps_write')
    expect(me.body.preferences.page_size).toBe(50) // SPEC §3 default
  })

  it('refuses a wrong password with login feedback code 1 (SPEC §8)', async () => {
    const r = await client(server.baseUrl).post('/api/v1/auth/login', { username: 'admin', password: 'wrong' })
    expect(r.status).toBe(401)
    expect(r.body.error).toMatchObject({ key: 'unauthenticated', extra_info: { login_feedback: 1 } })
  })

  it('refuses an unknown user exactly like a wrong password', async () => {
    const r = await client(server.baseUrl).post('/api/v1/auth/login', { username: 'nobody', password: 'x' })
    expect(r.status).toBe(401)
    expect(r.body.error.extra_info.login_feedback).toBe(1)
  })

  it('rate limits repeated login attempts with code 5', async () => {
    const anon = client(server.baseUrl)
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await anon.post('/api/v1/auth/login', { username: 'rate-limited-user', password: 'x' })).status)
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    const limited = await anon.post('/api/v1/auth/login', { username: 'rate-limited-user', password: 'x' })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatchObject({ key: 'rate_limited', extra_info: { login_feedback: 5 } })
  })

  it('answers 401 without a token, with a bad token, and after logout', async () => {
    expect((await client(server.baseUrl).get('/api/v1/users/current')).status).toBe(401)
    const bad = await client(server.baseUrl, 'not-a-token').get('/api/v1/hosts/')
    expect(bad.status).toBe(401)
    expect(bad.body.error.key).toBe('invalid_token')
    const t = await addTenant()
    expect((await t.api.post('/api/v1/auth/logout')).status).toBe(204)
    expect((await t.api.get('/api/v1/users/current')).status).toBe(401)
  })

  it('rejects a malformed login body with validation_failed naming the field', async () => {
    const r = await client(server.baseUrl).post('/api/v1/auth/login', { username: 'admin' })
    expect(r.status).toBe(400)
    expect(r.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'body.password' } })
  })

  it('saves preferences and keeps unknown custom_filter keys (SPEC §7), refusing bad ones without a partial write', async () => {
    const t = await addTenant()
    const ok = await t.api.put('/api/v1/users/current', { preferences: { theme: 'darkly', page_size: 25, custom_filter_hosts: true } })
    expect(ok.status).toBe(200)
    expect(ok.body.preferences).toMatchObject({ theme: 'darkly', page_size: 25, custom_filter_hosts: true })
    const bad = await t.api.put('/api/v1/users/current', { preferences: { theme: 'neon', page_size: 10 } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.key).toBe('validation_failed')
    const after = await t.api.get('/api/v1/users/current')
    expect(after.body.preferences).toMatchObject({ theme: 'darkly', page_size: 25 })
  })

  it('serves an uncached version.json (SPEC §7 Version)', async () => {
    const r = await client(server.baseUrl).get('/version.json')
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toContain('no-store')
    // The release is the package's version, whatever it is today.
    const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(r.body).toMatchObject({ release: version, maintenance: false, maintenance_message: '' })
    expect(typeof r.body.build).toBe('string')
  })
})
