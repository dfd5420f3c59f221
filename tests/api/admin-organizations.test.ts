/**
 * Issue 15 "Organizations": every SPEC §3 field round-trips, and the SPEC §8 keys organization_name_invalid,
 * organization_already_exists, organization_has_children and organization_has_users; another organization's
 * administrator sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { adminClient, makeTenant, uniq, type Client, type Tenant } from '../helpers/api'

describe.each(DATABASES)('organizations on %s', (db) => {
  let server: TestServer
  let admin: Client
  let a: Tenant
  let b: Tenant

  beforeAll(async () => {
    server = await startServer({ db })
    admin = await adminClient(server)
    a = await makeTenant(server, admin)
    b = await makeTenant(server, admin)
  })
  afterAll(() => server.close())

  it('keeps every SPEC §3 field and counts users, hosts, resources and children', async () => {
    const name = uniq('Customer')
    const fields = {
      name,
      alias: 'Customer One',
      legal_name: 'Customer One B.V.',
      is_msp: false,
      contract_expiration: 1893456000,
      customer_since: 1577836800,
    }
    const r = await a.api.post('/api/v1/organizations', { ...fields, msp_parent_id: a.organizationId })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ ...fields, msp_parent_id: a.organizationId, users: 0, hosts: 0, children: 0 })
    const parent = (await a.api.get(`/api/v1/organizations/${a.organizationId}`)).body
    expect(parent).toMatchObject({ children: 1, users: 1 })
    const edited = await a.api.put(`/api/v1/organizations/${r.body.id}`, { legal_name: 'Renamed B.V.', contract_expiration: null })
    expect(edited.body).toMatchObject({ legal_name: 'Renamed B.V.', contract_expiration: null })
    expect((await a.api.del(`/api/v1/organizations/${r.body.id}`)).status).toBe(204)
  })

  it('refuses bad and taken names, and deleting an organization with children or users', async () => {
    const bad = await a.api.post('/api/v1/organizations', { name: 'no <html>', msp_parent_id: a.organizationId })
    expect([bad.status, bad.body.error.key]).toEqual([400, 'organization_name_invalid'])
    const taken = await a.api.post('/api/v1/organizations', {
      name: (await b.api.get(`/api/v1/organizations/${b.organizationId}`)).body.name,
    })
    expect(taken.body.error.key).toBe('organization_already_exists')
    const child = await a.api.post('/api/v1/organizations', { name: uniq('child'), msp_parent_id: a.organizationId })
    const grandchild = await a.api.post('/api/v1/organizations', { name: uniq('grandchild'), msp_parent_id: child.body.id })
    expect(grandchild.status).toBe(201)
    const withChildren = await a.api.del(`/api/v1/organizations/${child.body.id}`)
    expect([withChildren.status, withChildren.body.error.key]).toEqual([409, 'organization_has_children'])
    expect((await a.api.del(`/api/v1/organizations/${grandchild.body.id}`)).status).toBe(204)
    const user = await a.api.post('/api/v1/users', {
      username: uniq('u'),
      password: 'a-long-enough-password',
      organization_id: child.body.id,
    })
    expect(user.status).toBe(201)
    expect((await a.api.del(`/api/v1/organizations/${child.body.id}`)).body.error.key).toBe('organization_has_users')
    expect((await a.api.del(`/api/v1/users/${user.body.id}`)).status).toBe(204)
    expect((await a.api.del(`/api/v1/organizations/${child.body.id}`)).status).toBe(204)
  })

  it("another organization's administrator sees and changes nothing of A", async () => {
    expect((await b.api.get(`/api/v1/organizations/${a.organizationId}`)).body.error.key).toBe('organization_not_found')
    expect((await b.api.put(`/api/v1/organizations/${a.organizationId}`, { alias: 'x' })).status).toBe(404)
    expect((await b.api.del(`/api/v1/organizations/${a.organizationId}`)).status).toBe(404)
    const list = (await b.api.get('/api/v1/organizations?limit=250')).body.result
    expect(list.map((o: { id: number }) => o.id)).not.toContain(a.organizationId)
  })
})
