/**
 * Issue 16 "Tokens" and "Wall tokens" (SPEC §3 API token, §5 Tokens, §8 invalid_token): API tokens are created
 * with the SPEC §5 rules, listed without their value, used by scripts (POST /results), refused at once when
 * revoked or expired; a wall token reads only its maps and slideshows and writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client, uniq, type Client } from '../helpers/api'
import { feedUrl } from '../helpers/feed'

describe.each(DATABASES)('tokens on %s', (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  const tokenClient = (token: string) => client(server.baseUrl, token)

  async function newToken(api: Client, name = uniq('script'), expire_days = 30) {
    const r = await api.post('/api/v1/tokens', { name, expire_days })
    expect(r.status).toBe(201)
    return r.body as { token: string; row: { id: number; name: string; created: number; expires: number } }
  }

  it('creates a token whose value is shown once, lists it without the value and stores only its hash', async () => {
    const created = await newToken(a.api, 'backup script', 90)
    expect(created.row.expires - created.row.created).toBe(90 * 86_400)
    const list = await a.api.get('/api/v1/tokens')
    expect(list.status).toBe(200)
    const row = list.body.find((t: { id: number }) => t.id === created.row.id)
    expect(row).toEqual({ ...created.row, last_used: null, last_used_from: null })
    expect(JSON.stringify(list.body)).not.toContain(created.token)
    const stored = await server.vigil.store.db.selectFrom('tokens').selectAll().where('id', '=', created.row.id).executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain(created.token)
  })

  it('refuses a short name and an expiry of 1 day or over 2 years with validation_failed naming the field (SPEC §5)', async () => {
    const before = (await a.api.get('/api/v1/tokens')).body.length
    for (const [body, field] of [
      [{ name: 'ab', expire_days: 30 }, 'name'],
      [{ name: '   ab  ', expire_days: 30 }, 'name'],
      [{ name: 'nightly', expire_days: 1 }, 'expire_days'],
      [{ name: 'nightly', expire_days: 731 }, 'expire_days'],
      [{ name: 'nightly', expire_days: 2.5 }, 'expire_days'],
    ] as const) {
      const r = await a.api.post('/api/v1/tokens', body)
      expect([r.status, r.body.error.key, r.body.error.extra_info.field]).toEqual([400, 'validation_failed', field])
    }
    expect((await a.api.get('/api/v1/tokens')).body.length).toBe(before)
    expect((await a.api.post('/api/v1/tokens', { name: 'two years', expire_days: 730 })).status).toBe(201)
  })

  it("carries the user's rights: a script posts results with it, and its last use is recorded", async () => {
    const host = uniq('agent')
    expect((await a.api.post('/api/v1/hosts/', { name: host, hostgroup_id: a.environmentId, check_type: '1' })).status).toBe(201)
    const { token, row } = await newToken(a.api)
    const script = tokenClient(token)
    expect(await script.post('/api/v1/results', { host, exit_status: 2, output: 'down' })).toMatchObject({
      status: 200,
      body: { written: 1 },
    })
    const listed = (await a.api.get('/api/v1/tokens')).body.find((t: { id: number }) => t.id === row.id)
    expect(listed.last_used).toBeGreaterThanOrEqual(row.created)
    expect(listed.last_used_from).toMatch(/127\.0\.0\.1/)
    // Another organization's host is not the token's to write.
    expect(
      (await tokenClient((await newToken(b.api)).token).post('/api/v1/results', { host, exit_status: 0, output: 'x' })).status,
    ).not.toBe(200)
  })

  it('refuses a revoked token at once and an expired one with 401 invalid_token', async () => {
    const { token, row } = await newToken(a.api)
    const script = tokenClient(token)
    expect((await script.get('/api/v1/users/current')).status).toBe(200)
    expect((await a.api.del(`/api/v1/tokens/${row.id}`)).status).toBe(204)
    const refused = await script.get('/api/v1/users/current')
    expect([refused.status, refused.body.error.key]).toEqual([401, 'invalid_token'])
    expect((await a.api.get('/api/v1/tokens')).body.map((t: { id: number }) => t.id)).not.toContain(row.id)
    expect((await a.api.del(`/api/v1/tokens/${row.id}`)).status).toBe(404)

    const old = await newToken(a.api)
    await server.vigil.store.db.updateTable('tokens').set({ expires: 1 }).where('id', '=', old.row.id).execute()
    const expired = await tokenClient(old.token).get('/api/v1/users/current')
    expect([expired.status, expired.body.error.key]).toEqual([401, 'invalid_token'])
  })

  it("keeps another user's tokens invisible: not listed, not revocable (same 404 as none)", async () => {
    const mine = await newToken(a.api)
    expect((await b.api.get('/api/v1/tokens')).body.map((t: { id: number }) => t.id)).not.toContain(mine.row.id)
    const r = await b.api.del(`/api/v1/tokens/${mine.row.id}`)
    expect([r.status, r.body.error.key]).toEqual([404, 'not_found'])
    expect((await tokenClient(mine.token).get('/api/v1/users/current')).status).toBe(200)
  })

  it('writes audit events for create and revoke, without the value', async () => {
    const { token, row } = await newToken(a.api, uniq('audited'))
    await a.api.del(`/api/v1/tokens/${row.id}`)
    const events = await server.vigil.store.db
      .selectFrom('events')
      .select(['status', 'subject_name', 'extra_data'])
      .where('event_class', '=', 'token_audit')
      .where('subject_name', '=', row.name)
      .orderBy('id')
      .execute()
    expect(events.map((e) => e.status)).toEqual(['CREATED', 'REVOKED'])
    expect(JSON.stringify(events)).not.toContain(token)
  })

  describe('wall tokens', () => {
    let map: { id: number; name: string }
    let other: { id: number; name: string }
    let envName: string
    let wall: { token: string; row: { id: number; map_ids: number[] } }
    let screen: Client
    beforeAll(async () => {
      const newMap = async () =>
        (await a.api.post('/api/v1/maps', { alias: uniq('wall-map'), hostgroup_id: a.environmentId, layout: 2 })).body
      map = await newMap()
      other = await newMap()
      envName = (await a.api.get(`/api/v1/hostgroups/${a.environmentId}`)).body.name
      const r = await a.api.post('/api/v1/wall-tokens', {
        name: 'NOC wall',
        expire_days: 365,
        hostgroup_id: a.environmentId,
        map_ids: [map.id],
      })
      expect(r.status).toBe(201)
      wall = r.body
      screen = tokenClient(wall.token)
    })

    it('reads its map, its document and states, by id and by name, and a minimal current user', async () => {
      expect((await screen.get(`/api/v1/maps/${map.id}`)).body.id).toBe(map.id)
      expect((await screen.get(`/api/v1/maps/${map.id}/states`)).status).toBe(200)
      const byName = `/api/v1/maps/by-name/${encodeURIComponent(envName)}/${encodeURIComponent(map.name)}`
      expect((await screen.get(byName)).status).toBe(200)
      expect((await screen.get(`${byName}/states`)).status).toBe(200)
      const me = (await screen.get('/api/v1/users/current')).body
      expect(me).toMatchObject({ email: '', allowed_modules: ['maps'], server_admin: false, token: { kind: 'wall' } })
      expect(me.token.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(364 * 86_400)
      expect(me.allowed_environments.map((e: { id: number }) => e.id)).toEqual([a.environmentId])
    })

    it('is refused for another map, for writes and for other routes', async () => {
      const another = await screen.get(`/api/v1/maps/${other.id}`)
      expect([another.status, another.body.error.key]).toEqual([404, 'map_not_found'])
      expect(
        (await screen.get(`/api/v1/maps/by-name/${encodeURIComponent(envName)}/${encodeURIComponent(other.name)}/states`)).status,
      ).toBe(404)
      for (const [method, path, body] of [
        ['put', `/api/v1/maps/${map.id}`, { alias: 'taken over' }],
        ['post', `/api/v1/maps/${map.id}/lock`, undefined],
        ['put', '/api/v1/users/current', { preferences: { page_size: 10 } }],
        ['post', '/api/v1/tokens', { name: 'escalate', expire_days: 30 }],
        ['post', '/api/v1/results', { host: 'x', exit_status: 0, output: 'x' }],
      ] as const) {
        const r = method === 'put' ? await screen.put(path, body) : await screen.post(path, body)
        expect([path, r.status]).toEqual([path, 403])
      }
      for (const path of [
        '/api/v1/hosts/',
        '/api/v1/maps',
        '/api/v1/events',
        `/api/v1/hostgroups/${a.environmentId}`,
        '/api/v1/wall-tokens',
      ])
        expect([path, (await screen.get(path)).status]).toEqual([path, 403])
      expect((await a.api.get(`/api/v1/maps/${map.id}`)).body.alias).not.toBe('taken over')
    })

    it('reads the maps of its slideshow', async () => {
      const show = (
        await a.api.post('/api/v1/slideshows', { alias: uniq('Wall show'), hostgroup_id: a.environmentId, delay: 10, map_ids: [other.id] })
      ).body
      const r = await a.api.post('/api/v1/wall-tokens', {
        name: 'show wall',
        expire_days: 30,
        hostgroup_id: a.environmentId,
        slideshow_ids: [show.id],
      })
      const showScreen = tokenClient(r.body.token)
      expect((await showScreen.get(`/api/v1/slideshows/${show.id}`)).status).toBe(200)
      expect((await showScreen.get(`/api/v1/maps/${other.id}/states`)).status).toBe(200)
      expect((await showScreen.get(`/api/v1/maps/${map.id}`)).status).toBe(404)
    })

    it('hears only its own maps on the feed, and revocation refuses it at once and closes its socket', async () => {
      const ws = new WebSocket(await feedUrl(server.baseUrl, wall.token))
      const messages: { op: string; topics?: string[]; refused?: string[] }[] = []
      ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())))
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
      await new Promise((resolve) => ws.once('open', resolve))
      ws.send(JSON.stringify({ op: 'subscribe', topics: [`map:${map.id}`, `map:${other.id}`, `environment:${a.environmentId}`] }))
      await expect.poll(() => messages.find((m) => m.op === 'subscribed')).toBeTruthy()
      expect(messages.find((m) => m.op === 'subscribed')).toMatchObject({
        topics: [`map:${map.id}`],
        refused: [`map:${other.id}`, `environment:${a.environmentId}`],
      })
      const listed = (await a.api.get(`/api/v1/wall-tokens?hostgroup_id=${a.environmentId}`)).body.find(
        (t: { id: number }) => t.id === wall.row.id,
      )
      expect(listed).toMatchObject({
        name: 'NOC wall',
        map_ids: [map.id],
        issued_by: a.username,
        last_used_from: expect.stringMatching(/127/),
      })
      expect((await a.api.del(`/api/v1/wall-tokens/${wall.row.id}`)).status).toBe(204)
      expect((await screen.get(`/api/v1/maps/${map.id}`)).status).toBe(401)
      expect(await closed).toBeGreaterThanOrEqual(4000)
    })

    it('is issued only by an administrator of the environment, for its own maps', async () => {
      const r = await b.api.post('/api/v1/wall-tokens', {
        name: 'steal',
        expire_days: 30,
        hostgroup_id: a.environmentId,
        map_ids: [map.id],
      })
      expect([r.status, r.body.error.key]).toEqual([404, 'hostgroup_not_found'])
      const foreign = await b.api.post('/api/v1/wall-tokens', {
        name: 'steal',
        expire_days: 30,
        hostgroup_id: b.environmentId,
        map_ids: [map.id],
      })
      expect([foreign.status, foreign.body.error.key]).toEqual([404, 'map_not_found'])
      const empty = await a.api.post('/api/v1/wall-tokens', { name: 'empty', expire_days: 30, hostgroup_id: a.environmentId })
      expect(empty.status).toBe(400)
      const long = await a.api.post('/api/v1/wall-tokens', {
        name: 'long',
        expire_days: 800,
        hostgroup_id: a.environmentId,
        map_ids: [map.id],
      })
      expect([long.status, long.body.error.extra_info.field]).toEqual([400, 'expire_days'])
      expect((await b.api.get(`/api/v1/wall-tokens?hostgroup_id=${a.environmentId}`)).body).toEqual([])
    })
  })
})
