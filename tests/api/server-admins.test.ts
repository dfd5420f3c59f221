/**
 * Issue 13 "Server admins": a server-wide role granted only by server admins, never per organization; only
 * server admins re-parent organizations. Each change writes a SPEC §3 audit_log event.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { login } from '../helpers/api'
import { SERVER_ADMIN_RIGHTS } from '../../src/shared/permissions'

describe.each(DATABASES)('server admins on %s', (db) => {
  const {
    server,
    admin,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })
  const userId = async (username: string) =>
    (await server.vigil.store.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id
  const auditEvents = (subject: string, id: number) =>
    server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'audit_log')
      .where('event_class', '=', `${subject}_audit`)
      .execute()
      .then((rows) => rows.filter((r) => JSON.parse(r.extra_data).id === id))

  it('an organization administrator cannot make anyone a server admin, themselves included', async () => {
    const self = await userId(a.username)
    const r = await a.api.put(`/api/v1/users/${self}/server_admin`, { server_admin: true })
    expect(r.status).toBe(403)
    expect(r.body.error.key).toBe('unauthorized')
    expect((await a.api.get('/api/v1/users/current')).body.server_admin).toBe(false)
    expect(await auditEvents('user', self)).toEqual([])
  })

  it('a server admin grants the role, which then works, and revokes it; both are audited', async () => {
    const id = await userId(a.username)
    const grant = await admin.put(`/api/v1/users/${id}/server_admin`, { server_admin: true })
    expect(grant.status).toBe(200)
    expect(grant.body).toEqual({ id, username: a.username, server_admin: true })
    const fresh = await login(server, a.username, a.password)
    expect((await fresh.get('/api/v1/users/current')).body.server_admin).toBe(true)
    const revoke = await fresh.put(`/api/v1/users/${id}/server_admin`, { server_admin: false })
    expect(revoke.body.server_admin).toBe(false)
    expect((await fresh.get('/api/v1/users/current')).body.server_admin).toBe(false)
    const events = await auditEvents('user', id)
    expect(events.map((e) => e.status)).toEqual(['GRANTED', 'REVOKED'])
    expect(JSON.parse(events[0].extra_data)).toMatchObject({ before: { server_admin: false }, after: { server_admin: true } })
    expect(events[1].username).toBe(a.username)
  })

  it("the user's SPEC §3 permissions and rights show the role while it is held, and its refusals end with it", async () => {
    const id = await userId(a.username)
    const mine = (await a.api.get('/api/v1/users/current')).body
    // An administrator holds every SPEC §6 action on the organization, and no server-wide right.
    expect(mine.permissions).toEqual(expect.arrayContaining(['host_write', 'hostgroup_write', 'user_read', 'write']))
    expect(mine.rights).toEqual([])
    const quotas = `/api/v1/organizations/${a.organizationId}/quotas`
    expect((await a.api.put(quotas, { hosts: 50 })).status).toBe(403)

    expect((await admin.put(`/api/v1/users/${id}/server_admin`, { server_admin: true })).status).toBe(200)
    const granted = (await a.api.get('/api/v1/users/current')).body
    expect(granted.rights).toEqual(SERVER_ADMIN_RIGHTS)
    expect(granted.permissions).toEqual(mine.permissions)
    expect((await a.api.put(quotas, { hosts: 50 })).status).toBe(200)

    expect((await admin.put(`/api/v1/users/${id}/server_admin`, { server_admin: false })).status).toBe(200)
    expect((await a.api.get('/api/v1/users/current')).body.rights).toEqual([])
    expect((await a.api.put(quotas, { hosts: 60 })).status).toBe(403)
    expect((await a.api.get(quotas)).body.hosts).toBe(50)
  })

  it('the last server admin cannot be revoked', async () => {
    const adminId = await userId('admin')
    const r = await admin.put(`/api/v1/users/${adminId}/server_admin`, { server_admin: false })
    expect(r.status).toBe(400)
    expect(r.body.error.key).toBe('invalid_operation')
    expect((await admin.get('/api/v1/users/current')).body.server_admin).toBe(true)
  })

  it('an unknown user is user_not_found', async () => {
    const r = await admin.put('/api/v1/users/999999/server_admin', { server_admin: true })
    expect([r.status, r.body.error.key]).toEqual([404, 'user_not_found'])
  })

  it('only a server admin moves an organization to another parent, and the move is audited', async () => {
    const msp = (await admin.post('/api/v1/organizations/', { name: 'msp-two', is_msp: true })).body
    const before = (await a.api.get(`/api/v1/organizations/${a.organizationId}`)).body.msp_parent_id
    const refused = await a.api.put(`/api/v1/organizations/${a.organizationId}`, { msp_parent_id: msp.id, alias: 'renamed' })
    expect(refused.status).toBe(403)
    expect(refused.body.error.key).toBe('unauthorized')
    const unchanged = (await a.api.get(`/api/v1/organizations/${a.organizationId}`)).body
    expect([unchanged.msp_parent_id, unchanged.alias]).toEqual([before, unchanged.name])
    // Naming the current parent is no move.
    expect((await a.api.put(`/api/v1/organizations/${a.organizationId}`, { msp_parent_id: before })).status).toBe(200)

    const moved = await admin.put(`/api/v1/organizations/${a.organizationId}`, { msp_parent_id: msp.id })
    expect([moved.status, moved.body.msp_parent_id]).toEqual([200, msp.id])
    const events = (await auditEvents('organization', a.organizationId)).filter((e) => e.status !== 'CREATED')
    expect(events.map((e) => e.status)).toEqual(['MOVED'])
    expect(JSON.parse(events[0].extra_data)).toMatchObject({ before: { msp_parent_id: before }, after: { msp_parent_id: msp.id } })
  })

  it('an organization cannot be moved below itself', async () => {
    const top = (await admin.post('/api/v1/organizations/', { name: 'cycle-top', is_msp: true })).body
    const below = (await admin.post('/api/v1/organizations/', { name: 'cycle-below', msp_parent_id: top.id })).body
    const r = await admin.put(`/api/v1/organizations/${top.id}`, { msp_parent_id: below.id })
    expect([r.status, r.body.error.key]).toEqual([400, 'invalid_operation'])
  })

  it('an empty update of an organization or environment is a no-op answering the row', async () => {
    const org = await a.api.put(`/api/v1/organizations/${a.organizationId}`, {})
    expect([org.status, org.body.id]).toEqual([200, a.organizationId])
    for (const path of ['hostgroups', 'environments']) {
      const env = await a.api.put(`/api/v1/${path}/${a.environmentId}`, {})
      expect([env.status, env.body.id]).toEqual([200, a.environmentId])
    }
  })
})
