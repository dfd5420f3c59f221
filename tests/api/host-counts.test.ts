/**
 * Host totals come from a table kept by triggers (migration 0040); they must always equal the rows: after
 * creation, state changes, a type change, a host moved to another environment and a host deleted, for the
 * list's totalresults (plain, by state, by type) and the hosts grouped by type.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v))

describe.each(DATABASES)('host counts on %s', (db) => {
  const {
    tenants: { t },
  } = useApiSuite(db, { tenants: { t: 'administrator' } })

  const byType = async (env = '') =>
    Object.fromEntries(
      (
        (await t.api.get(`/api/v1/hosts/grouped?group_by=hosttype&limit=0${env}`)).body.result as {
          hosttype: string
          totalresults: number
        }[]
      ).map((g) => [g.hosttype, g.totalresults]),
    )
  const total = async (query = '') => (await t.api.get(`/api/v1/hosts/?limit=1${query}`)).body.totalresults as number
  /** The same totals read from the rows themselves (the list's page with the same filter, all of it). */
  const rows = async (query = '') => (await t.api.get(`/api/v1/hosts/?limit=1000${query}`)).body.result.length as number

  it('match the rows through creation, state changes, type changes, moves and deletion', async () => {
    const hosts = []
    for (const [name, hosttype] of [
      ['count-a', 'linux'],
      ['count-b', 'linux'],
      ['count-c', 'switch'],
    ]) {
      hosts.push(
        (await t.api.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, hosttype, check_type: '1', max_check_attempts: 1 }))
          .body,
      )
    }
    expect(await byType()).toEqual({ linux: 2, switch: 1 })
    expect(await total()).toBe(3)

    await t.api.post('/api/v1/results', [
      { host: 'count-a', exit_status: 2, output: 'DOWN' },
      { host: 'count-c', exit_status: 0, output: 'UP' },
    ])
    const problems = `&advanced_filter=${q([['state', 'not_equals', 0]])}`
    const linuxDown = `&filter=${q({ hosttype: 'linux' })}&advanced_filter=${q([['state', 'equals', 1]])}`
    expect(await total(problems)).toBe(2)
    expect(await total(problems)).toBe(await rows(problems))
    expect(await total(linuxDown)).toBe(1)
    expect(await total(linuxDown)).toBe(await rows(linuxDown))

    await t.api.put(`/api/v1/hosts/${hosts[1].id}`, { hosttype: 'switch' })
    expect(await byType()).toEqual({ linux: 1, switch: 2 })

    const other = (await t.api.post('/api/v1/hostgroups/', { name: 'Second', organization_id: t.organizationId })).body
    await t.api.put(`/api/v1/hosts/${hosts[0].id}`, { hostgroup_id: other.id })
    expect(await byType(`&environment_ids=${other.id}`)).toEqual({ linux: 1 })
    expect(await byType(`&environment_ids=${t.environmentId}`)).toEqual({ switch: 2 })
    expect(await total(`&environment_ids=${other.id}${problems}`)).toBe(1)

    await t.api.del(`/api/v1/hosts/${hosts[2].id}`)
    expect(await byType()).toEqual({ linux: 1, switch: 1 })
    expect(await total()).toBe(2)
    expect(await total(problems)).toBe(await rows(problems))
  })
})
