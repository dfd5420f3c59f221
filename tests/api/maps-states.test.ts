/**
 * Live map states and the map feed topic (issue 7; SPEC §4 MAP and HOST_MAP_STATE, decorations, nested
 * roll-up; DESIGN.md "The way data flows"), with real results posted to the real server and a real WebSocket.
 */
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { startServer, DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { adminClient, makeTenant, tokenOf, uniq } from '../helpers/api'
import { feed } from '../helpers/feed'
import { emptyDocument } from '../../src/shared/maps/document'
import { MAP } from '../../src/shared/enums'
import type { FeedDelta } from '../../src/shared/feed'

const base = { y: 10, w: 48, h: 48, z: 1, rotation: 0, state_icon: 'icon' }
const hostItem = (id: string, hostId: number) => ({ ...base, kind: 'host', id, x: 10, host_id: hostId, name: `h${hostId}` })
const resourceItem = (id: string, resourceId: number, hostId: number) => ({
  ...base,
  kind: 'resource',
  id,
  x: 60,
  resource_id: resourceId,
  host_id: hostId,
  name: 'if',
  host_name: 'h',
})
const mapItem = (id: string, mapId: number) => ({ ...base, kind: 'map', id, x: 100, map_id: mapId, name: `m${mapId}`, state_icon: 'box' })
const docWith = (items: Record<string, unknown>, connectors: Record<string, unknown> = {}) => ({ ...emptyDocument(), items, connectors })

describe.each(DATABASES)('map states and feed on %s', (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })

  const newHost = async () =>
    (await a.api.post('/api/v1/hosts/', { name: uniq('st-host'), hostgroup_id: a.environmentId, check_type: '1' })).body as {
      id: number
      name: string
    }
  const newMap = async (document: unknown, published = true) => {
    const map = (await a.api.post('/api/v1/maps', { alias: uniq('map'), hostgroup_id: a.environmentId, layout: 2 })).body
    await a.api.post(`/api/v1/maps/${map.id}/lock`)
    expect((await a.api.put(`/api/v1/maps/${map.id}/document`, { document })).status).toBe(200)
    if (published) expect((await a.api.post(`/api/v1/maps/${map.id}/publish`, {})).status).toBe(200)
    await a.api.del(`/api/v1/maps/${map.id}/lock`)
    return map as { id: number; alias: string }
  }
  const newMapVersion = async (id: number, document: unknown) => {
    await a.api.post(`/api/v1/maps/${id}/lock`)
    expect((await a.api.put(`/api/v1/maps/${id}/document`, { document })).status).toBe(200)
    expect((await a.api.post(`/api/v1/maps/${id}/publish`, {})).status).toBe(200)
    await a.api.del(`/api/v1/maps/${id}/lock`)
  }

  it("shows a host's real state change and acknowledgement in the map states and the map's roll-up (SPEC §4)", async () => {
    const host = await newHost()
    const res = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'eth0', check_type: '1' })).body
    const map = await newMap(docWith({ h: hostItem('h', host.id), r: resourceItem('r', res.id, host.id) }))
    const pending = (await a.api.get(`/api/v1/maps/${map.id}/states`)).body
    expect(pending).toMatchObject({ map_id: map.id, version: 1, map_state: MAP.pending })

    await a.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL - 100% loss' })
    await a.api.post('/api/v1/results', { resource_id: res.id, exit_status: 1, output: 'eth0 busy', perfdata: 'in=1000B out=250B' })
    const down = (await a.api.get(`/api/v1/maps/${map.id}/states`)).body
    expect(down.map_state).toBe(MAP.down)
    expect(down.hosts).toEqual([
      expect.objectContaining({ id: host.id, state: 'down', plugin_output: 'PING CRITICAL - 100% loss', acknowledged: false }),
    ])
    expect(down.resources).toEqual([expect.objectContaining({ id: res.id, host_id: host.id, state: 'warning' })])
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).body.map_state).toBe(MAP.down)

    expect((await a.api.post(`/api/v1/hosts/${host.id}/acknowledgements`, { comment: 'on it' })).status).toBe(201)
    expect((await a.api.get(`/api/v1/maps/${map.id}/states`)).body.hosts[0].acknowledged).toBe(true)
    const list = (await a.api.get(`/api/v1/maps?filter=${encodeURIComponent(JSON.stringify({ id: map.id }))}&columns=map_state`)).body
    expect(list.result).toEqual([{ id: map.id, map_state: MAP.down }])
  })

  it("colours a host item by its resources' worst state unless the map is host-only, and sends their deltas on map:<id> (issue 18)", async () => {
    const host = await newHost()
    const res = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1' })).body
    await a.api.post('/api/v1/results', { host: host.name, exit_status: 0, output: 'PING OK' })
    await a.api.post('/api/v1/results', { resource_id: res.id, exit_status: 0, output: 'disk fine' })
    const map = await newMap(docWith({ h: hostItem('h', host.id) }))
    const quiet = await newMap({ ...docWith({ h: hostItem('h', host.id) }), view: { host_only: true } })
    const mine = await feed(server, a)
    mine.send({ op: 'subscribe', topics: [`map:${map.id}`] })
    await mine.next((m) => 'op' in m && m.op === 'subscribed')
    expect((await a.api.get(`/api/v1/maps/${map.id}/states`)).body.map_state).toBe(MAP.up)

    await a.api.post('/api/v1/results', { resource_id: res.id, exit_status: 2, output: 'DISK CRITICAL - 99% used' })
    // The resource is not on the map, its host is: its delta reaches the map's subscribers.
    expect(await mine.next((m) => 'kind' in m && m.kind === 'state' && m.object === 'resource' && m.id === res.id)).toMatchObject({
      state: 'critical',
      maps: [map.id],
    })
    const states = (await a.api.get(`/api/v1/maps/${map.id}/states`)).body
    expect(states.map_state).toBe(MAP.down)
    expect(states.resources).toEqual([expect.objectContaining({ id: res.id, host_id: host.id, state: 'critical' })])
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).body.map_state).toBe(MAP.down)
    // SPEC §4 HOST_MAP_STATE: with host_only the host's own state alone counts.
    expect((await a.api.get(`/api/v1/maps/${quiet.id}/states`)).body.map_state).toBe(MAP.up)
    expect((await a.api.get(`/api/v1/maps/${quiet.id}`)).body.map_state).toBe(MAP.up)
    mine.close()
  })

  it("answers the live document and the states by environment and map name too, only to the map's organization (issue 7)", async () => {
    const host = await newHost()
    const map = await newMap(docWith({ h: hostItem('h', host.id) }))
    await a.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })
    const info = (await a.api.get(`/api/v1/maps/${map.id}`)).body
    const byName = `/api/v1/maps/by-name/${encodeURIComponent(info.hostgroup_name)}/${encodeURIComponent(info.name)}`
    const states = await a.api.get(`${byName}/states`)
    expect(states.status).toBe(200)
    expect(states.body).toMatchObject({
      map_id: map.id,
      version: 1,
      map_state: MAP.down,
      hosts: [expect.objectContaining({ id: host.id, state: 'down' })],
    })
    const live = await a.api.get(`${byName}/document?version=live`)
    expect(live.body).toEqual((await a.api.get(`/api/v1/maps/${map.id}/document?version=live`)).body)
    expect(live.body).toMatchObject({ map_id: map.id, version: 1 })
    expect(live.body.document.items.h).toMatchObject({ kind: 'host', host_id: host.id })
    for (const path of [`${byName}/states`, `${byName}/document?version=live`]) {
      const other = await b.api.get(path)
      expect([other.status, other.body.error?.key]).toEqual([404, 'map_not_found'])
    }
    expect((await a.api.get(`/api/v1/maps/by-name/${encodeURIComponent(info.hostgroup_name)}/no-such-map/states`)).body.error.key).toBe(
      'map_not_found',
    )
  })

  it('sends a published document compressed harder than answers made per request, the same under every encoding (issue 19)', async () => {
    const host = await newHost()
    const notes = Array.from({ length: 300 }, (_, i) => [
      `t${i}`,
      {
        id: `t${i}`,
        kind: 'text',
        x: 170 * (i % 10),
        y: 30 * Math.floor(i / 10),
        w: 160,
        h: 24,
        z: i + 2,
        rotation: 0,
        text: `rack ${i}`,
        font_size: 14,
        align: 'left',
      },
    ])
    const map = await newMap(docWith({ h: hostItem('h', host.id), ...Object.fromEntries(notes) }))
    const url = `${server.baseUrl}/api/v1/maps/${map.id}/document?version=live`
    const token = await tokenOf(server, a)
    const get = (encoding: string) => fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } })
    const plain = await get('identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(JSON.parse(text)).toMatchObject({
      map_id: map.id,
      version: 1,
      document: { items: { h: { host_id: host.id }, t299: { text: 'rack 299' } } },
    })
    // What @fastify/compress makes of an answer on the fly (brotli quality 4), which a wall's megabytes cost at every open.
    const onTheFly = zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
    ]) {
      const r = await get(accept)
      expect([r.status, r.headers.get('content-encoding'), r.headers.get('vary')?.toLowerCase()]).toEqual([
        200,
        encoding,
        'accept-encoding',
      ])
      const sent = Number(r.headers.get('content-length'))
      expect(sent).toBeGreaterThan(0)
      if (encoding === 'br') expect(sent).toBeLessThan(onTheFly)
      expect(await r.text()).toBe(text)
    }
  })

  it('answers a wall asking for a map and its states at once alike, to its organization only, and keeps nothing after', async () => {
    const host = await newHost()
    const map = await newMap(docWith({ h: hostItem('h', host.id) }))
    await a.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })
    const info = (await a.api.get(`/api/v1/maps/${map.id}`)).body
    const byName = `/api/v1/maps/by-name/${encodeURIComponent(info.hostgroup_name)}/${encodeURIComponent(info.name)}`
    // What a wall's first requests do (issue 7): the map's roll-up may come from the states read under way.
    const [states, byId, mapInfo, other] = await Promise.all([
      a.api.get(`${byName}/states`),
      a.api.get(`/api/v1/maps/${map.id}/states`),
      a.api.get(byName),
      b.api.get(`/api/v1/maps/${map.id}/states`),
    ])
    expect(states.body).toMatchObject({
      map_id: map.id,
      map_state: MAP.down,
      hosts: [expect.objectContaining({ id: host.id, state: 'down' })],
    })
    expect(byId.body).toMatchObject({ map_id: map.id, map_state: MAP.down })
    expect(mapInfo.body).toMatchObject({ id: map.id, map_state: MAP.down })
    expect([other.status, other.body.error?.key]).toEqual([404, 'map_not_found'])
    // The next read sees the next state: nothing of the shared read outlives it.
    await a.api.post('/api/v1/results', { host: host.name, exit_status: 0, output: 'PING OK' })
    const [after, afterInfo] = await Promise.all([a.api.get(`${byName}/states`), a.api.get(byName)])
    expect([after.body.map_state, afterInfo.body.map_state]).toEqual([MAP.up, MAP.up])
  })

  it('rolls nested maps up to the worst state inside them and shows the draft while never published', async () => {
    const host = await newHost()
    const inner = await newMap(docWith({ h: hostItem('h', host.id) }))
    const outer = await newMap(docWith({ i: mapItem('i', inner.id) }))
    await a.api.post('/api/v1/results', { host: host.name, exit_status: 0, output: 'PING OK' })
    expect((await a.api.get(`/api/v1/maps/${outer.id}/states`)).body.map_state).toBe(MAP.up)
    await a.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })
    const states = (await a.api.get(`/api/v1/maps/${outer.id}/states`)).body
    expect(states.map_state).toBe(MAP.down)
    expect(Object.keys(states.maps)).toEqual([String(inner.id)])
    expect(states.hosts.map((h: { id: number }) => h.id)).toEqual([host.id])

    const draft = await newMap(docWith({ h: hostItem('h', host.id) }), false)
    expect((await a.api.get(`/api/v1/maps/${draft.id}/states`)).body).toMatchObject({ version: null, map_state: MAP.down })
    expect((await a.api.get(`/api/v1/maps/${draft.id}`)).body.map_state).toBe(MAP.nohost)
  })

  it('shows bandwidth connectors in bits per second from the latest performance data', async () => {
    const host = await newHost()
    const res = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'uplink', check_type: '1' })).body
    const other = await newHost()
    const map = await newMap(
      docWith(
        { a: hostItem('a', host.id), b: hostItem('b', other.id) },
        {
          c: {
            id: 'c',
            from: 'a',
            to: 'b',
            z: 1,
            kind: 'bandwidth',
            bandwidth: { resource_id: res.id, in_key: 'in', out_key: 'out', capacity_bps: 1e9 },
          },
        },
      ),
    )
    await a.api.post('/api/v1/results', { resource_id: res.id, exit_status: 0, output: 'OK', perfdata: 'in=1000B out=2KB' })
    const { bandwidth } = (await a.api.get(`/api/v1/maps/${map.id}/states`)).body
    expect(bandwidth[String(res.id)].in.value).toBe(8000)
    expect(bandwidth[String(res.id)].out.value).toBe(2048 * 8)
  })

  it("delivers the state deltas of a map's hosts to a subscriber of map:<id>, refreshed on publish, and refuses other organizations", async () => {
    const first = await newHost()
    const second = await newHost()
    const map = await newMap(docWith({ f: hostItem('f', first.id) }))
    const mine = await feed(server, a)
    const theirs = await feed(server, b)
    mine.send({ op: 'subscribe', topics: [`map:${map.id}`] })
    theirs.send({ op: 'subscribe', topics: [`map:${map.id}`] })
    expect(await mine.next((m) => 'op' in m && m.op === 'subscribed')).toMatchObject({ topics: [`map:${map.id}`], refused: [] })
    expect(await theirs.next((m) => 'op' in m && m.op === 'subscribed')).toMatchObject({ topics: [], refused: [`map:${map.id}`] })

    await a.api.post('/api/v1/results', { host: first.name, exit_status: 2, output: 'first down' })
    const delta = await mine.next<FeedDelta>((m) => 'kind' in m && m.kind === 'state' && m.id === first.id)
    expect(delta).toMatchObject({ object: 'host', state: 'down', maps: [map.id] })
    await a.api.post(`/api/v1/hosts/${first.id}/acknowledgements`, { comment: 'looking' })
    expect(await mine.next((m) => 'kind' in m && m.kind === 'action' && m.id === first.id)).toMatchObject({
      acknowledged: true,
      maps: [map.id],
    })

    // The second host is only in the draft: nothing for it until the map is published.
    await a.api.post(`/api/v1/maps/${map.id}/lock`)
    await a.api.put(`/api/v1/maps/${map.id}/document`, { document: docWith({ f: hostItem('f', first.id), s: hostItem('s', second.id) }) })
    await a.api.post('/api/v1/results', { host: second.name, exit_status: 2, output: 'second down, unpublished' })
    await a.api.post('/api/v1/results', { host: first.name, exit_status: 0, output: 'first back' })
    await mine.next((m) => 'kind' in m && m.kind === 'state' && m.id === first.id && m.state === 'up')
    expect(mine.seen.some((m) => 'kind' in m && m.kind === 'state' && m.id === second.id)).toBe(false)

    await a.api.post(`/api/v1/maps/${map.id}/publish`, {})
    // The publish event travels the bus and rebuilds the topic; a result after that reaches the subscriber.
    await mine.next((m) => 'kind' in m && m.kind === 'event' && m.type === 'map' && m.status === 'published')
    await a.api.post('/api/v1/results', { host: second.name, exit_status: 0, output: 'second up' })
    expect(await mine.next((m) => 'kind' in m && m.kind === 'state' && m.id === second.id)).toMatchObject({ state: 'up', maps: [map.id] })
    expect(theirs.seen.filter((m) => 'kind' in m)).toEqual([])
    mine.close()
    theirs.close()
  })

  it('delivers the deltas of hosts in nested maps to a subscriber of the outer map', async () => {
    const host = await newHost()
    const inner = await newMap(docWith({ h: hostItem('h', host.id) }))
    const outer = await newMap(docWith({ i: mapItem('i', inner.id) }))
    const mine = await feed(server, a)
    mine.send({ op: 'subscribe', topics: [`map:${outer.id}`] })
    await mine.next((m) => 'op' in m && m.op === 'subscribed')
    await a.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'nested down' })
    expect(await mine.next((m) => 'kind' in m && m.kind === 'state' && m.id === host.id)).toMatchObject({ state: 'down', maps: [outer.id] })
    mine.close()
  })

  it("brings a wall everything of its map on map:<id> alone: bandwidth readings, nested maps' publications, and no other events (issue 18)", async () => {
    const [left, right, router] = [await newHost(), await newHost(), await newHost()]
    const uplink = (await a.api.post('/api/v1/resources/', { host_id: router.id, name: 'uplink', check_type: '1' })).body
    const inner = await newMap(docWith({}))
    const bandwidth = { resource_id: uplink.id, in_key: 'in', out_key: 'out', capacity_bps: 1e9 }
    const outer = await newMap(
      docWith(
        { l: hostItem('l', left.id), r: hostItem('r', right.id), i: mapItem('i', inner.id) },
        { c: { id: 'c', from: 'l', to: 'r', z: 1, kind: 'bandwidth', bandwidth } },
      ),
    )
    const wall = await feed(server, a)
    wall.send({ op: 'subscribe', topics: [`map:${outer.id}`] })
    await wall.next((m) => 'op' in m && m.op === 'subscribed')

    // The connector's interface is on a host the map does not show: its reading still moves the wall.
    await a.api.post('/api/v1/results', { resource_id: uplink.id, exit_status: 0, output: 'OK', perfdata: 'in=1000B out=2KB' })
    expect(await wall.next((m) => 'kind' in m && m.kind === 'state' && m.object === 'resource' && m.id === uplink.id)).toMatchObject({
      maps: [outer.id],
    })
    // A new version of a nested map: the wall refetches its states (viewer/live/use-live-map.ts mapEventRefresh).
    await newMapVersion(inner.id, docWith({ h: hostItem('h', left.id) }))
    expect(await wall.next((m) => 'kind' in m && m.kind === 'event' && m.type === 'map' && m.map_id === inner.id)).toMatchObject({
      status: 'published',
      maps: [outer.id],
    })
    await a.api.post('/api/v1/results', { host: left.name, exit_status: 2, output: 'left down' })
    await wall.next((m) => 'kind' in m && m.kind === 'state' && m.id === left.id && m.state === 'down')
    // The state change's timeline event is the environment's, not the map's: a wall does not download it.
    expect(wall.seen.filter((m) => 'kind' in m && m.kind === 'event' && m.type !== 'map')).toEqual([])
    wall.close()
  })
})

describe('map states of two servers in one process', () => {
  it("keeps each database's published documents and reads apart, though their map ids are the same", async () => {
    const servers = [await startServer(), await startServer()]
    try {
      const admins = await Promise.all(servers.map((s) => adminClient(s)))
      const tenants = await Promise.all(servers.map((s, i) => makeTenant(s, admins[i])))
      // The same ids in both fresh databases, and maps of one host and of two hosts.
      const maps = await Promise.all(
        tenants.map(async (t, i) => {
          const hosts = []
          for (let k = 0; k <= i; k++)
            hosts.push(
              (await t.api.post('/api/v1/hosts/', { name: uniq('twin'), hostgroup_id: t.environmentId, check_type: '1' })).body as {
                id: number
              },
            )
          const map = (await t.api.post('/api/v1/maps', { alias: uniq('twin'), hostgroup_id: t.environmentId, layout: 2 })).body as {
            id: number
          }
          await t.api.post(`/api/v1/maps/${map.id}/lock`)
          await t.api.put(`/api/v1/maps/${map.id}/document`, {
            document: docWith(Object.fromEntries(hosts.map((h, k) => [`h${k}`, hostItem(`h${k}`, h.id)]))),
          })
          await t.api.post(`/api/v1/maps/${map.id}/publish`, {})
          return { id: map.id, hosts: hosts.map((h) => h.id) }
        }),
      )
      expect(maps[0].id).toBe(maps[1].id)
      for (let round = 0; round < 2; round++) {
        const states = await Promise.all(tenants.map((t, i) => t.api.get(`/api/v1/maps/${maps[i].id}/states`)))
        states.forEach((s, i) => expect(s.body.hosts.map((h: { id: number }) => h.id).sort()).toEqual(maps[i].hosts.sort()))
      }
    } finally {
      for (const s of servers) await s.close()
    }
  })
})
