/** Maps API (issue 6): add, read, list, edit, delete, rights, the lock and the document (SPEC §3 Map, §4, §5, §6, §8, §9). */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { tokenOf, uniq, type Tenant } from '../helpers/api'
import { emptyDocument, type MapDocument } from '../../src/shared/maps/document'
import { documentToUpdate, updateToDocument, writeDocument, Y } from '../../src/shared/maps/ydoc'
import { MAP_LOCK_EXPIRY_S } from '../../src/shared/constants'
import { invalidateScopes } from '../../src/server/store/scope'

const hostItem = (id: string, hostId: number, x = 10) => ({
  kind: 'host',
  id,
  x,
  y: 10,
  w: 48,
  h: 48,
  z: 1,
  rotation: 0,
  host_id: hostId,
  name: `h${hostId}`,
  state_icon: 'icon',
})

describe.each(DATABASES)('maps API on %s', (db) => {
  const {
    server,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })

  const newMap = async (t: Tenant, extra: Record<string, unknown> = {}) => {
    const r = await t.api.post('/api/v1/maps', { alias: uniq('map'), hostgroup_id: t.environmentId, layout: 2, ...extra })
    expect(r.status).toBe(201)
    return r.body
  }
  /** A user of tenant `t`'s organization holding `group`. */
  const colleague = async (t: Tenant, group: 'operator' | 'engineer' | 'administrator') => {
    const other = await addTenant(group)
    const dbh = server.vigil.store.db
    const user = await dbh.selectFrom('users').select('id').where('username', '=', other.username).executeTakeFirstOrThrow()
    await dbh.deleteFrom('user_rights').where('user_id', '=', user.id).execute()
    await dbh
      .insertInto('user_rights')
      .values({ user_id: user.id, organization_id: t.organizationId, hostgroup_id: null, authorization_group: group })
      .execute()
    invalidateScopes()
    return other
  }

  it('adds a draft map with an empty document, named after its alias, logical by default (SPEC §5 Add map)', async () => {
    const r = await a.api.post('/api/v1/maps', { alias: 'Core network', hostgroup_id: a.environmentId, layout: 2 })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      name: 'Core network',
      alias: 'Core network',
      status: 'draft',
      version: null,
      versions: 0,
      layout: 2,
      use_hard_state: false,
      description: '',
      lock: null,
      locked_by_someone: false,
      generated: false,
      map_state: 5,
      resolution: { width: 1920, height: 1080 },
    })
    expect(r.body.allowed_actions).toEqual(expect.arrayContaining(['write', 'maps_write']))
    const byName = await a.api.get(
      `/api/v1/maps/by-name/${encodeURIComponent(r.body.hostgroup_name)}/${encodeURIComponent('Core network')}`,
    )
    expect(byName.body.id).toBe(r.body.id)
    const doc = await a.api.get(`/api/v1/maps/${r.body.id}/document`)
    expect(doc.body).toMatchObject({ version: 'draft', document: { items: {}, connectors: {} } })
    expect(updateToDocument(Buffer.from(doc.body.ystate, 'base64'))).toEqual(doc.body.document)
  })

  it('refuses bad names, a missing layout and a duplicate name with the SPEC §8 keys, writing nothing', async () => {
    const before = (await a.api.get('/api/v1/maps')).body.totalresults
    for (const alias of ['x', 'two  spaces', 'bad/char', 'a'.repeat(51)]) {
      const r = await a.api.post('/api/v1/maps', { alias, hostgroup_id: a.environmentId, layout: 2 })
      expect(r.status).toBe(400)
      expect(r.body.error.key).toBe('map_alias_invalid')
      expect(r.body.error.extra_info.field).toBe('body.alias')
    }
    const badName = await a.api.post('/api/v1/maps', { alias: 'Good alias', name: 'bad/name', hostgroup_id: a.environmentId, layout: 2 })
    expect([badName.status, badName.body.error.key]).toEqual([400, 'map_alias_invalid'])
    const noLayout = await a.api.post('/api/v1/maps', { alias: 'No layout', hostgroup_id: a.environmentId })
    expect(noLayout.status).toBe(400)
    expect(JSON.stringify(noLayout.body.error.extra_info)).toContain('layout')
    const first = await newMap(a)
    const dup = await a.api.post('/api/v1/maps', { alias: first.alias, hostgroup_id: a.environmentId, layout: 1 })
    expect(dup.status).toBe(409)
    expect(dup.body.error.key).toBe('map_already_exists')
    expect((await a.api.get('/api/v1/maps')).body.totalresults).toBe(before + 1)
  })

  it("hides another organization's map as map_not_found and refuses adding in its environment", async () => {
    const map = await newMap(a)
    for (const r of [
      await b.api.get(`/api/v1/maps/${map.id}`),
      await b.api.get(`/api/v1/maps/${map.id}/states`),
      await b.api.put(`/api/v1/maps/${map.id}`, { alias: 'Taken over' }),
      await b.api.del(`/api/v1/maps/${map.id}`),
    ]) {
      expect(r.status).toBe(404)
      expect(r.body.error.key).toBe('map_not_found')
    }
    expect((await b.api.get('/api/v1/maps')).body.result.map((m: { id: number }) => m.id)).not.toContain(map.id)
    const add = await b.api.post('/api/v1/maps', { alias: 'Intruder', hostgroup_id: a.environmentId, layout: 2 })
    expect(add.status).toBe(404)
  })

  it('needs maps_write to add and write to edit or delete (SPEC §6)', async () => {
    const operator = await colleague(a, 'operator')
    const map = await newMap(a)
    const add = await operator.api.post('/api/v1/maps', { alias: 'Operator map', hostgroup_id: a.environmentId, layout: 2 })
    expect(add.status).toBe(403)
    expect(add.body.error).toMatchObject({ key: 'unauthorized', extra_info: { action: 'maps_write' } })
    const seen = await operator.api.get(`/api/v1/maps/${map.id}`)
    expect(seen.body.allowed_actions).toEqual([])
    const edit = await operator.api.put(`/api/v1/maps/${map.id}`, { alias: 'Renamed' })
    expect(edit.status).toBe(403)
    expect(edit.body.error.extra_info).toMatchObject({ action: 'write', map_action: 'edit' })
    const del = await operator.api.del(`/api/v1/maps/${map.id}`)
    expect(del.status).toBe(403)
    expect(del.body.error.extra_info).toMatchObject({ action: 'write', map_action: 'delete' })
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).body.alias).toBe(map.alias)
  })

  it('edits the fields of SPEC §3 and lists maps with the SPEC §7 list protocol', async () => {
    const map = await newMap(a, { description: 'before' })
    const r = await a.api.put(`/api/v1/maps/${map.id}`, {
      alias: 'Edited alias',
      description: 'after',
      layout: 0,
      use_hard_state: true,
      tags: ['wan'],
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      alias: 'Edited alias',
      name: map.name,
      description: 'after',
      layout: 0,
      use_hard_state: true,
      tags: ['wan'],
    })
    const list = await a.api.get(
      `/api/v1/maps?filter=${encodeURIComponent(JSON.stringify({ layout: 0 }))}&columns=alias,layout&order=-alias`,
    )
    expect(list.status).toBe(200)
    expect(list.body.result).toContainEqual({ id: map.id, alias: 'Edited alias', layout: 0 })
    const grouped = await a.api.get('/api/v1/maps/grouped?group_by=layout&columns=alias')
    expect(grouped.body.result.find((g: { layout: number }) => g.layout === 0).result).toContainEqual({ id: map.id, alias: 'Edited alias' })
    const bad = await a.api.get(`/api/v1/maps?filter=${encodeURIComponent(JSON.stringify({ draft: 'x' }))}`)
    expect(bad.body.error.key).toBe('columns_not_allowed')
  })

  it("gives the lock to one editor: a second user is refused with the holder's name until it expires (SPEC §4, §9)", async () => {
    const other = await colleague(a, 'engineer')
    const map = await newMap(a)
    const mine = await a.api.post(`/api/v1/maps/${map.id}/lock`)
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ username: a.username, is_mine: true })
    const theirs = await other.api.post(`/api/v1/maps/${map.id}/lock`)
    expect(theirs.status).toBe(409)
    expect(theirs.body.error).toMatchObject({ key: 'map_not_locked_by_user', extra_info: { username: a.username } })
    expect((await other.api.get(`/api/v1/maps/${map.id}`)).body).toMatchObject({
      locked_by_someone: true,
      lock: { username: a.username, is_mine: false },
    })
    const del = await other.api.del(`/api/v1/maps/${map.id}`)
    expect(del.status).toBe(409)
    expect(del.body.error.key).toBe('map_not_locked_by_user')
    const edit = await other.api.put(`/api/v1/maps/${map.id}`, { alias: 'Renamed meanwhile' })
    expect(edit.body.error).toMatchObject({ key: 'map_not_locked_by_user', extra_info: { username: a.username } })
    expect((await other.api.post(`/api/v1/maps/${map.id}/publish`, {})).status).toBe(409)
    const save = await other.api.put(`/api/v1/maps/${map.id}/document`, { document: emptyDocument() })
    expect(save.body.error.key).toBe('map_not_locked_by_user')

    // The heartbeat renews: set the expiry close, renew, and it is 30 minutes away again.
    const dbh = server.vigil.store.db
    await dbh
      .updateTable('maps')
      .set({ lock_expires: Math.floor(Date.now() / 1000) + 5 })
      .where('id', '=', map.id)
      .execute()
    const renewed = await a.api.post(`/api/v1/maps/${map.id}/lock`)
    expect(renewed.body.expires).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + MAP_LOCK_EXPIRY_S - 5)

    // 30 minutes without a heartbeat: the lock is free and the other user takes it.
    await dbh
      .updateTable('maps')
      .set({ lock_expires: Math.floor(Date.now() / 1000) - 1 })
      .where('id', '=', map.id)
      .execute()
    expect((await other.api.get(`/api/v1/maps/${map.id}`)).body.lock).toBeNull()
    expect((await other.api.post(`/api/v1/maps/${map.id}/lock`)).status).toBe(200)
    const gone = await a.api.put(`/api/v1/maps/${map.id}/document`, { document: emptyDocument() })
    expect(gone.body.error).toMatchObject({ key: 'map_not_locked_by_user', extra_info: { username: other.username } })
    expect((await other.api.del(`/api/v1/maps/${map.id}/lock`)).status).toBe(204)
    const none = await other.api.del(`/api/v1/maps/${map.id}/lock`)
    expect(none.status).toBe(404)
    expect(none.body.error.key).toBe('map_lock_not_found')
    const unlocked = await a.api.put(`/api/v1/maps/${map.id}/document`, { document: emptyDocument() })
    expect(unlocked.body.error.key).toBe('map_lock_not_found')
  })

  it('saves a valid document and refuses a bad one naming the path, storing nothing (SPEC §5)', async () => {
    const host = (await a.api.post('/api/v1/hosts/', { name: uniq('doc-host'), hostgroup_id: a.environmentId, check_type: '1' })).body
    const map = await newMap(a)
    await a.api.post(`/api/v1/maps/${map.id}/lock`)
    const good: MapDocument = { ...emptyDocument(), items: { a: hostItem('a', host.id) } } as MapDocument
    const saved = await a.api.put(`/api/v1/maps/${map.id}/document`, { document: good })
    expect(saved.status).toBe(200)
    expect(saved.body.document.items.a.host_id).toBe(host.id)

    const twice = { ...good, items: { a: hostItem('a', host.id), b: hostItem('b', host.id, 100) } }
    const once = await a.api.put(`/api/v1/maps/${map.id}/document`, { document: twice })
    expect(once.status).toBe(400)
    expect(once.body.error.key).toBe('validation_failed')
    expect(once.body.error.extra_info.field).toBe('document.items.b')
    const badX = await a.api.put(`/api/v1/maps/${map.id}/document`, {
      document: { ...good, items: { a: { ...hostItem('a', host.id), x: 'left' } } },
    })
    expect(badX.body.error.extra_info.field).toBe('document.items.a.x')
    const self = await a.api.put(`/api/v1/maps/${map.id}/document`, {
      document: { ...good, connectors: { c: { id: 'c', from: 'a', to: 'a', z: 1, kind: 'plain' } } },
    })
    expect(self.body.error.key).toBe('validation_failed')
    expect(Object.keys((await a.api.get(`/api/v1/maps/${map.id}/document`)).body.document.items)).toEqual(['a'])
    const wide = { ...good, resolution: { width: 3840, height: 2160 }, background: { colour: '#102030', image_id: null } }
    expect((await a.api.put(`/api/v1/maps/${map.id}/document`, { document: wide })).status).toBe(200)
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).body).toMatchObject({
      resolution: { width: 3840, height: 2160 },
      background: { colour: '#102030' },
    })
  })

  it('applies a Yjs update to the draft and refuses one whose result breaks a rule, storing nothing', async () => {
    const hosts = await Promise.all(
      [1, 2].map(
        async () =>
          (await a.api.post('/api/v1/hosts/', { name: uniq('y-host'), hostgroup_id: a.environmentId, check_type: '1' })).body.id as number,
      ),
    )
    const map = await newMap(a)
    await a.api.post(`/api/v1/maps/${map.id}/lock`)
    const draft = (await a.api.get(`/api/v1/maps/${map.id}/document`)).body
    // The editor's Y.Doc starts from the server's state; its edits go up as one update.
    const ydoc = new Y.Doc()
    Y.applyUpdate(ydoc, Buffer.from(draft.ystate, 'base64'))
    const before = Y.encodeStateVector(ydoc)
    writeDocument(ydoc, { ...draft.document, items: { a: hostItem('a', hosts[0]) } })
    const token = await tokenOf(server, a)
    const post = async (update: Uint8Array) => {
      const r = await fetch(`${server.baseUrl}/api/v1/maps/${map.id}/document/updates`, {
        method: 'POST',
        body: new Uint8Array(update),
        headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      })
      return { status: r.status, body: await r.json() }
    }
    const ok = await post(Y.encodeStateAsUpdate(ydoc, before))
    expect(ok.status).toBe(200)
    expect(ok.body.document.items.a.host_id).toBe(hosts[0])

    // Placing the same host a second time (SPEC §5 "only once") is refused whole.
    const sv = Y.encodeStateVector(ydoc)
    ydoc.getMap('items').set('b', hostItem('b', hosts[0], 200))
    const dup = await post(Y.encodeStateAsUpdate(ydoc, sv))
    expect(dup.status).toBe(400)
    expect(dup.body.error.key).toBe('validation_failed')
    const junk = await post(new Uint8Array([1, 2, 3, 250, 251]))
    expect(junk.status).toBe(400)
    const stored = (await a.api.get(`/api/v1/maps/${map.id}/document`)).body
    expect(Object.keys(stored.document.items)).toEqual(['a'])
    expect(updateToDocument(Buffer.from(stored.ystate, 'base64'))).toMatchObject({ items: { a: { host_id: hosts[0] } } })
    expect(documentToUpdate(stored.document).length).toBeGreaterThan(0)
  })

  it('refuses junk bytes as a Yjs update with invalid_input and writes nothing (issue 13)', async () => {
    const map = await newMap(a)
    await a.api.post(`/api/v1/maps/${map.id}/lock`)
    const token = await tokenOf(server, a)
    const post = async (update: Uint8Array) => {
      const r = await fetch(`${server.baseUrl}/api/v1/maps/${map.id}/document/updates`, {
        method: 'POST',
        body: new Uint8Array(update),
        headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
      })
      return { status: r.status, body: await r.json() }
    }
    const stored = async () =>
      server.vigil.store.db
        .selectFrom('maps')
        .select(['draft', 'draft_ystate', 'draft_time', 'updated_time'])
        .where('id', '=', map.id)
        .executeTakeFirstOrThrow()
    const before = await stored()
    const mib = 1024 * 1024
    for (const junk of [Buffer.alloc(mib, 'A'), Buffer.from(Array.from({ length: mib }, (_, i) => i % 256)), Buffer.alloc(mib + 1, 0)]) {
      const r = await post(new Uint8Array(junk))
      expect(r.status).toBe(400)
      expect(r.body.error).toMatchObject({ key: 'invalid_input', extra_info: { field: 'body' } })
    }
    expect(await stored()).toEqual(before)
  })

  it("finds maps by name or alias in the map tab of search, only within the caller's organization (SPEC §2 Search)", async () => {
    const map = await newMap(a, { alias: 'Searchable Backbone', name: 'backbone-net' })
    const hits = (q: string, t: Tenant) =>
      t.api
        .get(`/api/v1/search?query=${encodeURIComponent(q)}`)
        .then((r) => r.body.result.aggregations.grouping.buckets.find((b: { key: string }) => b.key === 'map'))
    expect((await hits('searchable back', a)).hits).toEqual([
      expect.objectContaining({ id: map.id, alias: 'Searchable Backbone', name: 'backbone-net' }),
    ])
    expect((await hits('backbone-n', a)).doc_count).toBe(1)
    expect((await hits('Searchable', b)).doc_count).toBe(0)
  })

  it('deletes a map with its versions and records added, edited and deleted on the map timeline (SPEC §3 Map events)', async () => {
    const map = await newMap(a)
    await a.api.put(`/api/v1/maps/${map.id}`, { description: 'changed' })
    expect((await a.api.del(`/api/v1/maps/${map.id}`)).status).toBe(204)
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).status).toBe(404)
    const events = await a.api.get(`/api/v1/events?map_id=${map.id}&types=map`)
    expect(events.status).toBe(200)
    expect(events.body.result.map((e: { status: string }) => e.status)).toEqual(['deleted', 'edited', 'added'])
    expect(events.body.result[0]).toMatchObject({
      type: 'map',
      subject_name: map.alias,
      hostgroup_id: a.environmentId,
      username: a.username,
    })
    expect((await b.api.get(`/api/v1/events?map_id=${map.id}`)).body.result).toEqual([])
  })
})
