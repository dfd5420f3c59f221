/**
 * Tickets through the built-in service desk (SPEC §1, §3 Ticket, §4 Tickets, §7 Tickets, §8): create,
 * note, re-acknowledge, close, re-open (recreated), view; refused in acknowledged or OK state; bad input,
 * rights and tenancy.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { client } from '../helpers/api'
import { rightRefusal } from '../../src/server/store/action-targets'
import { loadScope } from '../../src/server/store/scope'

describe.each(DATABASES)('tickets on %s', (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let token: string
  let n = 0
  beforeAll(async () => {
    token = (await client(server.baseUrl).post('/api/v1/auth/login', { username: a.username, password: a.password })).body.token
  })

  /** SPEC §7: DELETE …/tickets/{ticket_id} carries a body with the comment. */
  async function close(url: string, body?: unknown) {
    const r = await fetch(server.baseUrl + url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: r.status, body: await r.json() }
  }
  async function problemResource(status: number) {
    const name = `tk-host-${++n}`
    const host = (await a.api.post('/api/v1/hosts/', { name, hostgroup_id: a.environmentId, check_type: '1' })).body
    const resource = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1' })).body
    await setState(name, status)
    return { host, resource, name }
  }
  const setState = (host: string, status: number) =>
    a.api.post('/api/v1/results', { host, resource: 'disk', exit_status: status, output: `DISK status ${status}` })
  const row = async (id: number) => (await a.api.get(`/api/v1/resources/${id}`)).body

  it('runs the whole flow: create, note, re-acknowledge, close, re-open (SPEC §4 Tickets)', async () => {
    const { host, resource, name } = await problemResource(2)
    const base = `/api/v1/resources/${resource.id}/tickets`

    // Create: a ticket of the built-in service desk, and the problem is acknowledged (handled).
    const created = await a.api.post(base, { host_id: host.id, resource_id: resource.id, comment: 'disk full on /' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      ticket_id: expect.stringMatching(/^VIG-\d{6}$/),
      workflowStateName: 'New',
      supportGroupName: 'Service desk',
      isClosed: false,
      details: 'disk full on /',
      priorityName: 'High',
      urgencyName: 'High',
      provider: 'Vigil service desk',
      reopened: false,
      reacknowledged: false,
      host_id: host.id,
      resource_id: resource.id,
      ticket_links: [],
    })
    const first = created.body.ticket_id
    expect(created.body.web_url).toBe(`/#/tickets/${first}`)
    expect(created.body.description).toBe(`${name} / disk: CRITICAL - DISK status 2`)
    expect(await row(resource.id)).toMatchObject({ tickets: [first], acknowledged: true })
    expect((await a.api.get(base)).body).toMatchObject({ totalresults: 1, result: [{ ticket_id: first }] })
    expect((await a.api.get(`${base}/${first}`)).body.ticket_id).toBe(first)

    // Refused while acknowledged (SPEC §4/§8).
    const again = await a.api.post(base, { comment: 'twice' })
    expect([again.status, again.body.error.key, again.body.error.extra_info.reason]).toEqual([
      400,
      'ticket_add_failed',
      'acknowledged_or_ok',
    ])

    // A note on the open ticket.
    const noted = await a.api.post(`${base}/${first}`, { comment: 'cleaning up logs' })
    expect(noted.status).toBe(200)
    expect(noted.body.workflowStateName).toBe('In progress')
    expect(noted.body.notes.map((x: any) => [x.kind, x.comment])).toEqual([
      ['created', 'disk full on /'],
      ['note', 'cleaning up logs'],
    ])

    // The state changes: the acknowledgement ends; a new ticket is refused while one is open; re-acknowledge.
    await setState(name, 1)
    expect((await row(resource.id)).acknowledged).toBe(false)
    const open = await a.api.post(base, { comment: 'another' })
    expect([open.body.error.key, open.body.error.extra_info]).toEqual(['ticket_add_failed', { reason: 'ticket_open', ticket_id: first }])
    const reack = await a.api.post(base, { reacknowledged: true })
    expect(reack.status).toBe(201)
    expect(reack.body).toMatchObject({ ticket_id: first, reacknowledged: true, reopened: false })
    expect(reack.body.notes.at(-1)).toMatchObject({ kind: 'reacknowledged', comment: 'Re-acknowledged', username: a.username })
    expect(await row(resource.id)).toMatchObject({ acknowledged: true, tickets: [first] })
    expect((await a.api.get(`/api/v1/resources/${resource.id}/acknowledgements`)).body.result[0].comment).toBe('Re-acknowledged')
    expect((await a.api.post(base, { reacknowledged: true })).body.error.extra_info.reason).toBe('acknowledged_or_ok')

    // Close needs a comment (SPEC §5); then the ticket is closed and takes no notes.
    expect((await close(`${base}/${first}`)).body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'body.comment' } })
    expect((await close(`${base}/${first}`, { comment: '  ' })).status).toBe(400)
    expect((await a.api.get(`${base}/${first}`)).body.isClosed).toBe(false)
    const closed = await close(`${base}/${first}`, { comment: 'resolved' })
    expect([closed.status, closed.body]).toEqual([200, { ticket_id: first }])
    expect((await a.api.get(`${base}/${first}`)).body).toMatchObject({
      isClosed: true,
      workflowStateName: 'Closed',
      closed_time: expect.any(Number),
    })
    expect((await close(`${base}/${first}`, { comment: 'again' })).body.error).toMatchObject({
      key: 'ticket_delete_failed',
      extra_info: { reason: 'ticket_closed' },
    })
    expect((await a.api.post(`${base}/${first}`, { comment: 'late note' })).body.error).toMatchObject({
      key: 'ticket_add_failed',
      extra_info: { reason: 'ticket_closed' },
    })

    // Re-open: after the next state change a ticket is recreated, linked to the closed one.
    await setState(name, 2)
    const reopened = await a.api.post(base, { comment: 'full again' })
    expect(reopened.status).toBe(201)
    expect(reopened.body).toMatchObject({ reopened: true, isClosed: false })
    expect(reopened.body.ticket_id).not.toBe(first)
    expect(reopened.body.ticket_links).toEqual([{ id: first, web_url: `/#/tickets/${first}` }])
    expect((await row(resource.id)).tickets).toEqual([first, reopened.body.ticket_id])

    // The page behind web_url reads a ticket by its id alone; another organization cannot.
    expect((await a.api.get(`/api/v1/tickets/${first}`)).body).toMatchObject({ ticket_id: first, resource_id: resource.id, isClosed: true })
    expect((await b.api.get(`/api/v1/tickets/${first}`)).body.error.key).toBe('ticket_not_found')
    expect((await a.api.get('/api/v1/tickets/VIG-999999')).status).toBe(404)

    const events = await server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('resource_id', '=', resource.id)
      .where('type', '=', 'ticket')
      .orderBy('id')
      .execute()
    expect(events.map((e) => [e.status, e.ticket_id])).toEqual([
      ['CREATED', first],
      ['NOTE', first],
      ['REACKNOWLEDGED', first],
      ['CLOSED', first],
      ['REOPENED', reopened.body.ticket_id],
    ])
    expect(events[3].comment).toBe('resolved')
  })

  it('tickets a host too, and refuses OK state (SPEC §4 "refused for acknowledged or OK state")', async () => {
    const { host, name } = await problemResource(0)
    await a.api.post('/api/v1/results', { host: name, exit_status: 0, output: 'PING OK' })
    const ok = await a.api.post(`/api/v1/hosts/${host.id}/tickets`, { comment: 'all fine?' })
    expect([ok.status, ok.body.error.key, ok.body.error.extra_info.reason]).toEqual([400, 'ticket_add_failed', 'acknowledged_or_ok'])
    await a.api.post('/api/v1/results', { host: name, exit_status: 2, output: 'PING CRITICAL' })
    const r = await a.api.post(`/api/v1/hosts/${host.id}/tickets`, { host_id: host.id, comment: 'host down' })
    expect([r.status, r.body.resource_id, r.body.priorityName]).toEqual([201, null, 'High'])
    expect((await a.api.get(`/api/v1/hosts/${host.id}`)).body).toMatchObject({ tickets: [r.body.ticket_id], acknowledged: true })
  })

  it('refuses a ticket without comment, and a ticket of another object or unknown, writing nothing', async () => {
    const { resource } = await problemResource(2)
    const other = await problemResource(2)
    const r = await a.api.post(`/api/v1/resources/${resource.id}/tickets`, { comment: ' ' })
    expect([r.status, r.body.error.key, r.body.error.extra_info.field]).toEqual([400, 'validation_failed', 'body.comment'])
    expect(
      (await a.api.post(`/api/v1/resources/${resource.id}/tickets`, { comment: 'x', resource_id: other.resource.id })).body.error.extra_info
        .field,
    ).toBe('body.resource_id')
    expect(await row(resource.id)).toMatchObject({ tickets: [], acknowledged: false })
    const theirs = (await a.api.post(`/api/v1/resources/${other.resource.id}/tickets`, { comment: 'other' })).body.ticket_id
    expect((await a.api.get(`/api/v1/resources/${resource.id}/tickets/${theirs}`)).status).toBe(404)
    expect((await a.api.get(`/api/v1/resources/${resource.id}/tickets/VIG-999999`)).body.error.key).toBe('ticket_not_found')
    expect((await close(`/api/v1/resources/${resource.id}/tickets/${theirs}`, { comment: 'not this one' })).status).toBe(404)
    expect((await a.api.get(`/api/v1/resources/${other.resource.id}/tickets/${theirs}`)).body.isClosed).toBe(false)
  })

  it('needs create_ticket to open or close and view_ticket to view (SPEC §6)', async () => {
    // Every authorization group of permissions.ts has both; the rule is checked on a scope without them.
    const { resource } = await problemResource(2)
    const user = await server.vigil.store.db.selectFrom('users').select('id').where('username', '=', a.username).executeTakeFirstOrThrow()
    const scope = await loadScope(server.vigil.store.db, user.id)
    const target = {
      object: 'resource' as const,
      id: resource.id,
      hostId: resource.host_id,
      hostgroupId: a.environmentId,
      name: 'disk',
      hostName: '',
      resourceName: 'disk',
      state: 'critical',
      pluginOutput: '',
      acknowledged: false,
      tickets: [],
    }
    const without = { ...scope, envActions: new Map([[a.environmentId, []]]) }
    expect(rightRefusal(scope, 'create_ticket', target)).toBeNull()
    expect(rightRefusal(without, 'create_ticket', target)).toEqual({ key: 'unauthorized', extra: { action: 'create_ticket' } })
    expect(rightRefusal(without, 'view_ticket', target)).toEqual({ key: 'unauthorized', extra: { action: 'view_ticket' } })
  })

  it("reads another organization's objects as not found", async () => {
    const { host, resource } = await problemResource(2)
    expect((await b.api.post(`/api/v1/resources/${resource.id}/tickets`, { comment: 'not mine' })).body.error.key).toBe(
      'resource_check_not_found',
    )
    expect((await b.api.get(`/api/v1/hosts/${host.id}/tickets`)).body.error.key).toBe('host_not_found')
    const mine = (await a.api.post(`/api/v1/resources/${resource.id}/tickets`, { comment: 'mine' })).body.ticket_id
    expect((await b.api.get(`/api/v1/resources/${resource.id}/tickets/${mine}`)).status).toBe(404)
  })
})
