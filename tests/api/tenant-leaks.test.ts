/**
 * Issue 13 "Scope everywhere": a hidden object answers exactly as an absent one, host names belong to their
 * organization, and links, totals and shared filters show only what the caller may see (SPEC §6).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'

describe.each(DATABASES)('tenant leaks on %s', (db) => {
  const {
    server,
    admin,
    addUser,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let hostA: { id: number; name: string }

  beforeAll(async () => {
    hostA = (await a.api.post('/api/v1/hosts/', { name: 'core-a', hostgroup_id: a.environmentId })).body
    expect((await a.api.post('/api/v1/resources/', { host_id: hostA.id, name: 'secret-svc' })).status).toBe(201)
  })

  it("a hidden resource by names answers exactly as an absent one, without the other tenant's id", async () => {
    const hidden = await b.api.get('/api/v1/resources/core-a/secret-svc')
    const absent = await b.api.get('/api/v1/resources/core-a/no-such-svc')
    expect(hidden.status).toBe(404)
    expect(hidden.body.error.key).toBe('resource_check_not_found')
    expect(hidden.body.error.extra_info).toEqual({ host_name: 'core-a', display_name: 'secret-svc' })
    expect(JSON.stringify(hidden.body)).not.toContain(`"id"`)
    expect(absent.body.error.extra_info).toEqual({ host_name: 'core-a', display_name: 'no-such-svc' })
    expect((await a.api.get('/api/v1/resources/core-a/secret-svc')).body.display_name).toBe('secret-svc')
  })

  it("another organization's host name is free: names and their lookups belong to the caller's organization", async () => {
    const mine = await b.api.post('/api/v1/hosts/', { name: 'core-a', hostgroup_id: b.environmentId })
    expect(mine.status).toBe(201)
    expect((await b.api.post('/api/v1/hosts/', { name: 'core-a', hostgroup_id: b.environmentId })).body.error.key).toBe(
      'host_already_exists',
    )
    expect((await b.api.get('/api/v1/hosts/core-a')).body.id).toBe(mine.body.id)
    expect((await a.api.get('/api/v1/hosts/core-a')).body.id).toBe(hostA.id)
    expect((await b.api.post('/api/v1/resources/', { host_id: mine.body.id, name: 'secret-svc' })).status).toBe(201)
    expect((await b.api.get('/api/v1/resources/core-a/secret-svc')).body.host_id).toBe(mine.body.id)
    expect((await b.api.post('/api/v1/results', { host: 'core-a', exit_status: 1, output: 'DOWN from b' })).status).toBe(200)
    const stored = await server.vigil.store.db
      .selectFrom('hosts')
      .select(['id', 'plugin_output'])
      .where('name', '=', 'core-a')
      .orderBy('id')
      .execute()
    expect(stored.map((h) => h.plugin_output === 'DOWN from b')).toEqual([false, true])
    // Renaming into a name the own organization uses is refused; the other organization's is not.
    const second = (await b.api.post('/api/v1/hosts/', { name: 'edge-2', hostgroup_id: b.environmentId })).body
    expect((await b.api.put(`/api/v1/hosts/${second.id}`, { name: 'core-a' })).body.error.key).toBe('host_already_exists')
    await b.api.del(`/api/v1/hosts/${second.id}`)
  })

  it("a host's parents and children name only hosts the caller may see", async () => {
    const router = (await a.api.post('/api/v1/hosts/', { name: 'router-a', hostgroup_id: a.environmentId })).body
    const child = (await b.api.post('/api/v1/hosts/', { name: 'edge-b', hostgroup_id: b.environmentId })).body
    // An MSP engineer who sees both tenants hangs B's host under A's core router.
    expect((await admin.put(`/api/v1/hosts/${child.id}`, { parents: ['router-a'] })).body.parents).toEqual(['router-a'])
    expect((await admin.get(`/api/v1/hosts/${router.id}`)).body.children).toEqual(['edge-b'])
    expect((await b.api.get(`/api/v1/hosts/${child.id}`)).body.parents).toEqual([])
    expect((await a.api.get(`/api/v1/hosts/${router.id}`)).body.children).toEqual([])
    const listed = await b.api.get('/api/v1/hosts/?columns=name,parents')
    expect(listed.body.result.find((h: { name: string }) => h.name === 'edge-b').parents).toEqual([])
    const byParent = await b.api.get(`/api/v1/hosts/?filter=${encodeURIComponent(JSON.stringify({ parents: 'router-a' }))}`)
    expect(byParent.body.totalresults).toBe(0)
  })

  it("an environment's user sees that environment's totals only, not the organization's", async () => {
    const other = (await a.api.post('/api/v1/hostgroups/', { name: uniq('env'), organization_id: a.organizationId })).body
    for (const name of ['hidden-1', 'hidden-2'])
      expect((await a.api.post('/api/v1/hosts/', { name, hostgroup_id: other.id })).status).toBe(201)
    const full = (await a.api.get(`/api/v1/organizations/${a.organizationId}`)).body
    expect([full.hosts, full.resources, full.users]).toEqual([4, 1, 1])
    const op = (await addUser(a, 'operator', { environmentId: a.environmentId })).api
    const seen = (await op.get(`/api/v1/organizations/${a.organizationId}`)).body
    expect([seen.hosts, seen.resources, seen.users, seen.children]).toEqual([2, 1, 0, 0])
    const listed = (await op.get('/api/v1/organizations/')).body.result[0]
    expect([listed.hosts, listed.users]).toEqual([2, 0])
  })

  it("organization-wide filters are shown to the organization's staff, not to an environment's user", async () => {
    const rules = [{ key: 'state', operator: 'equals', value: 'down', inverted: false }]
    const shared = await a.api.post('/api/v1/filters/', { name: 'Staff only', location: 'hosts', rules, organization_wide: true })
    expect(shared.status).toBe(201)
    const op = (await addUser(a, 'operator', { environmentId: a.environmentId })).api
    expect((await op.get('/api/v1/filters/')).body.result).toEqual([])
    expect((await op.get(`/api/v1/filters/${shared.body.guid}`)).body.error.key).toBe('filter_not_found')
    expect((await a.api.get('/api/v1/filters/')).body.result.map((f: { name: string }) => f.name)).toContain('Staff only')
  })
})
