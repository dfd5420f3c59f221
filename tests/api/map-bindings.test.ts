/**
 * Issue 13 (review L1): a map binds only objects of its own organization. Another tenant's host or map is
 * refused on save, on document updates and on import exactly like one that does not exist, and archiving
 * or publishing a map never reads or rewrites another organization's maps.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, uniq, type Tenant } from '../helpers/api'
import { emptyDocument, type MapDocument } from '../../src/shared/maps/document'
import { writeDocument, Y } from '../../src/shared/maps/ydoc'

const base = { y: 10, w: 48, h: 48, z: 1, rotation: 0 }
const hostItem = (id: string, hostId: number) => ({ ...base, kind: 'host', id, x: 10, host_id: hostId, name: 'h', state_icon: 'icon' })
const mapItem = (id: string, mapId: number) => ({ ...base, kind: 'map', id, x: 100, map_id: mapId, name: 'm', state_icon: 'box' })
const docWith = (items: Record<string, unknown>) => ({ ...emptyDocument(), items }) as MapDocument

describe.each(DATABASES)('map bindings on %s', (db) => {
  const {
    server,
    admin,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let hostA: number
  let hostB: number
  const newMap = async (t: Tenant) =>
    (await t.api.post('/api/v1/maps', { alias: uniq('map'), hostgroup_id: t.environmentId, layout: 2 })).body as {
      id: number
      alias: string
    }
  const draftOf = async (t: Tenant, id: number) => (await t.api.get(`/api/v1/maps/${id}/document`)).body
  /** A link made before this rule existed: written straight into A's draft and live version. */
  async function legacyLink(mapId: number, doc: MapDocument) {
    const store = server.vigil.store.db
    await store
      .updateTable('maps')
      .set({ draft: JSON.stringify(doc), draft_ystate: null, live_version: 1, status: 'live' })
      .where('id', '=', mapId)
      .execute()
    await store
      .insertInto('map_versions')
      .values({ map_id: mapId, version: 1, document: JSON.stringify(doc), comment: 'legacy', user_id: null, username: '', created_time: 1 })
      .execute()
  }

  beforeAll(async () => {
    hostA = (await a.api.post('/api/v1/hosts/', { name: uniq('host-a'), hostgroup_id: a.environmentId, check_type: '1' })).body.id
    hostB = (await b.api.post('/api/v1/hosts/', { name: uniq('host-b'), hostgroup_id: b.environmentId, check_type: '1' })).body.id
  })

  it("refuses a document binding another organization's host exactly as one binding no host at all", async () => {
    const map = await newMap(a)
    await a.api.post(`/api/v1/maps/${map.id}/lock`)
    const foreign = await a.api.put(`/api/v1/maps/${map.id}/document`, { document: docWith({ x: hostItem('x', hostB) }) })
    const absent = await a.api.put(`/api/v1/maps/${map.id}/document`, { document: docWith({ x: hostItem('x', 999999) }) })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error.key).toBe('validation_failed')
    expect(foreign.body.error.extra_info.field).toBe('document.items.x')
    expect(foreign.body.error).toEqual(absent.body.error)
    expect(JSON.stringify(foreign.body.error.extra_info)).not.toContain(String(hostB))
    expect((await draftOf(a, map.id)).document.items).toEqual({})
    // The map's own organization's host is fine.
    expect((await a.api.put(`/api/v1/maps/${map.id}/document`, { document: docWith({ x: hostItem('x', hostA) }) })).status).toBe(200)
  })

  it("refuses a Yjs document update binding another organization's map, storing nothing", async () => {
    const mine = await newMap(a)
    const theirs = await newMap(b)
    await a.api.post(`/api/v1/maps/${mine.id}/lock`)
    const draft = await draftOf(a, mine.id)
    const ydoc = new Y.Doc()
    Y.applyUpdate(ydoc, Buffer.from(draft.ystate, 'base64'))
    const before = Y.encodeStateVector(ydoc)
    writeDocument(ydoc, { ...draft.document, items: { m: mapItem('m', theirs.id) } })
    const r = await fetch(`${server.baseUrl}/api/v1/maps/${mine.id}/document/updates`, {
      method: 'POST',
      body: new Uint8Array(Y.encodeStateAsUpdate(ydoc, before)),
      headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${await tokenOf(server, a)}` },
    })
    expect(r.status).toBe(400)
    expect((await r.json()).error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'document.items.m' } })
    expect((await draftOf(a, mine.id)).document.items).toEqual({})
  })

  it("archiving B's map leaves A's map that linked it untouched", async () => {
    const linking = await newMap(a)
    const target = await newMap(b)
    await legacyLink(linking.id, docWith({ t: mapItem('t', target.id) }))
    const archived = await b.api.post(`/api/v1/maps/${target.id}/archive`)
    expect(archived.status).toBe(200)
    expect(archived.body.warnings).toEqual([])
    expect((await a.api.get(`/api/v1/maps/${linking.id}/versions`)).body.totalresults).toBe(1)
    expect((await draftOf(a, linking.id)).document.items.t.map_id).toBe(target.id)
  })

  it("publishing never walks another organization's maps nor names them in max_map_recursion", async () => {
    const mine = await newMap(a)
    const theirs = await newMap(b)
    // B's map links back to A's: a loop through another tenant, from before this rule.
    await legacyLink(mine.id, docWith({ t: mapItem('t', theirs.id) }))
    await legacyLink(theirs.id, docWith({ back: mapItem('back', mine.id) }))
    const published = await a.api.post(`/api/v1/maps/${mine.id}/publish`, {})
    expect(published.status).toBe(200)
    // A new foreign link in the draft is refused at publish, like one that names no map.
    const other = await newMap(b)
    await server.vigil.store.db
      .updateTable('maps')
      .set({ draft: JSON.stringify(docWith({ o: mapItem('o', other.id) })), draft_ystate: null })
      .where('id', '=', mine.id)
      .execute()
    const refused = await a.api.post(`/api/v1/maps/${mine.id}/publish`, {})
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'document.items.o' } })
    expect(JSON.stringify(refused.body)).not.toContain(String(other.id))
  })

  it("an import by someone who sees both organizations matches only the map's organization's environments", async () => {
    const envB = (await b.api.get(`/api/v1/hostgroups/${b.environmentId}`)).body.name
    const file = `define hostgroup {\nobject_id=g1\nhostgroup_name=${envB}\nx=60\ny=30\n}\n`
    const r = await fetch(
      `${server.baseUrl}/api/v1/maps/import?${new URLSearchParams({ hostgroup_id: String(a.environmentId), format: 'nagvis', alias: uniq('imported') })}`,
      {
        method: 'POST',
        body: file,
        headers: {
          authorization: `Bearer ${await tokenOf(server, { username: 'admin', password: server.adminPassword })}`,
          'content-type': 'text/plain',
        },
      },
    )
    const body = await r.json()
    expect(r.status).toBe(201)
    expect(body.unmatched).toEqual([envB])
    const doc = (await admin.get(`/api/v1/maps/${body.map.id}/document`)).body.document
    expect(Object.values(doc.items).some((i) => (i as { kind: string }).kind === 'environment')).toBe(false)
  })
})
