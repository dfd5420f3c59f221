/**
 * Resource counts come from a table kept by triggers (migration 0006); they must always equal the rows:
 * after creation, state changes, a host moved to another environment and a host deleted.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'

const byState = (body: { result: { state: string; totalresults: number }[] }) =>
  Object.fromEntries(body.result.map((g) => [g.state, g.totalresults]))

describe.each(DATABASES)('resource counts on %s', (db) => {
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })

  const counts = async () => byState((await t.api.get('/api/v1/resources/grouped?group_by=state&limit=0')).body)
  const trueCounts = async () => {
    const rows = await server.vigil.store.db
      .selectFrom('resources')
      .select(['state'])
      .where(
        'hostgroup_id',
        'in',
        (await t.api.get('/api/v1/hostgroups/')).body.result.map((e: { id: number }) => e.id),
      )
      .execute()
    const out: Record<string, number> = {}
    for (const r of rows) out[r.state] = (out[r.state] ?? 0) + 1
    return out
  }

  it('match the rows through creation, state changes, moves and deletion', async () => {
    const hosts = []
    for (const name of ['count-a', 'count-b']) {
      const h = (await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1' })).body
      hosts.push(h)
      for (const r of ['cpu', 'disk', 'mem'])
        await t.api.post('/api/v1/resources/', { host_id: h.id, name: r, check_type: '1', max_check_attempts: 1 })
    }
    expect(await counts()).toEqual({ pending: 6 })
    await t.api.post('/api/v1/results', [
      { host: 'count-a', resource: 'cpu', exit_status: 2, output: 'CRIT' },
      { host: 'count-a', resource: 'disk', exit_status: 1, output: 'WARN' },
      { host: 'count-b', resource: 'cpu', exit_status: 0, output: 'OK' },
    ])
    expect(await counts()).toEqual({ critical: 1, warning: 1, ok: 1, pending: 3 })
    expect(
      (await t.api.get(`/api/v1/resources/?limit=1&advanced_filter=${encodeURIComponent(JSON.stringify([['state', 'not_equals', 0]]))}`))
        .body.totalresults,
    ).toBe(5)
    expect(await counts()).toEqual(await trueCounts())

    const other = (await t.api.post('/api/v1/hostgroups/', { name: 'Second', organization_id: t.organizationId })).body
    await t.api.put(`/api/v1/hosts/${hosts[0].id}`, { hostgroup_id: other.id })
    const perEnv = async (id: number) =>
      byState((await t.api.get(`/api/v1/resources/grouped?group_by=state&limit=0&environment_ids=${id}`)).body)
    expect(await perEnv(other.id)).toEqual({ critical: 1, warning: 1, pending: 1 })
    expect(await perEnv(t.environmentId)).toEqual({ ok: 1, pending: 2 })

    await t.api.del(`/api/v1/hosts/${hosts[1].id}`)
    expect(await counts()).toEqual({ critical: 1, warning: 1, pending: 1 })
    expect(await counts()).toEqual(await trueCounts())
    expect((await t.api.get('/api/v1/resources/')).body.totalresults).toBe(3)
  })
})
