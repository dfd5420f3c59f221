/**
 * Saved filters (SPEC §3 Saved filter, §5 Filters, §6 "Organization-wide saved filters can be saved only
 * by those allowed to manage users"): personal versus organization-wide, names unique per owner and
 * location, bad input, tenancy.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { type Client } from '../helpers/api'

describe.each(DATABASES)('saved filters on %s', (db) => {
  const {
    server,
    addUser,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let desk: Client
  let manager: Client
  beforeAll(async () => {
    desk = (await addUser(a, 'service_desk')).api
    manager = (await addUser(a, 'service_manager')).api
  })

  const rules = [
    ['name', 'contains', 'web'],
    { key: 'state', operator: 'equals', value: 'down', inverted: true },
    {
      or: [
        ['hosttype', 'equals', 'linux'],
        ['hosttype', 'equals', 'windows'],
      ],
    },
  ]
  // SPEC §3: rules come back as {key, operator, value, inverted} and or-groups, whatever form they were sent in.
  const rule = (key: string, value: string, inverted = false) => ({
    key,
    operator: key === 'name' ? 'contains' : 'equals',
    value,
    inverted,
  })
  const specRules = [rule('name', 'web'), rule('state', 'down', true), { or: [rule('hosttype', 'linux'), rule('hosttype', 'windows')] }]
  const countRows = async () =>
    Number(
      (
        await server.vigil.store.db
          .selectFrom('saved_filters')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('saves a personal filter that only its author sees (SPEC §3 Saved filter)', async () => {
    const r = await a.api.post('/api/v1/filters/', { name: 'Web servers', location: 'hosts', rules })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Web servers',
      location: 'hosts',
      created_by: a.username,
      organization_id: null,
      rules: specRules,
      created_time: expect.any(Number),
    })
    expect((await a.api.get('/api/v1/filters/?location=hosts')).body.result.map((f: any) => f.guid)).toContain(r.body.guid)
    expect((await a.api.get('/api/v1/filters/?location=resources')).body).toEqual({ result: [], totalresults: 0 })
    expect((await a.api.get(`/api/v1/filters/${r.body.guid}`)).body.name).toBe('Web servers')
    // A colleague of the same organization does not see it.
    expect((await desk.get('/api/v1/filters/?location=hosts')).body.result).toEqual([])
    expect((await desk.get(`/api/v1/filters/${r.body.guid}`)).body.error.key).toBe('filter_not_found')
    expect((await desk.del(`/api/v1/filters/${r.body.guid}`)).status).toBe(404)
    expect((await a.api.del(`/api/v1/filters/${r.body.guid}`)).status).toBe(204)
    expect((await a.api.get(`/api/v1/filters/${r.body.guid}`)).status).toBe(404)
  })

  it('organization-wide filters need user_read to save or delete, and every user of the organization sees them (SPEC §6)', async () => {
    const before = await countRows()
    const refused = await desk.post('/api/v1/filters/', { name: 'Everyone', location: 'problems', rules, organization_wide: true })
    expect([refused.status, refused.body.error.key]).toEqual([403, 'unauthorized'])
    expect(await countRows()).toBe(before)

    const shared = await manager.post('/api/v1/filters/', { name: 'Everyone', location: 'problems', rules, organization_wide: true })
    expect([shared.status, shared.body.organization_id]).toEqual([201, a.organizationId])
    expect((await desk.get('/api/v1/filters/?location=problems')).body.result.map((f: any) => f.guid)).toEqual([shared.body.guid])
    expect((await a.api.get(`/api/v1/filters/${shared.body.guid}`)).body.created_by).toBe(shared.body.created_by)
    // Another organization sees nothing of it.
    expect((await b.api.get('/api/v1/filters/?location=problems')).body.totalresults).toBe(0)
    expect((await b.api.get(`/api/v1/filters/${shared.body.guid}`)).status).toBe(404)
    expect(
      (
        await b.api.post('/api/v1/filters/', {
          name: 'Theirs',
          location: 'problems',
          rules,
          organization_wide: true,
          organization_id: a.organizationId,
        })
      ).body.error.key,
    ).toBe('organization_not_found')

    expect((await desk.del(`/api/v1/filters/${shared.body.guid}`)).status).toBe(403)
    expect((await a.api.del(`/api/v1/filters/${shared.body.guid}`)).status).toBe(204)
    expect((await desk.get('/api/v1/filters/?location=problems')).body.totalresults).toBe(0)
  })

  it('takes SPEC §3 table filter model custom_filter entries as rules and returns them in the saved filter form', async () => {
    const customFilter = [
      { type: 'filter', key: 'name', value: 'db', operator: 'starts_with' },
      { type: 'filter', key: 'state', value: 1, operator: '=' },
    ]
    const r = await a.api.post('/api/v1/filters/', { name: 'Databases', location: 'hosts', rules: customFilter })
    expect(r.status).toBe(201)
    expect(r.body.rules).toEqual([
      { key: 'name', operator: 'starts_with', value: 'db', inverted: false },
      { key: 'state', operator: 'equals', value: 1, inverted: false },
    ])
    expect((await a.api.get(`/api/v1/filters/${r.body.guid}`)).body.rules).toEqual(r.body.rules)
  })

  it('refuses the same name twice for one owner and location (filter_already_exists)', async () => {
    expect((await a.api.post('/api/v1/filters/', { name: 'Twice', location: 'resources', rules })).status).toBe(201)
    const again = await a.api.post('/api/v1/filters/', { name: 'Twice', location: 'resources', rules })
    expect([again.status, again.body.error.key]).toEqual([409, 'filter_already_exists'])
    expect((await a.api.post('/api/v1/filters/', { name: 'Twice', location: 'hosts', rules })).status).toBe(201)
    expect((await a.api.post('/api/v1/filters/', { name: 'Twice', location: 'resources', rules, organization_wide: true })).status).toBe(
      201,
    )
    expect((await manager.post('/api/v1/filters/', { name: 'Twice', location: 'resources', rules })).status).toBe(201)
  })

  it('refuses bad input with the field named and writes nothing (SPEC §5 Filters)', async () => {
    const before = await countRows()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ location: 'hosts', rules }, 'validation_failed', 'body.name'],
      [{ name: 'x', location: 'hosts', rules }, 'validation_failed', 'body.name'],
      // SPEC §5 name rule: only letters, digits, dot, underscore, hyphen and single spaces (issue 17).
      [{ name: 'Web <b>servers</b>', location: 'hosts', rules }, 'validation_failed', 'body.name'],
      [{ name: 'Web  servers', location: 'hosts', rules }, 'validation_failed', 'body.name'],
      [{ name: 'Fine', location: 'nowhere', rules }, 'validation_failed', 'body.location'],
      [{ name: 'Fine', location: 'hosts', rules: [] }, 'validation_failed', 'body.rules'],
      [{ name: 'Fine', location: 'hosts', rules: 'name=web' }, 'validation_failed', 'body.rules'],
    ]
    for (const [body, key, field] of cases) {
      const r = await a.api.post('/api/v1/filters/', body)
      expect([r.status, r.body.error.key, r.body.error.extra_info.field]).toEqual([400, key, field])
    }
    const op = await a.api.post('/api/v1/filters/', { name: 'Fine', location: 'hosts', rules: [['name', 'resembles', 'web']] })
    expect([op.status, op.body.error.key]).toEqual([400, 'unknown_operator'])
    expect((await a.api.get('/api/v1/filters/?location=everywhere')).status).toBe(400)
    expect(await countRows()).toBe(before)
  })
})
