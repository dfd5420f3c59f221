/**
 * Maps generated from data (issue 7 "New map from…"; SPEC §3 Host parents/children, Map; SPEC §6 rights):
 * POST maps/generate from an environment, a tag, or a host and its children, laid out with connectors
 * parent→child; POST maps/:id/sync adds new hosts and keeps what a person placed; tenancy and bad input.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, type Tenant } from '../helpers/api'
import type { MapDocument } from '../../src/shared/maps/document'
import { invalidateScopes } from '../../src/server/store/scope'

describe.each(DATABASES)('maps generated from data on %s', (db) => {
  const {
    server,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })

  async function addHost(
    t: Tenant,
    name: string,
    extra: { parents?: string[]; tags?: string[]; labels?: Record<string, string>; hostgroup_id?: number } = {},
  ) {
    const r = await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1', ...extra })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return r.body.id as number
  }
  const draft = async (t: Tenant, id: number) => (await t.api.get(`/api/v1/maps/${id}/document?version=draft`)).body.document as MapDocument
  const hostItems = (doc: MapDocument) => Object.values(doc.items).flatMap((i) => (i.kind === 'host' ? [i] : []))
  const itemOf = (doc: MapDocument, hostId: number) => hostItems(doc).find((i) => i.host_id === hostId)!
  const mapCount = async () =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom('maps')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('makes a draft map of every host of an environment, in a grid without overlaps', async () => {
    const t = await addTenant()
    const ids = [await addHost(t, uniq('web')), await addHost(t, uniq('web')), await addHost(t, uniq('db'))]
    const r = await t.api.post('/api/v1/maps/generate', {
      alias: 'All hosts',
      hostgroup_id: t.environmentId,
      from: { kind: 'environment', hostgroup_id: t.environmentId },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ alias: 'All hosts', name: 'All hosts', status: 'draft', generated: true, layout: 2 })
    const doc = await draft(t, r.body.id)
    expect(
      hostItems(doc)
        .map((i) => i.host_id)
        .sort(),
    ).toEqual([...ids].sort())
    expect(Object.keys(doc.connectors)).toEqual([])
    const spots = new Set(hostItems(doc).map((i) => `${i.x},${i.y}`))
    expect(spots.size).toBe(3)
  })

  it('makes a layered map of a host and its children, with a connector per parent→child link (SPEC §3)', async () => {
    const root = uniq('core')
    const rootId = await addHost(a, root)
    const distA = uniq('dist')
    const distAId = await addHost(a, distA, { parents: [root] })
    const distBId = await addHost(a, uniq('dist'), { parents: [root] })
    const accessId = await addHost(a, uniq('acc'), { parents: [distA] })
    const unrelated = await addHost(a, uniq('lonely'))
    const r = await a.api.post('/api/v1/maps/generate', {
      alias: uniq('Core tree'),
      hostgroup_id: a.environmentId,
      layout: 3,
      from: { kind: 'host', host_id: rootId },
    })
    expect(r.status).toBe(201)
    expect(r.body.layout).toBe(3)
    const doc = await draft(a, r.body.id)
    expect(
      hostItems(doc)
        .map((i) => i.host_id)
        .sort(),
    ).toEqual([rootId, distAId, distBId, accessId].sort())
    expect(hostItems(doc).some((i) => i.host_id === unrelated)).toBe(false)
    // Rows by depth: root above the distribution hosts, the access host below them.
    expect(itemOf(doc, distAId).y).toBeGreaterThan(itemOf(doc, rootId).y)
    expect(itemOf(doc, distAId).y).toBe(itemOf(doc, distBId).y)
    expect(itemOf(doc, accessId).y).toBeGreaterThan(itemOf(doc, distAId).y)
    const links = Object.values(doc.connectors).map((c) =>
      [doc.items[c.from], doc.items[c.to]].map((i) => (i.kind === 'host' ? i.host_id : 0)),
    )
    expect(links).toEqual(
      expect.arrayContaining([
        [rootId, distAId],
        [rootId, distBId],
        [distAId, accessId],
      ]),
    )
    expect(links).toHaveLength(3)
  })

  it('makes a map of the hosts with a tag, and only those, whatever characters the tag has', async () => {
    // Quotes, backslashes and LIKE wildcards in a tag are plain characters.
    const tag = `${uniq('rack')}_1% "a\\b"`
    const tagged = [await addHost(a, uniq('srv'), { tags: [tag, 'linux'] }), await addHost(a, uniq('srv'), { tags: [tag] })]
    await addHost(a, uniq('srv'), { tags: [`${tag}-other`] })
    const r = await a.api.post('/api/v1/maps/generate', { alias: uniq('Rack'), hostgroup_id: a.environmentId, from: { kind: 'tag', tag } })
    expect(r.status).toBe(201)
    expect(
      hostItems(await draft(a, r.body.id))
        .map((i) => i.host_id)
        .sort(),
    ).toEqual(tagged.sort())
  })

  it('makes a map of the hosts with a label, by key or by key=value (issue 7 "a label/tag")', async () => {
    const key = uniq('role')
    const db = [
      await addHost(a, uniq('srv'), { labels: { [key]: 'db' } }),
      await addHost(a, uniq('srv'), { labels: { [key]: 'db', site: 'x' } }),
    ]
    const web = await addHost(a, uniq('srv'), { labels: { [key]: 'web' } })
    await addHost(a, uniq('srv'), { labels: { [`${key}-other`]: 'db' } })
    const byValue = await a.api.post('/api/v1/maps/generate', {
      alias: uniq('Db'),
      hostgroup_id: a.environmentId,
      from: { kind: 'tag', tag: `${key}=db` },
    })
    expect(byValue.status).toBe(201)
    expect(
      hostItems(await draft(a, byValue.body.id))
        .map((i) => i.host_id)
        .sort(),
    ).toEqual(db.sort())
    const byKey = await a.api.post('/api/v1/maps/generate', {
      alias: uniq('Roles'),
      hostgroup_id: a.environmentId,
      from: { kind: 'tag', tag: key },
    })
    expect(
      hostItems(await draft(a, byKey.body.id))
        .map((i) => i.host_id)
        .sort(),
    ).toEqual([...db, web].sort())
  })

  it('re-sync adds new hosts under their parent and never moves what a person placed (issue 7)', async () => {
    const root = uniq('gw')
    const rootId = await addHost(a, root)
    const childId = await addHost(a, uniq('sw'), { parents: [root] })
    const map = (
      await a.api.post('/api/v1/maps/generate', {
        alias: uniq('Gateway'),
        hostgroup_id: a.environmentId,
        from: { kind: 'host', host_id: rootId },
      })
    ).body
    // A person moves the child far away and saves (the editor holds the lock while saving).
    const doc = await draft(a, map.id)
    const child = itemOf(doc, childId)
    child.x = 1500
    child.y = 700
    expect((await a.api.post(`/api/v1/maps/${map.id}/lock`)).status).toBe(200)
    expect((await a.api.put(`/api/v1/maps/${map.id}/document`, { document: doc })).status).toBe(200)
    expect((await a.api.del(`/api/v1/maps/${map.id}/lock`)).status).toBe(204)

    const grandchildId = await addHost(a, uniq('ap'), { parents: [(await a.api.get(`/api/v1/hosts/${childId}`)).body.name] })
    const synced = await a.api.post(`/api/v1/maps/${map.id}/sync`)
    expect(synced.status).toBe(200)
    expect(synced.body.has_unpublished_changes).toBe(true)
    const after = await draft(a, map.id)
    for (const [id, item] of Object.entries(doc.items)) expect(after.items[id]).toEqual(item)
    const added = itemOf(after, grandchildId)
    expect(added.y).toBeGreaterThan(700)
    expect(Math.abs(added.x - 1500)).toBeLessThanOrEqual(200)
    expect(Object.values(after.connectors).some((c) => c.from === child.id && c.to === added.id)).toBe(true)
    // Nothing new: nothing changes.
    await a.api.post(`/api/v1/maps/${map.id}/sync`)
    expect(await draft(a, map.id)).toEqual(after)
  })

  it('re-sync leaves out a host a person removed from the map, and still adds the new ones (issue 7)', async () => {
    const tag = uniq('floor')
    const [kept, removed] = [await addHost(a, uniq('srv'), { tags: [tag] }), await addHost(a, uniq('srv'), { tags: [tag] })]
    const map = (
      await a.api.post('/api/v1/maps/generate', { alias: uniq('Floor'), hostgroup_id: a.environmentId, from: { kind: 'tag', tag } })
    ).body
    const doc = await draft(a, map.id)
    delete doc.items[itemOf(doc, removed).id]
    doc.connectors = {}
    expect((await a.api.post(`/api/v1/maps/${map.id}/lock`)).status).toBe(200)
    expect((await a.api.put(`/api/v1/maps/${map.id}/document`, { document: doc })).status).toBe(200)
    expect((await a.api.del(`/api/v1/maps/${map.id}/lock`)).status).toBe(204)
    const added = await addHost(a, uniq('srv'), { tags: [tag] })
    expect((await a.api.post(`/api/v1/maps/${map.id}/sync`)).status).toBe(200)
    expect(
      hostItems(await draft(a, map.id))
        .map((i) => i.host_id)
        .sort(),
    ).toEqual([kept, added].sort())
  })

  it('refuses re-sync while another user edits the map (409 map_not_locked_by_user naming them, SPEC §2)', async () => {
    const colleague = await addTenant()
    const db = server.vigil.store.db
    const user = await db.selectFrom('users').select('id').where('username', '=', colleague.username).executeTakeFirstOrThrow()
    await db.updateTable('user_rights').set({ organization_id: a.organizationId }).where('user_id', '=', user.id).execute()
    invalidateScopes()
    const rootId = await addHost(a, uniq('edge'))
    const map = (
      await a.api.post('/api/v1/maps/generate', {
        alias: uniq('Edge'),
        hostgroup_id: a.environmentId,
        from: { kind: 'host', host_id: rootId },
      })
    ).body
    expect((await colleague.api.post(`/api/v1/maps/${map.id}/lock`)).status).toBe(200)
    const before = await draft(a, map.id)
    await addHost(a, uniq('edge-child'), { parents: [(await a.api.get(`/api/v1/hosts/${rootId}`)).body.name] })
    const r = await a.api.post(`/api/v1/maps/${map.id}/sync`)
    expect([r.status, r.body.error.key, r.body.error.extra_info.username]).toEqual([409, 'map_not_locked_by_user', colleague.username])
    expect(await draft(a, map.id)).toEqual(before)
  })

  it('refuses to re-sync a map that was drawn, not generated: 400 invalid_operation', async () => {
    const drawn = (await a.api.post('/api/v1/maps', { alias: uniq('Drawn'), hostgroup_id: a.environmentId, layout: 2 })).body
    const r = await a.api.post(`/api/v1/maps/${drawn.id}/sync`)
    expect([r.status, r.body.error.key]).toEqual([400, 'invalid_operation'])
  })

  it("never shows another organization's hosts: their environment and host read as not found, nothing is written (SPEC §6)", async () => {
    const theirHost = await addHost(b, uniq('secret'))
    const before = await mapCount()
    const env = await a.api.post('/api/v1/maps/generate', {
      alias: uniq('Spy'),
      hostgroup_id: a.environmentId,
      from: { kind: 'environment', hostgroup_id: b.environmentId },
    })
    expect([env.status, env.body.error.key]).toEqual([404, 'hostgroup_not_found'])
    const host = await a.api.post('/api/v1/maps/generate', {
      alias: uniq('Spy'),
      hostgroup_id: a.environmentId,
      from: { kind: 'host', host_id: theirHost },
    })
    expect([host.status, host.body.error.key]).toEqual([404, 'host_not_found'])
    const target = await a.api.post('/api/v1/maps/generate', {
      alias: uniq('Spy'),
      hostgroup_id: b.environmentId,
      from: { kind: 'environment', hostgroup_id: a.environmentId },
    })
    expect([target.status, target.body.error.key]).toEqual([404, 'hostgroup_not_found'])
    expect(await mapCount()).toBe(before)
    expect(
      (
        await b.api.post(
          `/api/v1/maps/${(await b.api.post('/api/v1/maps', { alias: uniq('Theirs'), hostgroup_id: b.environmentId, layout: 2 })).body.id}/sync`,
        )
      ).status,
    ).toBe(400)
  })

  it('rejects bad input with a 400 naming the field, and a name taken in the environment with 409 (SPEC §5)', async () => {
    const before = await mapCount()
    const base = { alias: uniq('Bad'), hostgroup_id: a.environmentId, from: { kind: 'environment', hostgroup_id: a.environmentId } }
    for (const [body, field] of [
      [{ ...base, alias: 'a' }, 'alias'],
      [{ ...base, from: { kind: 'label', name: 'x' } }, 'from'],
      [{ ...base, from: { kind: 'tag', tag: '' } }, 'tag'],
      [{ ...base, layout: 7 }, 'layout'],
    ] as const) {
      const r = await a.api.post('/api/v1/maps/generate', body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      // SPEC §8: a bad map alias has its own key.
      expect(r.body.error.key).toBe(field === 'alias' ? 'map_alias_invalid' : 'validation_failed')
      expect(JSON.stringify(r.body.error.extra_info)).toContain(field)
    }
    expect(await mapCount()).toBe(before)
    const alias = uniq('Twice')
    expect((await a.api.post('/api/v1/maps/generate', { ...base, alias })).status).toBe(201)
    const again = await a.api.post('/api/v1/maps/generate', { ...base, alias })
    expect([again.status, again.body.error.key]).toEqual([409, 'map_already_exists'])
  })

  it('needs maps_write on the environment: an operator gets 403 unauthorized (SPEC §6)', async () => {
    const operator = await addTenant('operator')
    const r = await operator.api.post('/api/v1/maps/generate', {
      alias: uniq('Nope'),
      hostgroup_id: operator.environmentId,
      from: { kind: 'environment', hostgroup_id: operator.environmentId },
    })
    expect([r.status, r.body.error.key]).toEqual([403, 'unauthorized'])
  })
})
