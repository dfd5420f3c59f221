/** Every list and get is limited to what the caller's rights allow (SPEC §6); bad writes change nothing. */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'

describe.each(DATABASES)('tenancy and input safety on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let hostA: { id: number; name: string }
  beforeAll(async () => {
    hostA = (
      await a.api.post('/api/v1/hosts/', { name: 'secret-host-a', hostgroup_id: a.environmentId, secrets: { snmp_community: 'hunter2' } })
    ).body
  })

  it("does not show another organization's hosts, environments or organizations", async () => {
    expect((await b.api.get('/api/v1/hosts/')).body).toEqual({ result: [], totalresults: 0 })
    expect((await b.api.get(`/api/v1/hosts/${hostA.id}`)).status).toBe(404)
    expect((await b.api.get('/api/v1/hosts/secret-host-a')).body.error.key).toBe('host_not_found')
    expect((await b.api.get(`/api/v1/hostgroups/${a.environmentId}`)).status).toBe(404)
    expect((await b.api.get(`/api/v1/organizations/${a.organizationId}`)).status).toBe(404)
    const orgs = await b.api.get('/api/v1/organizations/')
    expect(orgs.body.result.map((o: { id: number }) => o.id)).toEqual([b.organizationId])
  })

  it("cannot write into another organization's environment or host", async () => {
    const create = await b.api.post('/api/v1/hosts/', { name: 'intruder', hostgroup_id: a.environmentId })
    expect(create.status).toBe(404)
    expect(create.body.error.key).toBe('hostgroup_not_found')
    expect((await b.api.put(`/api/v1/hosts/${hostA.id}`, { description: 'x' })).status).toBe(404)
    expect((await b.api.del(`/api/v1/hosts/${hostA.id}`)).status).toBe(404)
    expect((await a.api.get(`/api/v1/hosts/${hostA.id}`)).body.description).toBe('')
  })

  it('the MSP admin sees every customer organization', async () => {
    const all = await admin.get('/api/v1/hosts/?columns=name')
    expect(all.body.result.map((h: { name: string }) => h.name)).toContain('secret-host-a')
  })

  it('never returns secrets', async () => {
    const text = JSON.stringify((await a.api.get(`/api/v1/hosts/${hostA.id}?extra_columns=check_kind`)).body)
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('secrets')
    const stored = await server.vigil.store.db.selectFrom('hosts').select('secrets').where('id', '=', hostA.id).executeTakeFirstOrThrow()
    expect(stored.secrets).not.toContain('hunter2')
  })

  it('an operator may read but not create hosts', async () => {
    const op = await addTenant('operator')
    const r = await op.api.post('/api/v1/hosts/', { name: 'op-host', hostgroup_id: op.environmentId })
    expect(r.status).toBe(403)
    expect(r.body.error).toMatchObject({ key: 'unauthorized', extra_info: { action: 'host_write' } })
  })

  it('malformed input is a 400 naming the field and writes nothing', async () => {
    const before = (await a.api.get('/api/v1/hosts/')).body.totalresults
    const cases = [
      await a.api.postRaw('/api/v1/hosts/', '{"name": "half'),
      await a.api.post('/api/v1/hosts/', { name: 'ok-name', hostgroup_id: 'one' }),
      await a.api.post('/api/v1/hosts/', { name: 'bad name with spaces', hostgroup_id: a.environmentId }),
      await a.api.post('/api/v1/hosts/', { name: 'x', hostgroup_id: a.environmentId, fqdn: 'not_a..fqdn' }),
      await a.api.post('/api/v1/hosts/', { name: 'orphan', hostgroup_id: a.environmentId, parents: ['no-such-parent'] }),
      await a.api.get('/api/v1/hosts/abc%ZZ'),
      await a.api.put('/api/v1/hosts/not-a-number', { description: 'x' }),
    ]
    expect(cases.map((c) => [c.status, c.body.error?.key])).toEqual([
      [400, 'invalid_input'],
      [400, 'validation_failed'],
      [400, 'invalid_ascii_parameter'],
      [400, 'invalid_fqdn'],
      [404, 'host_not_found'],
      [400, 'invalid_input'],
      [400, 'validation_failed'],
    ])
    expect(cases[1].body.error.extra_info.field).toBe('body.hostgroup_id')
    expect((await a.api.get('/api/v1/hosts/')).body.totalresults).toBe(before)
  })

  it('SPEC §5 names: environments 2–50 allowed characters, unique per organization', async () => {
    const bad = await a.api.post('/api/v1/hostgroups/', { name: 'a', organization_id: a.organizationId })
    expect(bad.body.error.key).toBe('hostgroup_name_invalid')
    expect((await a.api.post('/api/v1/hostgroups/', { name: 'two  spaces', organization_id: a.organizationId })).body.error.key).toBe(
      'hostgroup_name_invalid',
    )
    expect((await a.api.post('/api/v1/hostgroups/', { name: 'Prod', organization_id: a.organizationId })).status).toBe(201)
    const dup = await a.api.post('/api/v1/hostgroups/', { name: 'Prod', organization_id: a.organizationId })
    expect([dup.status, dup.body.error.key]).toEqual([409, 'hostgroup_already_exists'])
  })

  it('refuses to delete a non-empty or the last environment (SPEC §8)', async () => {
    expect((await a.api.del(`/api/v1/hostgroups/${a.environmentId}`)).body.error.key).toBe('hostgroup_not_empty')
    const c = await addTenant()
    expect((await c.api.del(`/api/v1/hostgroups/${c.environmentId}`)).body.error.key).toBe('hostgroup_last_in_organization')
  })

  it('a host is unique by name (host_already_exists)', async () => {
    const r = await a.api.post('/api/v1/hosts/', { name: 'secret-host-a', hostgroup_id: a.environmentId })
    expect([r.status, r.body.error.key]).toEqual([409, 'host_already_exists'])
  })
})
