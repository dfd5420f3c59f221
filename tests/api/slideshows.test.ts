/**
 * Slideshows (SPEC §3 Slideshow: alias, name, delay in seconds, list of maps; SPEC §2 slideshow routes;
 * SPEC §5 name rules; SPEC §6 maps_write to add, write to edit and delete; SPEC §8 slideshow_already_exists;
 * issue 7 follow alarms): CRUD, by-name, ordering, bad input without partial writes, rights and tenancy,
 * and the maps' `slideshows` field of the SPEC §2 Maps table expanded row.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, type Tenant } from '../helpers/api'
import { invalidateScopes } from '../../src/server/store/scope'

describe.each(DATABASES)('slideshows on %s', (db) => {
  const {
    server,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })

  async function newMap(t: Tenant, alias = uniq('map')) {
    const r = await t.api.post('/api/v1/maps', { alias, hostgroup_id: t.environmentId, layout: 2 })
    expect(r.status).toBe(201)
    return r.body as { id: number; name: string; alias: string }
  }
  const slideshowCount = async () =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom('slideshows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('creates a slideshow with its maps in order, reads it by id and by environment and name (SPEC §2, §3)', async () => {
    const [m1, m2, m3] = [await newMap(a, 'Core network'), await newMap(a, 'Datacenter'), await newMap(a, 'Branches')]
    const r = await a.api.post('/api/v1/slideshows', {
      alias: 'NOC wall',
      hostgroup_id: a.environmentId,
      delay: 20,
      map_ids: [m3.id, m1.id, m2.id],
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ alias: 'NOC wall', name: 'NOC wall', delay: 20, follow_alarms: false, hostgroup_id: a.environmentId })
    expect(r.body.maps.map((m: { alias: string }) => m.alias)).toEqual(['Branches', 'Core network', 'Datacenter'])
    expect(r.body.allowed_actions).toEqual(expect.arrayContaining(['write', 'maps_write']))
    const env = (await a.api.get(`/api/v1/hostgroups/${a.environmentId}`)).body
    const byName = await a.api.get(`/api/v1/slideshows/by-name/${encodeURIComponent(env.name)}/${encodeURIComponent('NOC wall')}`)
    expect(byName.status).toBe(200)
    expect(byName.body).toEqual((await a.api.get(`/api/v1/slideshows/${r.body.id}`)).body)
    expect(byName.body.hostgroup_name).toBe(env.name)
  })

  it('lists slideshows with the SPEC §7 list protocol, sorted by alias, filterable', async () => {
    const t = await addTenant()
    const m = await newMap(t)
    for (const alias of ['Zulu wall', 'Alpha wall', 'Mid wall'])
      expect((await t.api.post('/api/v1/slideshows', { alias, hostgroup_id: t.environmentId, delay: 10, map_ids: [m.id] })).status).toBe(
        201,
      )
    const all = await t.api.get('/api/v1/slideshows')
    expect(all.body.totalresults).toBe(3)
    expect(all.body.result.map((s: { alias: string }) => s.alias)).toEqual(['Alpha wall', 'Mid wall', 'Zulu wall'])
    expect(all.body.result[0].maps).toEqual([{ id: m.id, name: m.name, alias: m.alias, hostgroup_name: expect.any(String) }])
    const filtered = await t.api.get(
      `/api/v1/slideshows?advanced_filter=${encodeURIComponent(JSON.stringify([{ key: 'alias', operator: 'contains', value: 'mid' }]))}`,
    )
    expect(filtered.body.result.map((s: { alias: string }) => s.alias)).toEqual(['Mid wall'])
    // SPEC §7 "grouped: GET {base}grouped", each row with its maps as the list gives them.
    const grouped = await t.api.get('/api/v1/slideshows/grouped?group_by=hostgroup_id&order=alias')
    expect(grouped.status).toBe(200)
    expect(grouped.body.result).toHaveLength(1)
    expect(grouped.body.result[0]).toMatchObject({ hostgroup_id: t.environmentId, totalresults: 3 })
    expect(grouped.body.result[0].result.map((s: { alias: string }) => s.alias)).toEqual(['Alpha wall', 'Mid wall', 'Zulu wall'])
    expect(grouped.body.result[0].result[0].maps).toEqual(all.body.result[0].maps)
    expect(
      (
        await t.api.get(
          '/api/v1/slideshows?advanced_filter=' + encodeURIComponent(JSON.stringify([{ key: 'secret', operator: 'equals', value: 1 }])),
        )
      ).body.error.key,
    ).toBe('columns_not_allowed')
  })

  it('refuses a second slideshow with the same name in the environment: 409 slideshow_already_exists (SPEC §8)', async () => {
    const m = await newMap(a)
    const body = { alias: uniq('Wall'), hostgroup_id: a.environmentId, delay: 30, map_ids: [m.id] }
    expect((await a.api.post('/api/v1/slideshows', body)).status).toBe(201)
    const before = await slideshowCount()
    const again = await a.api.post('/api/v1/slideshows', { ...body, delay: 60 })
    expect(again.status).toBe(409)
    expect(again.body.error.key).toBe('slideshow_already_exists')
    expect(await slideshowCount()).toBe(before)
    // Another environment may use the name.
    expect(
      (await b.api.post('/api/v1/slideshows', { ...body, hostgroup_id: b.environmentId, map_ids: [(await newMap(b)).id] })).status,
    ).toBe(201)
  })

  it('rejects bad names, delays and map lists with a 400 naming the field, writing nothing (SPEC §5)', async () => {
    const m = await newMap(a)
    const ok = { alias: uniq('Wall'), hostgroup_id: a.environmentId, delay: 30, map_ids: [m.id] }
    const before = await slideshowCount()
    const cases: [object, string][] = [
      [{ ...ok, alias: 'x' }, 'alias'],
      [{ ...ok, alias: 'two  spaces' }, 'alias'],
      [{ ...ok, alias: 'semi;colon' }, 'alias'],
      [{ ...ok, name: 'a'.repeat(51) }, 'name'],
      [{ ...ok, delay: 0 }, 'delay'],
      [{ ...ok, delay: 'soon' }, 'delay'],
      [{ ...ok, map_ids: [] }, 'map_ids'],
    ]
    for (const [body, field] of cases) {
      const r = await a.api.post('/api/v1/slideshows', body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.error.key).toBe('validation_failed')
      expect(JSON.stringify(r.body.error.extra_info)).toContain(field)
    }
    const twice = await a.api.post('/api/v1/slideshows', { ...ok, map_ids: [m.id, m.id] })
    expect([twice.status, twice.body.error.key, twice.body.error.extra_info.field]).toEqual([400, 'validation_failed', 'map_ids'])
    expect(await slideshowCount()).toBe(before)
  })

  it("accepts only maps the caller may see in the organization: another tenant's map is map_not_found (SPEC §6)", async () => {
    const mine = await newMap(a)
    const theirs = await newMap(b)
    const before = await slideshowCount()
    const r = await a.api.post('/api/v1/slideshows', {
      alias: uniq('Wall'),
      hostgroup_id: a.environmentId,
      delay: 30,
      map_ids: [mine.id, theirs.id],
    })
    expect([r.status, r.body.error.key, r.body.error.extra_info.ids]).toEqual([404, 'map_not_found', [theirs.id]])
    expect(await slideshowCount()).toBe(before)
    // Another organization's environment reads as not found.
    const other = await a.api.post('/api/v1/slideshows', {
      alias: uniq('Wall'),
      hostgroup_id: b.environmentId,
      delay: 30,
      map_ids: [theirs.id],
    })
    expect([other.status, other.body.error.key]).toEqual([404, 'hostgroup_not_found'])
  })

  it('keeps slideshows of one organization from another: list, get, by-name, update and delete (SPEC §6)', async () => {
    const show = (
      await a.api.post('/api/v1/slideshows', {
        alias: uniq('Wall'),
        hostgroup_id: a.environmentId,
        delay: 30,
        map_ids: [(await newMap(a)).id],
      })
    ).body
    expect((await b.api.get('/api/v1/slideshows')).body.result.map((s: { id: number }) => s.id)).not.toContain(show.id)
    expect((await b.api.get(`/api/v1/slideshows/${show.id}`)).status).toBe(404)
    expect((await b.api.get(`/api/v1/slideshows/by-name/${show.hostgroup_name}/${show.name}`)).body.error.key).toBe('slideshow_not_found')
    expect((await b.api.put(`/api/v1/slideshows/${show.id}`, { delay: 5 })).status).toBe(404)
    expect((await b.api.del(`/api/v1/slideshows/${show.id}`)).status).toBe(404)
    expect((await a.api.get(`/api/v1/slideshows/${show.id}`)).body.delay).toBe(30)
  })

  it('edits alias, delay, follow alarms and the order of maps; the name changes only when given', async () => {
    const [m1, m2, m3] = [await newMap(a), await newMap(a), await newMap(a)]
    const show = (
      await a.api.post('/api/v1/slideshows', { alias: uniq('Wall'), hostgroup_id: a.environmentId, delay: 30, map_ids: [m1.id, m2.id] })
    ).body
    const r = await a.api.put(`/api/v1/slideshows/${show.id}`, {
      alias: 'Renamed wall',
      delay: 45,
      follow_alarms: true,
      map_ids: [m3.id, m1.id],
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ alias: 'Renamed wall', name: show.name, delay: 45, follow_alarms: true })
    expect(r.body.maps.map((m: { id: number }) => m.id)).toEqual([m3.id, m1.id])
    const clash = (
      await a.api.post('/api/v1/slideshows', { alias: uniq('Other'), hostgroup_id: a.environmentId, delay: 30, map_ids: [m1.id] })
    ).body
    const refused = await a.api.put(`/api/v1/slideshows/${clash.id}`, { name: show.name, delay: 99 })
    expect([refused.status, refused.body.error.key]).toEqual([409, 'slideshow_already_exists'])
    expect((await a.api.get(`/api/v1/slideshows/${clash.id}`)).body.delay).toBe(30)
    const badMaps = await a.api.put(`/api/v1/slideshows/${show.id}`, { alias: 'Half written', map_ids: [m1.id, 999999] })
    expect(badMaps.status).toBe(404)
    const after = (await a.api.get(`/api/v1/slideshows/${show.id}`)).body
    expect([after.alias, after.maps.map((m: { id: number }) => m.id)]).toEqual(['Renamed wall', [m3.id, m1.id]])
  })

  it('lists the slideshows containing a map on the map, sorted by alias (SPEC §2 Maps table expanded row)', async () => {
    const m = await newMap(a)
    const other = await newMap(a)
    const zeta = (
      await a.api.post('/api/v1/slideshows', { alias: 'Zeta wall', hostgroup_id: a.environmentId, delay: 30, map_ids: [m.id, other.id] })
    ).body
    const alpha = (
      await a.api.post('/api/v1/slideshows', { alias: 'Alpha wall', hostgroup_id: a.environmentId, delay: 30, map_ids: [m.id] })
    ).body
    const info = (await a.api.get(`/api/v1/maps/${m.id}`)).body
    expect(info.slideshows).toEqual([
      { id: alpha.id, name: alpha.name, alias: 'Alpha wall', hostgroup_id: a.environmentId },
      { id: zeta.id, name: zeta.name, alias: 'Zeta wall', hostgroup_id: a.environmentId },
    ])
    // Deleting a slideshow takes it off the map; deleting a map takes it out of the slideshow.
    expect((await a.api.del(`/api/v1/slideshows/${alpha.id}`)).status).toBe(204)
    expect((await a.api.get(`/api/v1/maps/${m.id}`)).body.slideshows.map((s: { id: number }) => s.id)).toEqual([zeta.id])
    expect((await a.api.del(`/api/v1/maps/${m.id}`)).status).toBe(204)
    expect((await a.api.get(`/api/v1/slideshows/${zeta.id}`)).body.maps.map((x: { id: number }) => x.id)).toEqual([other.id])
  })

  it('needs maps_write to add and write to edit or delete: 403 unauthorized for an operator (SPEC §6)', async () => {
    const m = await newMap(a)
    const show = (
      await a.api.post('/api/v1/slideshows', { alias: uniq('Wall'), hostgroup_id: a.environmentId, delay: 30, map_ids: [m.id] })
    ).body
    const operator = await addTenant('operator')
    // The operator of organization a: same organization, fewer rights.
    const db = server.vigil.store.db
    const user = await db.selectFrom('users').select('id').where('username', '=', operator.username).executeTakeFirstOrThrow()
    await db.updateTable('users').set({ organization_id: a.organizationId }).where('id', '=', user.id).execute()
    await db.updateTable('user_rights').set({ organization_id: a.organizationId }).where('user_id', '=', user.id).execute()
    invalidateScopes()
    expect((await operator.api.get(`/api/v1/slideshows/${show.id}`)).body.allowed_actions).not.toContain('write')
    const add = await operator.api.post('/api/v1/slideshows', {
      alias: uniq('Wall'),
      hostgroup_id: a.environmentId,
      delay: 30,
      map_ids: [m.id],
    })
    expect([add.status, add.body.error.key]).toEqual([403, 'unauthorized'])
    expect((await operator.api.put(`/api/v1/slideshows/${show.id}`, { delay: 5 })).status).toBe(403)
    expect((await operator.api.del(`/api/v1/slideshows/${show.id}`)).status).toBe(403)
    expect((await a.api.get(`/api/v1/slideshows/${show.id}`)).body.delay).toBe(30)
  })
})
