/** SPEC §7 generic list protocol with the SPEC §5 filter conditions, on hosts, resources, environments, organizations. */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'

const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter))

describe.each(DATABASES)('list protocol on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })
  const names = ['alpha-web', 'beta-web', 'gamma-db', 'delta-db', 'epsilon_mail', 'zeta.mail']
  beforeAll(async () => {
    for (const [i, name] of names.entries()) {
      const r = await t.api.post('/api/v1/hosts/', {
        name,
        hostgroup_id: t.environmentId,
        hosttype: i < 2 ? 'linux' : i < 4 ? 'windows' : 'ping',
        // Only the resources the tests make, not the checks each host type brings (issue 15).
        custom_check: true,
        ip_address: `10.0.0.${i + 1}`,
        check_interval: 60 + i,
        parents: i === 2 ? ['alpha-web'] : [],
      })
      expect(r.status).toBe(201)
    }
    // States are the engine's to write; set some directly so state filters have something to find.
    await server.vigil.store.db
      .updateTable('hosts')
      .set({ state: 'down', last_state_change: 1000 })
      .where('name', 'in', ['beta-web', 'gamma-db'])
      .execute()
    await server.vigil.store.db
      .updateTable('hosts')
      .set({ state: 'up', last_state_change: 2000 })
      .where('name', 'not in', ['beta-web', 'gamma-db'])
      .execute()
    const host = (await t.api.get('/api/v1/hosts/alpha-web')).body
    for (const n of ['cpu', 'disk /', 'memory'])
      expect(
        (
          await t.api.post('/api/v1/resources/', {
            host_id: host.id,
            name: n,
            check: { kind: 'tcp', config: { host: '198.51.100.1', port: 1 } },
          })
        ).status,
      ).toBe(201)
  })

  const hostNames = async (query: string) => {
    const r = await t.api.get(`/api/v1/hosts/?${query}`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return (r.body.result as { name: string }[]).map((h) => h.name)
  }

  it('returns {result, totalresults} with limit and offset paging', async () => {
    const first = await t.api.get('/api/v1/hosts/?limit=2&offset=0&order=name')
    expect(first.body.totalresults).toBe(6)
    expect(first.body.result.map((h: { name: string }) => h.name)).toEqual(['alpha-web', 'beta-web'])
    expect(await hostNames('limit=2&offset=4&order=name')).toEqual(['gamma-db', 'zeta.mail'])
  })

  it('pages and sorts the matches of a text part, which PostgreSQL finds through its trigram index first', async () => {
    const web = `advanced_filter=${q([['name', 'contains', 'web']])}`
    expect(await hostNames(`${web}&order=-name&limit=1&offset=1`)).toEqual(['alpha-web'])
    expect(await hostNames(`${web}&order=${q(['hosttype', '-name'])}`)).toEqual(['beta-web', 'alpha-web'])
    expect((await t.api.get(`/api/v1/hosts/?${web}&limit=1`)).body.totalresults).toBe(2)
    // PostgreSQL counts the matches with the page's rows: a page past the last match still has the count.
    const past = await t.api.get(`/api/v1/hosts/?${web}&limit=10&offset=5`)
    expect(past.body).toEqual({ result: [], totalresults: 2 })
  })

  it('sorts ascending and descending, with "-" or a JSON list', async () => {
    expect(await hostNames('order=-name&limit=3')).toEqual(['zeta.mail', 'gamma-db', 'epsilon_mail'])
    expect(await hostNames(`order=${q(['hosttype', '-name'])}&limit=2`)).toEqual(['beta-web', 'alpha-web'])
  })

  it.each([
    [['name', 'equals', 'gamma-db'], ['gamma-db']],
    [
      ['name', 'not_equals', 'gamma-db'],
      ['alpha-web', 'beta-web', 'delta-db', 'epsilon_mail', 'zeta.mail'],
    ],
    [
      ['name', 'contains', 'WEB'],
      ['alpha-web', 'beta-web'],
    ],
    [
      ['name', 'not_contains', 'db'],
      ['alpha-web', 'beta-web', 'epsilon_mail', 'zeta.mail'],
    ],
    [['name', 'starts_with', 'ep'], ['epsilon_mail']],
    [
      ['name', 'not_starts_with', 'a'],
      ['beta-web', 'delta-db', 'epsilon_mail', 'gamma-db', 'zeta.mail'],
    ],
    [['name', 'ends_with', '.mail'], ['zeta.mail']],
    [
      ['name', 'not_ends_with', 'db'],
      ['alpha-web', 'beta-web', 'epsilon_mail', 'zeta.mail'],
    ],
    [['name', 'contains', '_'], ['epsilon_mail']],
    [
      ['check_interval', 'greater_than', 63],
      ['epsilon_mail', 'zeta.mail'],
    ],
    [['check_interval', 'less_than', '61'], ['alpha-web']],
    [
      ['last_state_change', 'before', 1500],
      ['beta-web', 'gamma-db'],
    ],
    [
      ['last_state_change', 'after', 1500],
      ['alpha-web', 'delta-db', 'epsilon_mail', 'zeta.mail'],
    ],
    [
      ['last_state_change', 'between', '900|1100'],
      ['beta-web', 'gamma-db'],
    ],
    [
      ['hosttype', 'in', ['linux', 'ping']],
      ['alpha-web', 'beta-web', 'epsilon_mail', 'zeta.mail'],
    ],
    [
      ['hosttype', 'not_in', 'linux,ping'],
      ['delta-db', 'gamma-db'],
    ],
    [
      ['state', 'equals', 1],
      ['beta-web', 'gamma-db'],
    ],
    [
      ['state', 'not_equals', 'down'],
      ['alpha-web', 'delta-db', 'epsilon_mail', 'zeta.mail'],
    ],
    [{ key: 'name', operator: 'contains', value: 'web', inverted: true }, ['delta-db', 'epsilon_mail', 'gamma-db', 'zeta.mail']],
    [
      {
        or: [
          ['name', 'equals', 'alpha-web'],
          ['hosttype', 'equals', 'windows'],
        ],
      },
      ['alpha-web', 'delta-db', 'gamma-db'],
    ],
  ])('advanced_filter %j (SPEC §5)', async (rule, expected) => {
    expect((await hostNames(`limit=100&order=name&advanced_filter=${q([rule])}`)).sort()).toEqual([...expected].sort())
  })

  it('ands top-level rules and takes the simple filter object', async () => {
    expect(
      await hostNames(
        `advanced_filter=${q([
          ['name', 'contains', 'web'],
          ['state', 'equals', 'up'],
        ])}`,
      ),
    ).toEqual(['alpha-web'])
    expect(await hostNames(`order=name&filter=${q({ hosttype: 'windows' })}`)).toEqual(['delta-db', 'gamma-db'])
  })

  it('returns only the asked columns and refuses unknown ones (columns_not_allowed)', async () => {
    const r = await t.api.get('/api/v1/hosts/?columns=name,state&limit=1&order=name')
    expect(Object.keys(r.body.result[0]).sort()).toEqual(['id', 'name', 'state'])
    const bad = await t.api.get('/api/v1/hosts/?columns=name,secrets')
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatchObject({ key: 'columns_not_allowed', extra_info: { columns: ['secrets'] } })
    const badOrder = await t.api.get('/api/v1/hosts/?order=password')
    expect(badOrder.body.error.key).toBe('columns_not_allowed')
  })

  it('refuses an unknown operator, an operator of another kind and a bad value', async () => {
    const unknown = await t.api.get(`/api/v1/hosts/?advanced_filter=${q([['name', 'resembles', 'x']])}`)
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.key).toBe('unknown_operator')
    expect((await t.api.get(`/api/v1/hosts/?advanced_filter=${q([['name', 'greater_than', 'x']])}`)).body.error.key).toBe(
      'unknown_operator',
    )
    const badValue = await t.api.get(`/api/v1/hosts/?advanced_filter=${q([['check_interval', 'greater_than', 'many']])}`)
    expect(badValue.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'check_interval' } })
    const notJson = await t.api.get('/api/v1/hosts/?advanced_filter=[oops')
    expect(notJson.body.error).toMatchObject({ key: 'invalid_input', extra_info: { field: 'advanced_filter' } })
    expect((await t.api.get('/api/v1/hosts/?limit=-1')).body.error).toMatchObject({
      key: 'validation_failed',
      extra_info: { field: 'querystring.limit' },
    })
  })

  it('groups hosts by host type with the SPEC §7 child query', async () => {
    const r = await t.api.get(
      `/api/v1/hosts/grouped?group_by=hosttype&limit=1500&columns=id,name,state,hosttype,parents,children&advanced_filter=${q([
        ['parents', 'equals', 'alpha-web'],
        ['state', 'not_equals', 0],
      ])}`,
    )
    expect(r.status).toBe(200)
    expect(r.body.result).toEqual([
      {
        hosttype: 'windows',
        totalresults: 1,
        result: [expect.objectContaining({ name: 'gamma-db', parents: ['alpha-web'], children: [] })],
      },
    ])
    const counts = await t.api.get('/api/v1/hosts/grouped?group_by=hosttype&limit=0')
    expect(counts.body.result.map((g: { hosttype: string; totalresults: number }) => [g.hosttype, g.totalresults])).toEqual([
      ['linux', 2],
      ['ping', 2],
      ['windows', 2],
    ])
  })

  it('filters on every parent of a host with several parents, not only the first (SPEC §3 parents)', async () => {
    const created = await t.api.post('/api/v1/hosts/', {
      name: 'two-parents',
      hostgroup_id: t.environmentId,
      parents: ['beta-web', 'delta-db'],
    })
    expect(created.status).toBe(201)
    const named = async (rules: unknown[]) =>
      (await t.api.get(`/api/v1/hosts/?columns=name&advanced_filter=${q(rules)}`)).body.result.map((h: { name: string }) => h.name)
    for (const parent of ['beta-web', 'delta-db']) expect(await named([['parents', 'equals', parent]])).toEqual(['two-parents'])
    expect(await named([['parents', 'in', ['delta-db', 'nobody']]])).toEqual(['two-parents'])
    expect(await named([['parents', 'not_equals', 'delta-db']])).not.toContain('two-parents')
    expect(await named([['parents', 'not_equals', 'alpha-web']])).toContain('two-parents')
    expect((await t.api.del(`/api/v1/hosts/${created.body.id}`)).status).toBe(204)
  })

  it('lists resources, gets one by host and display name, and reports service counts on the host', async () => {
    const list = await t.api.get(`/api/v1/resources/?advanced_filter=${q([['host_name', 'equals', 'alpha-web']])}&order=display_name`)
    expect(list.body.totalresults).toBe(3)
    expect(list.body.result.map((r: { display_name: string }) => r.display_name)).toEqual(['cpu', 'disk /', 'memory'])
    const one = await t.api.get(`/api/v1/resources/alpha-web/${encodeURIComponent('disk /')}`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ host_name: 'alpha-web', display_name: 'disk /', state: 'pending' })
    const host = await t.api.get('/api/v1/hosts/alpha-web')
    expect(host.body.children).toEqual(['gamma-db'])
    expect(host.body.service_counts).toEqual({ critical: 0, warning: 0, unknown: 0, ok: 0 })
    expect((await t.api.get('/api/v1/resources/alpha-web/nope')).body.error.key).toBe('resource_check_not_found')
  })

  it('lists environments and organizations with the same protocol', async () => {
    const envs = await t.api.get('/api/v1/hostgroups/')
    expect(envs.body.totalresults).toBe(1)
    expect(envs.body.result[0]).toMatchObject({ id: t.environmentId, host_count: 6, organization_id: t.organizationId })
    const orgs = await t.api.get(`/api/v1/organizations/?advanced_filter=${q([['id', 'equals', t.organizationId]])}`)
    expect(orgs.body.result).toHaveLength(1)
  })
})
