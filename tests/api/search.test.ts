/**
 * Search (SPEC §2 Search modal, §3 Search response, §5 Search "trimmed; length 2 to 254", §7 Search):
 * hosts, resources, environments and the map bucket, totals and the per-type limit, scoping, the
 * environment filter and length limits.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { SEARCH_HITS_PER_TYPE } from '../../src/shared/api/search'

describe.each(DATABASES)('search on %s', (db) => {
  const {
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let secondEnv: number
  const q = (term: string, extra = '') => a.api.get(`/api/v1/search?query=${encodeURIComponent(term)}${extra}`)
  const bucket = (body: any, key: string) => body.result.aggregations.grouping.buckets.find((x: any) => x.key === key)

  beforeAll(async () => {
    secondEnv = (await a.api.post('/api/v1/hostgroups/', { name: 'Zephyr lab', alias: 'Zephyr lab', organization_id: a.organizationId }))
      .body.id
    const web = (
      await a.api.post('/api/v1/hosts/', {
        name: 'srch-web-01',
        alias: 'Frontend',
        ip_address: '10.77.0.5',
        description: 'nginx box',
        hostgroup_id: a.environmentId,
        check_type: '1',
      })
    ).body
    await a.api.post('/api/v1/hosts/', { name: 'srch-db-01', hostgroup_id: a.environmentId, check_type: '1' })
    await a.api.post('/api/v1/resources/', { host_id: web.id, name: 'Zephyr certificate', check_type: '1' })
    await a.api.post('/api/v1/hosts/', { name: 'srch-zephyr-02', hostgroup_id: secondEnv, check_type: '1' })
    await b.api.post('/api/v1/hosts/', { name: 'srch-web-other', hostgroup_id: b.environmentId, check_type: '1' })
  })

  it('answers buckets in the tab order host, resource, map, hostgroup with totals (SPEC §3 Search response)', async () => {
    const r = await q('  zephyr ')
    expect(r.status).toBe(200)
    const buckets = r.body.result.aggregations.grouping.buckets
    expect(buckets.map((x: any) => [x.key, x.doc_count])).toEqual([
      ['host', 1],
      ['resource', 1],
      ['map', 0],
      ['hostgroup', 1],
    ])
    expect(r.body.total_per_type).toEqual({ host: 1, resource: 1, map: 0, hostgroup: 1 })
    expect(r.body.result.hits.total.value).toBe(3)
    expect(bucket(r.body, 'host').hits[0]).toMatchObject({ name: 'srch-zephyr-02', hostgroup_id: secondEnv, hostgroup_alias: 'Zephyr lab' })
    expect(bucket(r.body, 'resource').hits[0]).toMatchObject({ display_name: 'Zephyr certificate', host_name: 'srch-web-01' })
    expect(bucket(r.body, 'hostgroup').hits[0]).toMatchObject({ id: secondEnv, alias: 'Zephyr lab' })
  })

  it('finds hosts by name, alias, FQDN/IP and description, case-insensitively', async () => {
    for (const term of ['SRCH-WEB', 'frontend', '10.77.0', 'NGINX']) {
      expect(bucket((await q(term)).body, 'host').hits.map((h: any) => h.name)).toEqual(['srch-web-01'])
    }
    // Wildcards are text: '%' matches only a literal percent sign.
    expect((await q('%%')).body.result.hits.total.value).toBe(0)
  })

  it("is scoped: another organization's objects never show, and environment_ids narrows", async () => {
    expect(bucket((await q('srch-web')).body, 'host').hits.map((h: any) => h.name)).toEqual(['srch-web-01'])
    expect(bucket((await b.api.get('/api/v1/search?query=srch-web')).body, 'host').hits.map((h: any) => h.name)).toEqual(['srch-web-other'])
    expect((await q('srch', `&environment_ids=${a.environmentId}`)).body.total_per_type.host).toBe(2)
    expect((await q('srch', `&environment_ids=${secondEnv},${b.environmentId}`)).body.total_per_type.host).toBe(1)
    expect((await q('srch', '&environment_ids=x')).body.error).toMatchObject({
      key: 'validation_failed',
      extra_info: { field: 'environment_ids' },
    })
  })

  it('answers at most SEARCH_HITS_PER_TYPE hits per type with the full total (SPEC §2 limit message)', async () => {
    for (let i = 0; i < SEARCH_HITS_PER_TYPE + 3; i++)
      await a.api.post('/api/v1/hosts/', { name: `many-${String(i).padStart(2, '0')}`, hostgroup_id: a.environmentId, check_type: '1' })
    const host = bucket((await q('many-')).body, 'host')
    expect([host.doc_count, host.hits.length]).toEqual([SEARCH_HITS_PER_TYPE + 3, SEARCH_HITS_PER_TYPE])
  })

  it('needs 2 to 254 characters after trimming (SPEC §5 Search)', async () => {
    for (const term of ['a', ' a ', 'x'.repeat(255)]) {
      const r = await q(term)
      expect([r.status, r.body.error.key, r.body.error.extra_info.field]).toEqual([400, 'validation_failed', 'querystring.query'])
    }
    expect((await a.api.get('/api/v1/search')).status).toBe(400)
    expect((await q('x'.repeat(254))).status).toBe(200)
    expect((await q('ab')).status).toBe(200)
  })
})
