/**
 * Issue 18: the map lock belongs to one editing session (a browser tab), not to the user. A second session of the
 * same user is told that the user holds it and since when, may take it over explicitly, and the first session's
 * saves are then refused; another user can never take it over (SPEC §2 "A map locked by another user cannot be
 * edited", §4 Maps, §9 lock expiry).
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'
import { emptyDocument } from '../../src/shared/maps/document'
import { invalidateScopes } from '../../src/server/store/scope'

describe.each(DATABASES)('map lock per editing session on %s', (db) => {
  const {
    server,
    addTenant,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })

  const newMap = async () => {
    const r = await a.api.post('/api/v1/maps', { alias: uniq('lockmap'), hostgroup_id: a.environmentId, layout: 2 })
    expect(r.status).toBe(201)
    return r.body as { id: number }
  }
  const save = (id: number, session: string) => a.api.put(`/api/v1/maps/${id}/document?session=${session}`, { document: emptyDocument() })

  it('refuses a second session of the same user, naming the user and since when, until it takes over', async () => {
    const map = await newMap()
    const first = await a.api.post(`/api/v1/maps/${map.id}/lock?session=tab-one`)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ username: a.username, is_mine: true, same_user: true })
    const since = first.body.since
    expect(since).toBeGreaterThan(0)

    // The heartbeat of the holding session renews without moving "since".
    const renewed = await a.api.post(`/api/v1/maps/${map.id}/lock?session=tab-one`)
    expect(renewed.body).toMatchObject({ is_mine: true, since })

    const second = await a.api.post(`/api/v1/maps/${map.id}/lock?session=tab-two`)
    expect(second.status).toBe(409)
    expect(second.body.error).toMatchObject({ key: 'map_not_locked_by_user', extra_info: { username: a.username, same_user: true, since } })
    expect((await save(map.id, 'tab-two')).body.error.key).toBe('map_not_locked_by_user')
    expect((await a.api.del(`/api/v1/maps/${map.id}/lock?session=tab-two`)).status).toBe(409)
    expect((await save(map.id, 'tab-one')).status).toBe(200)

    const taken = await a.api.post(`/api/v1/maps/${map.id}/lock?session=tab-two&take_over=true`)
    expect(taken.status).toBe(200)
    expect(taken.body).toMatchObject({ is_mine: true, same_user: true })
    // The first tab has lost it: its saves and heartbeats are refused and say the user holds it elsewhere.
    const lost = await save(map.id, 'tab-one')
    expect(lost.status).toBe(409)
    expect(lost.body.error).toMatchObject({ key: 'map_not_locked_by_user', extra_info: { same_user: true } })
    expect((await a.api.post(`/api/v1/maps/${map.id}/lock?session=tab-one`)).status).toBe(409)
    expect((await save(map.id, 'tab-two')).status).toBe(200)

    // The map itself still counts as the user's (lists show no "locked by someone" for their own tabs).
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).body).toMatchObject({ locked_by_someone: false, lock: { is_mine: true } })
    expect((await a.api.del(`/api/v1/maps/${map.id}/lock?session=tab-two`)).status).toBe(204)
  })

  it('never lets another user take the lock over', async () => {
    const other = await addTenant('engineer')
    const dbh = server.vigil.store.db
    const user = await dbh.selectFrom('users').select('id').where('username', '=', other.username).executeTakeFirstOrThrow()
    await dbh.deleteFrom('user_rights').where('user_id', '=', user.id).execute()
    await dbh
      .insertInto('user_rights')
      .values({ user_id: user.id, organization_id: a.organizationId, hostgroup_id: null, authorization_group: 'engineer' })
      .execute()
    invalidateScopes()
    const map = await newMap()
    expect((await a.api.post(`/api/v1/maps/${map.id}/lock?session=tab-one`)).status).toBe(200)
    const refused = await other.api.post(`/api/v1/maps/${map.id}/lock?session=theirs&take_over=true`)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatchObject({ key: 'map_not_locked_by_user', extra_info: { username: a.username, same_user: false } })
    expect((await save(map.id, 'tab-one')).status).toBe(200)
  })

  it('refuses a malformed session name without touching the lock', async () => {
    const map = await newMap()
    const bad = await a.api.post(`/api/v1/maps/${map.id}/lock?session=${encodeURIComponent('x y<')}`)
    expect(bad.status).toBe(400)
    expect((await a.api.get(`/api/v1/maps/${map.id}`)).body.lock).toBeNull()
  })
})
