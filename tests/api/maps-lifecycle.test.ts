/** Map lifecycle and versions (issue 6; SPEC §4 Maps: draft, live, archived, recover; §8 limit_exceeded, max_map_recursion). */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'
import { emptyDocument } from '../../src/shared/maps/document'
import { Quotas } from '../../src/shared/api/quotas'

// SPEC §8 limits at their defaults (issue 15: quotas a server admin may change per organization).
const { map_versions: MAX_MAP_VERSIONS, maps_per_environment: MAX_MAPS_PER_ENVIRONMENT } = Quotas.parse({})

const base = { y: 10, w: 48, h: 48, z: 1, rotation: 0, state_icon: 'icon' }
const hostItem = (id: string, hostId: number) => ({ ...base, kind: 'host', id, x: 10, host_id: hostId, name: `h${hostId}` })
const mapItem = (id: string, mapId: number) => ({ ...base, kind: 'map', id, x: 100, map_id: mapId, name: `m${mapId}`, state_icon: 'box' })
const docWith = (items: Record<string, unknown>, connectors: Record<string, unknown> = {}) => ({ ...emptyDocument(), items, connectors })

describe.each(DATABASES)('map lifecycle on %s', (db) => {
  const {
    server,
    addTenant,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })
  let hostId: number
  beforeAll(async () => {
    hostId = (await a.api.post('/api/v1/hosts/', { name: uniq('life-host'), hostgroup_id: a.environmentId, check_type: '1' })).body.id
  })

  const newMap = async () => (await a.api.post('/api/v1/maps', { alias: uniq('map'), hostgroup_id: a.environmentId, layout: 2 })).body
  const save = async (id: number, document: unknown) => {
    await a.api.post(`/api/v1/maps/${id}/lock`)
    const r = await a.api.put(`/api/v1/maps/${id}/document`, { document })
    expect(r.status).toBe(200)
  }
  const publish = (id: number, comment?: string) => a.api.post(`/api/v1/maps/${id}/publish`, comment === undefined ? {} : { comment })

  it('publishes the draft as a new live version, keeps the history and reverts the draft to an old version', async () => {
    const map = await newMap()
    await save(map.id, docWith({ a: hostItem('a', hostId) }))
    const first = await publish(map.id, 'first')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ status: 'live', version: 1, versions: 1, has_unpublished_changes: false })
    expect((await a.api.get(`/api/v1/maps/${map.id}/document?version=live`)).body).toMatchObject({
      version: 1,
      document: { items: { a: { host_id: hostId } } },
    })

    await save(map.id, docWith({}))
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).body.has_unpublished_changes).toBe(true)
    expect((await publish(map.id)).body).toMatchObject({ version: 2, versions: 2 })
    const versions = await a.api.get(`/api/v1/maps/${map.id}/versions`)
    expect(
      versions.body.result.map((v: { version: number; is_live: boolean; comment: string }) => [v.version, v.is_live, v.comment]),
    ).toEqual([
      [2, true, ''],
      [1, false, 'first'],
    ])
    expect(versions.body.result[0].username).toBe(a.username)

    const reverted = await a.api.post(`/api/v1/maps/${map.id}/versions/1/revert`)
    expect(reverted.status).toBe(200)
    expect(reverted.body).toMatchObject({ version: 'draft', document: { items: { a: { host_id: hostId } } } })
    expect(typeof reverted.body.ystate).toBe('string')
    expect((await a.api.get(`/api/v1/maps/${map.id}/document`)).body.document.items.a.host_id).toBe(hostId)
    expect((await a.api.get(`/api/v1/maps/${map.id}/document?version=live`)).body.document.items).toEqual({})
    expect((await a.api.get(`/api/v1/maps/${map.id}/document?version=7`)).body.error.key).toBe('map_not_found')

    await a.api.del(`/api/v1/maps/${map.id}/lock`)
    const noLock = await a.api.post(`/api/v1/maps/${map.id}/versions/2/revert`)
    expect(noLock.body.error.key).toBe('map_lock_not_found')
    const events = await a.api.get(`/api/v1/events?map_id=${map.id}`)
    expect(events.body.result.map((e: { status: string }) => e.status)).toEqual([
      'edited',
      'published',
      'edited',
      'published',
      'edited',
      'added',
    ])
  })

  it('refuses to publish nested maps that loop back (SPEC §8 max_map_recursion), publishing nothing', async () => {
    const outer = await newMap()
    const inner = await newMap()
    await save(inner.id, docWith({ o: mapItem('o', outer.id) }))
    expect((await publish(inner.id)).status).toBe(200)
    await save(outer.id, docWith({ i: mapItem('i', inner.id) }))
    const loop = await publish(outer.id)
    expect(loop.status).toBe(400)
    expect(loop.body.error).toMatchObject({ key: 'max_map_recursion', extra_info: { path: [outer.id, inner.id, outer.id] } })
    expect((await a.api.get(`/api/v1/maps/${outer.id}`)).body).toMatchObject({ status: 'draft', version: null, versions: 0 })
    await save(outer.id, docWith({ s: mapItem('s', outer.id) }))
    expect((await publish(outer.id)).body.error.key).toBe('max_map_recursion')
  })

  it("archives a map, removing the links to it from other maps' drafts and live versions with a warning, and recovers it (SPEC §4)", async () => {
    const target = await newMap()
    await save(target.id, docWith({ h: hostItem('h', hostId) }))
    await publish(target.id)
    const parent = await newMap()
    await save(
      parent.id,
      docWith(
        { t: mapItem('t', target.id), x: { ...base, kind: 'text', id: 'x', x: 300, text: 'legend', font_size: 14 } },
        { c: { id: 'c', from: 't', to: 'x', z: 1, kind: 'plain' } },
      ),
    )
    await publish(parent.id)
    await a.api.del(`/api/v1/maps/${parent.id}/lock`)

    const archived = await a.api.post(`/api/v1/maps/${target.id}/archive`)
    expect(archived.status).toBe(200)
    expect(archived.body).toMatchObject({ status: 'archived', warnings: [{ map_id: parent.id, alias: parent.alias, name: parent.name }] })
    const parentNow = (await a.api.get(`/api/v1/maps/${parent.id}`)).body
    expect(parentNow).toMatchObject({ version: 2, has_unpublished_changes: false })
    for (const version of ['draft', 'live']) {
      const doc = (await a.api.get(`/api/v1/maps/${parent.id}/document?version=${version}`)).body.document
      expect(Object.keys(doc.items)).toEqual(['x'])
      expect(doc.connectors).toEqual({})
    }
    expect((await a.api.get(`/api/v1/maps/${parent.id}/document?version=1`)).body.document.items.t.map_id).toBe(target.id)

    expect((await a.api.post(`/api/v1/maps/${target.id}/archive`)).status).toBe(400)
    const recovered = await a.api.post(`/api/v1/maps/${target.id}/recover`)
    expect(recovered.body).toMatchObject({ status: 'live', version: 1 })
    expect((await a.api.post(`/api/v1/maps/${target.id}/recover`)).body.error.key).toBe('invalid_operation')
    const events = await a.api.get(`/api/v1/events?map_id=${target.id}&limit=2`)
    expect(events.body.result.map((e: { status: string }) => e.status)).toEqual(['recovered', 'archived'])
  })

  it('refuses a version beyond the per-map maximum and a map beyond the per-environment maximum (SPEC §8 limit_exceeded)', async () => {
    const map = await newMap()
    const store = server.vigil.store.db
    const rows = Array.from({ length: MAX_MAP_VERSIONS }, (_, i) => ({
      map_id: map.id,
      version: i + 1,
      document: JSON.stringify(emptyDocument()),
      created_time: 1,
    }))
    for (let i = 0; i < rows.length; i += 100)
      await store
        .insertInto('map_versions')
        .values(rows.slice(i, i + 100))
        .execute()
    const over = await publish(map.id)
    expect(over.status).toBe(409)
    expect(over.body.error).toMatchObject({ key: 'limit_exceeded', extra_info: { limit: 'map_versions', maximum: MAX_MAP_VERSIONS } })
    // SPEC §8 "Limit exceeded (maximum {{maximum}})" renders the number (issue 13: it rendered "maximum ").
    expect(over.body.error.message).toContain(`maximum ${MAX_MAP_VERSIONS}`)

    const other = await addTenant()
    const draft = JSON.stringify(emptyDocument())
    const maps = Array.from({ length: MAX_MAPS_PER_ENVIRONMENT }, (_, i) => ({
      hostgroup_id: other.environmentId,
      name: `m${i}`,
      alias: `m${i}`,
      layout: 2,
      status: 'draft' as const,
      live_version: null,
      draft,
      draft_time: 1,
      created_time: 1,
      updated_time: 1,
    }))
    for (let i = 0; i < maps.length; i += 100)
      await store
        .insertInto('maps')
        .values(maps.slice(i, i + 100))
        .execute()
    const full = await other.api.post('/api/v1/maps', { alias: 'One too many', hostgroup_id: other.environmentId, layout: 2 })
    expect(full.status).toBe(409)
    expect(full.body.error).toMatchObject({
      key: 'limit_exceeded',
      extra_info: { limit: 'maps_per_environment', maximum: MAX_MAPS_PER_ENVIRONMENT },
    })
    expect(full.body.error.message).toContain(`maximum ${MAX_MAPS_PER_ENVIRONMENT}`)
  })
})
