/**
 * Issue 15 "Users": user management through the API (SPEC §3 User, §6 user_read, §8 user keys). Every rule and
 * error key, a user without the right refused, another organization's administrator seeing nothing, and no
 * password or hash ever in an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES, type TestServer } from '../helpers/server'
import { adminClient, login, makeTenant, uniq, type Client, type Tenant } from '../helpers/api'

const PASSWORD = 'a-long-enough-password'

describe.each(DATABASES)('user management on %s', (db) => {
  let server: TestServer
  let admin: Client
  let a: Tenant
  let b: Tenant
  let aAdminId: number
  const auditOf = (id: number) =>
    server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'audit_log')
      .where('event_class', '=', 'user_audit')
      .execute()
      .then((rows) => rows.filter((r) => JSON.parse(r.extra_data).id === id))
  // A user without any authorization may not log in: the default is the operator group on A.
  const newUser = (extra: Record<string, unknown> = {}) => ({
    username: uniq('u'),
    password: PASSWORD,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    organization_id: a.organizationId,
    authorizations: [{ organization_id: a.organizationId, hostgroup_id: null, group: 'operator' }],
    ...extra,
  })

  beforeAll(async () => {
    server = await startServer({ db })
    admin = await adminClient(server)
    a = await makeTenant(server, admin)
    b = await makeTenant(server, admin)
    aAdminId = (await a.api.get('/api/v1/users/current')).body.id
  })
  afterAll(() => server.close())

  it('an administrator creates a user with the operator group, who logs in and sees only that organization', async () => {
    const body = newUser({ authorizations: [{ organization_id: a.organizationId, hostgroup_id: null, group: 'operator' }] })
    const r = await a.api.post('/api/v1/users', body)
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ username: body.username, first_name: 'Ada', email: 'ada@example.com', server_admin: false })
    expect(r.body.authorizations).toEqual([{ organization_id: a.organizationId, hostgroup_id: null, group: 'operator' }])
    expect(JSON.stringify(r.body)).not.toMatch(/password|scrypt/)
    const user = await login(server, body.username, PASSWORD)
    const me = (await user.get('/api/v1/users/current')).body
    expect(me.allowed_organizations.map((o: { id: number }) => o.id)).toEqual([a.organizationId])
    expect(me.allowed_modules).not.toContain('admin')
    // An operator lacks user_read (SPEC §6): the user list is empty and creating is refused.
    expect((await user.get('/api/v1/users')).body.totalresults).toBe(0)
    expect((await user.post('/api/v1/users', newUser())).status).toBe(403)
    expect(await auditOf(r.body.id)).toHaveLength(1)
  })

  it('lists users with sorting and paging, never with a password', async () => {
    for (let i = 0; i < 3; i++) expect((await a.api.post('/api/v1/users', newUser())).status).toBe(201)
    const page = await a.api.get('/api/v1/users?order=-username&limit=2&offset=0')
    expect(page.status).toBe(200)
    expect(page.body.result).toHaveLength(2)
    expect(page.body.totalresults).toBeGreaterThanOrEqual(4)
    const names = page.body.result.map((u: { username: string }) => u.username)
    expect([...names].sort().reverse()).toEqual(names)
    expect(JSON.stringify(page.body)).not.toMatch(/password|scrypt/)
  })

  it("another organization's administrator sees none of A's users and cannot change them", async () => {
    const list = await b.api.get('/api/v1/users?limit=250')
    expect(list.body.result.every((u: { organization_id: number }) => u.organization_id === b.organizationId)).toBe(true)
    expect((await b.api.get(`/api/v1/users/${aAdminId}`)).status).toBe(404)
    expect((await b.api.put(`/api/v1/users/${aAdminId}`, { first_name: 'x' })).body.error.key).toBe('user_not_found')
    expect((await b.api.del(`/api/v1/users/${aAdminId}`)).body.error.key).toBe('user_not_found')
    expect((await b.api.post('/api/v1/users', newUser())).body.error.key).toBe('organization_not_found')
  })

  it('refuses a taken username, a bad email, an unknown user and deleting oneself', async () => {
    const first = await a.api.post('/api/v1/users', newUser())
    const dup = await a.api.post('/api/v1/users', newUser({ username: first.body.username }))
    expect([dup.status, dup.body.error.key]).toEqual([409, 'user_already_exists'])
    const bad = await a.api.post('/api/v1/users', newUser({ email: 'not an email' }))
    expect(bad.body.error.key).toBe('invalid_email')
    expect((await a.api.put(`/api/v1/users/${first.body.id}`, { email: 'nope@' })).body.error.key).toBe('invalid_email')
    expect((await a.api.get('/api/v1/users/999999')).body.error.key).toBe('user_not_found')
    const self = await a.api.del(`/api/v1/users/${aAdminId}`)
    expect([self.status, self.body.error.key]).toEqual([409, 'user_self_delete'])
    expect((await a.api.post('/api/v1/users', newUser({ password: 'short' }))).body.error.key).toBe('validation_failed')
  })

  it('copies permissions only from a user of the same organization', async () => {
    const model = await a.api.post(
      '/api/v1/users',
      newUser({
        authorizations: [{ organization_id: a.organizationId, hostgroup_id: a.environmentId, group: 'engineer' }],
        allowed_modules: ['dashboard', 'monitoring.alerts'],
      }),
    )
    const { authorizations: _given, ...uncopied } = newUser({ copy_from: model.body.id })
    const copy = await a.api.post('/api/v1/users', uncopied)
    expect(copy.status).toBe(201)
    expect(copy.body.authorizations).toEqual(model.body.authorizations)
    expect(copy.body.allowed_modules).toEqual(['dashboard', 'monitoring.alerts'])
    const bUser = (await b.api.get('/api/v1/users/current')).body.id
    // The administrator (of everything) sees B's user, which is not in A: refused with the SPEC §8 key.
    const cross = await admin.post('/api/v1/users', newUser({ copy_from: bUser }))
    expect(cross.body.error.key).toBe('user_to_copy_not_in_same_organization')
  })

  it('edits names, authorizations and allowed modules, which then limit what the user may open', async () => {
    const u = await a.api.post(
      '/api/v1/users',
      newUser({ authorizations: [{ organization_id: a.organizationId, hostgroup_id: null, group: 'administrator' }] }),
    )
    const r = await a.api.put(`/api/v1/users/${u.body.id}`, {
      first_name: 'Grace',
      last_name: 'Hopper',
      allowed_modules: ['dashboard', 'maps.maps'],
    })
    expect(r.body).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', allowed_modules: ['dashboard', 'maps.maps'] })
    const me = (await (await login(server, u.body.username, PASSWORD)).get('/api/v1/users/current')).body
    expect(me.allowed_modules).toEqual(['dashboard', 'maps'])
    expect(me.allowed_sub_modules).toEqual(['dashboard', 'maps.maps'])
    expect((await a.api.put(`/api/v1/users/${u.body.id}`, { allowed_modules: ['nonsense'] })).body.error.key).toBe('validation_failed')
    const events = await auditOf(u.body.id)
    expect(events.map((e) => e.status)).toEqual(['CREATED', 'UPDATED'])
    expect(JSON.parse(events[1].extra_data).after).toMatchObject({ first_name: 'Grace' })
  })

  it('changes a password: the new one logs in, the hash never shows, the audit says only "(set)"', async () => {
    const u = await a.api.post('/api/v1/users', newUser())
    expect((await a.api.put(`/api/v1/users/${u.body.id}`, { password: 'another-long-password' })).status).toBe(200)
    await expect(login(server, u.body.username, PASSWORD)).rejects.toThrow()
    await login(server, u.body.username, 'another-long-password')
    const text = JSON.stringify(await auditOf(u.body.id))
    expect(text).not.toMatch(/scrypt|another-long-password/)
    expect(text).toContain('(set)')
  })

  it('nobody grants more than they hold: a service manager may not make an administrator', async () => {
    const manager = await a.api.post(
      '/api/v1/users',
      newUser({ authorizations: [{ organization_id: a.organizationId, hostgroup_id: null, group: 'service_manager' }] }),
    )
    const api = await login(server, manager.body.username, PASSWORD)
    const r = await api.post(
      '/api/v1/users',
      newUser({ authorizations: [{ organization_id: a.organizationId, hostgroup_id: null, group: 'administrator' }] }),
    )
    expect([r.status, r.body.error.key]).toEqual([403, 'unauthorized'])
    const self = await api.put(`/api/v1/users/${manager.body.id}`, {
      authorizations: [{ organization_id: a.organizationId, hostgroup_id: null, group: 'administrator' }],
    })
    expect(self.status).toBe(403)
    // An environment of another organization is not A's to grant.
    const foreign = await a.api.post(
      '/api/v1/users',
      newUser({ authorizations: [{ organization_id: a.organizationId, hostgroup_id: b.environmentId, group: 'operator' }] }),
    )
    expect(foreign.body.error.key).toBe('hostgroup_not_found')
  })

  it('only server admins change a server admin; deleting a user ends its sessions and is audited', async () => {
    const seeded = (await admin.get('/api/v1/users/current')).body.id
    expect((await admin.get(`/api/v1/users/${seeded}`)).body.server_admin).toBe(true)
    const u = await a.api.post('/api/v1/users', newUser())
    const api = await login(server, u.body.username, PASSWORD)
    // Used before the deletion, so that its refusal after it cannot come from a token never looked up.
    expect((await api.get('/api/v1/users/current')).status).toBe(200)
    expect((await admin.put(`/api/v1/users/${u.body.id}/server_admin`, { server_admin: true })).status).toBe(200)
    expect((await a.api.put(`/api/v1/users/${u.body.id}`, { first_name: 'x' })).status).toBe(403)
    expect((await a.api.del(`/api/v1/users/${u.body.id}`)).status).toBe(403)
    expect((await admin.put(`/api/v1/users/${u.body.id}/server_admin`, { server_admin: false })).status).toBe(200)
    const del = await a.api.del(`/api/v1/users/${u.body.id}`)
    expect(del.status).toBe(204)
    expect((await api.get('/api/v1/users/current')).status).toBe(401)
    expect((await a.api.get(`/api/v1/users/${u.body.id}`)).body.error.key).toBe('user_not_found')
    expect((await auditOf(u.body.id)).map((e) => e.status)).toContain('DELETED')
  })

  it("reads the organization's audit timeline and a user's own timeline; an operator and another organization read none", async () => {
    const u = await a.api.post('/api/v1/users', newUser())
    const operator = await login(server, u.body.username, PASSWORD)
    const org = await a.api.get(`/api/v1/events?types=audit_log&organization_id=${a.organizationId}&limit=1000`)
    expect(org.status).toBe(200)
    expect(org.body.result.some((e: { subject_name: string }) => e.subject_name === u.body.username)).toBe(true)
    expect(org.body.result.every((e: { type: string }) => e.type === 'audit_log')).toBe(true)
    const mine = await a.api.get(`/api/v1/events?types=audit_log&user_id=${aAdminId}&limit=1000`)
    expect(mine.body.result.length).toBeGreaterThan(0)
    expect(mine.body.result.every((e: { username: string }) => e.username === a.username)).toBe(true)
    expect((await operator.get(`/api/v1/events?types=audit_log&organization_id=${a.organizationId}`)).body.result).toEqual([])
    expect((await b.api.get(`/api/v1/events?types=audit_log&organization_id=${a.organizationId}`)).body.result).toEqual([])
  })
})
