/**
 * Issue 15 "Environments": create, rename, delete with SPEC §8 keys, `hostgroup_write` required (SPEC §6), and
 * SPEC §3 environment lists (named sets, ids `group-{id}` in preferences) offered to the environment selector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { adminClient, login, makeTenant, uniq, type Client, type Tenant } from '../helpers/api'

const PASSWORD = 'a-long-enough-password'

describe.each(DATABASES)('environments and environment lists on %s', (db) => {
  let server: TestServer
  let admin: Client
  let a: Tenant
  let b: Tenant
  let operator: Client

  beforeAll(async () => {
    server = await startServer({ db })
    admin = await adminClient(server)
    a = await makeTenant(server, admin)
    b = await makeTenant(server, admin)
    const username = uniq('op')
    const created = await a.api.post('/api/v1/users', {
      username,
      password: PASSWORD,
      organization_id: a.organizationId,
      authorizations: [{ organization_id: a.organizationId, hostgroup_id: null, group: 'operator' }],
    })
    expect(created.status).toBe(201)
    operator = await login(server, username, PASSWORD)
  })
  afterAll(() => server.close())

  it('creates, renames and deletes an environment; the last one and a non-empty one stay', async () => {
    const env = await a.api.post('/api/v1/environments', { name: uniq('env'), organization_id: a.organizationId })
    expect(env.status).toBe(201)
    expect((await a.api.post('/api/v1/environments', { name: env.body.name, organization_id: a.organizationId })).body.error.key).toBe(
      'hostgroup_already_exists',
    )
    expect((await a.api.post('/api/v1/environments', { name: 'bad<name>', organization_id: a.organizationId })).body.error.key).toBe(
      'hostgroup_name_invalid',
    )
    expect((await a.api.put(`/api/v1/environments/${env.body.id}`, { alias: 'Production' })).body.alias).toBe('Production')
    const host = await a.api.post('/api/v1/hosts/', { name: uniq('h'), hostgroup_id: env.body.id, check_type: '1' })
    expect(host.status).toBe(201)
    expect((await a.api.del(`/api/v1/environments/${env.body.id}`)).body.error.key).toBe('hostgroup_not_empty')
    expect((await a.api.del(`/api/v1/hosts/${host.body.id}`)).status).toBe(204)
    expect((await a.api.del(`/api/v1/environments/${env.body.id}`)).status).toBe(204)
    const last = await a.api.del(`/api/v1/environments/${a.environmentId}`)
    expect([last.status, last.body.error.key]).toEqual([409, 'hostgroup_last_in_organization'])
  })

  it('refuses environment changes without hostgroup_write, and hides them from another organization', async () => {
    expect((await operator.post('/api/v1/environments', { name: uniq('env'), organization_id: a.organizationId })).status).toBe(403)
    expect((await operator.put(`/api/v1/environments/${a.environmentId}`, { alias: 'x' })).status).toBe(403)
    expect((await b.api.get(`/api/v1/environments/${a.environmentId}`)).body.error.key).toBe('hostgroup_not_found')
    expect((await b.api.post('/api/v1/environments', { name: uniq('env'), organization_id: a.organizationId })).body.error.key).toBe(
      'organization_not_found',
    )
  })

  it('keeps environment lists: the selector offers them as group-{id}, and preferences accept only those', async () => {
    const second = await a.api.post('/api/v1/environments', { name: uniq('env'), organization_id: a.organizationId })
    const ids = [a.environmentId, second.body.id]
    const list = await a.api.post('/api/v1/environment-lists', {
      name: 'Production set',
      organization_id: a.organizationId,
      environment_ids: ids,
    })
    expect(list.status).toBe(201)
    expect(list.body).toMatchObject({
      name: 'Production set',
      organization_id: a.organizationId,
      environment_ids: ids.sort((x, y) => x - y),
    })
    const dup = await a.api.post('/api/v1/environment-lists', {
      name: 'Production set',
      organization_id: a.organizationId,
      environment_ids: [],
    })
    expect(dup.body.error.key).toBe('hostgroup_already_exists')
    const foreign = await a.api.post('/api/v1/environment-lists', {
      name: 'Foreign',
      organization_id: a.organizationId,
      environment_ids: [b.environmentId],
    })
    expect(foreign.body.error.key).toBe('hostgroup_not_found')

    // The operator sees the list (to select it) but may not change it.
    const me = (await operator.get('/api/v1/users/current')).body
    expect(me.allowed_environment_lists).toEqual([
      {
        id: String(list.body.id),
        name: 'Production set',
        organization_id: a.organizationId,
        environment_ids: list.body.environment_ids,
      },
    ])
    expect((await operator.put(`/api/v1/environment-lists/${list.body.id}`, { name: 'Mine' })).status).toBe(403)
    const pref = await operator.put('/api/v1/users/current', { preferences: { environmentFilter: [`group-${list.body.id}`] } })
    expect(pref.body.preferences.environmentFilter).toEqual([`group-${list.body.id}`])
    expect((await operator.put('/api/v1/users/current', { preferences: { environmentFilter: ['group-999999'] } })).body.error.key).toBe(
      'hostgroup_not_found',
    )

    // Another organization sees nothing of it.
    expect((await b.api.get('/api/v1/environment-lists')).body).toEqual([])
    expect((await b.api.get(`/api/v1/environment-lists/${list.body.id}`)).status).toBe(404)
    expect((await b.api.del(`/api/v1/environment-lists/${list.body.id}`)).status).toBe(404)

    const renamed = await a.api.put(`/api/v1/environment-lists/${list.body.id}`, { name: 'Staging set', environment_ids: [second.body.id] })
    expect(renamed.body).toMatchObject({ name: 'Staging set', environment_ids: [second.body.id] })
    // Deleting an environment takes it out of its lists.
    expect((await a.api.del(`/api/v1/environments/${second.body.id}`)).status).toBe(204)
    expect((await a.api.get(`/api/v1/environment-lists/${list.body.id}`)).body.environment_ids).toEqual([])
    expect((await a.api.del(`/api/v1/environment-lists/${list.body.id}`)).status).toBe(204)
    const audits = await server.vigil.store.db
      .selectFrom('events')
      .select('status')
      .where('type', '=', 'audit_log')
      .where('subject_name', 'in', ['Production set', 'Staging set'])
      .orderBy('id')
      .execute()
    expect(audits.map((e) => e.status)).toEqual(['CREATED', 'UPDATED', 'DELETED'])
  })
})
