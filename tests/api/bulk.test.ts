/**
 * Bulk actions (issue 4 "act on everything the current filter matches as one server-side bulk request"):
 * acknowledgements, maintenance and tickets over a list filter, with per-object refusals, rights,
 * tenancy and bad input.
 */
import { describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { type Client, type Tenant } from '../helpers/api'

const nowS = () => Math.floor(Date.now() / 1000)

describe.each(DATABASES)('bulk actions on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let n = 0

  /** Hosts `<prefix>-<i>` in tenant t, each with a resource `disk`, in the given host / disk states (exit codes). */
  async function fleet(t: Tenant, states: [number, number][], writer: Client = t.api) {
    const prefix = `bulk${++n}`
    const hosts: { id: number; resourceId: number }[] = []
    for (const [i, [hostStatus, diskStatus]] of states.entries()) {
      const name = `${prefix}-${i}`
      const host = (await writer.post('/api/v1/hosts/', { name, hostgroup_id: t.environmentId, check_type: '1' })).body
      const res = (await writer.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1' })).body
      await writer.post('/api/v1/results', [
        { host: name, exit_status: hostStatus, output: 'host' },
        { host: name, resource: 'disk', exit_status: diskStatus, output: 'disk' },
      ])
      hosts.push({ id: host.id, resourceId: res.id })
    }
    return {
      prefix,
      hosts,
      byPrefix: [['host_name', 'starts_with', `${prefix}-`]] as unknown[],
      hostsByPrefix: [['name', 'starts_with', `${prefix}-`]] as unknown[],
    }
  }
  const host = async (api: Client, id: number) => (await api.get(`/api/v1/hosts/${id}`)).body
  const resource = async (api: Client, id: number) => (await api.get(`/api/v1/resources/${id}?extra_columns=scheduled_downtime_depth`)).body

  it('acknowledges every matching problem in one request and lists the OK ones as refused', async () => {
    const f = await fleet(a, [
      [2, 0],
      [2, 0],
      [0, 0],
    ])
    const r = await a.api.post('/api/v1/bulk/acknowledgements', {
      target: 'hosts',
      advanced_filter: f.hostsByPrefix,
      comment: 'storm',
      persistent: true,
    })
    expect([r.status, r.body]).toEqual([200, { done: 2, refused: [{ id: f.hosts[2].id, key: 'acknowledgement_add_failed' }] }])
    expect(await Promise.all(f.hosts.map(async (h) => (await host(a.api, h.id)).acknowledged))).toEqual([true, true, false])
    const events = await server.vigil.store.db
      .selectFrom('events')
      .select('host_id')
      .where('type', '=', 'acknowledgement')
      .where(
        'host_id',
        'in',
        f.hosts.map((h) => h.id),
      )
      .execute()
    expect(events.length).toBe(2)
    // Narrowed by the filter: state equals down (SPEC §4 numeric 1 = down).
    const again = await a.api.post('/api/v1/bulk/acknowledgements', {
      target: 'hosts',
      advanced_filter: [...f.hostsByPrefix, ['state', 'equals', 1]],
      comment: 'again',
    })
    expect(again.body).toEqual({ done: 2, refused: [] })
  })

  it('schedules maintenance on every matching resource, or on their hosts with set_to_host_checkbox', async () => {
    const f = await fleet(a, [
      [0, 2],
      [0, 1],
    ])
    const window = { start_time: nowS(), end_time: nowS() + 3600, comment: 'bulk window' }
    const r = await a.api.post('/api/v1/bulk/downtimes', { target: 'resources', advanced_filter: f.byPrefix, ...window })
    expect(r.body).toEqual({ done: 2, refused: [] })
    for (const h of f.hosts) {
      expect((await resource(a.api, h.resourceId)).scheduled_downtime_depth).toBe(1)
      expect((await host(a.api, h.id)).max_scheduled_downtime_depth).toBe(0)
    }
    const toHosts = await a.api.post('/api/v1/bulk/downtimes', {
      target: 'resources',
      advanced_filter: f.byPrefix,
      ...window,
      set_to_host_checkbox: true,
    })
    expect(toHosts.body).toEqual({ done: 2, refused: [] })
    for (const h of f.hosts) expect((await host(a.api, h.id)).max_scheduled_downtime_depth).toBe(1)
  })

  it('opens a ticket for every matching problem; acknowledged and OK ones are refused', async () => {
    const f = await fleet(a, [
      [0, 2],
      [0, 2],
      [0, 0],
    ])
    await a.api.post(`/api/v1/resources/${f.hosts[1].resourceId}/acknowledgements`, { comment: 'already handled' })
    const r = await a.api.post('/api/v1/bulk/tickets', { target: 'resources', advanced_filter: f.byPrefix, comment: 'bulk ticket' })
    expect(r.body).toEqual({
      done: 1,
      refused: [
        { id: f.hosts[1].resourceId, key: 'ticket_add_failed' },
        { id: f.hosts[2].resourceId, key: 'ticket_add_failed' },
      ],
    })
    const first = await resource(a.api, f.hosts[0].resourceId)
    expect(first).toMatchObject({ acknowledged: true, tickets: [expect.stringMatching(/^VIG-/)] })
    expect((await a.api.get(`/api/v1/resources/${f.hosts[0].resourceId}/tickets/${first.tickets[0]}`)).body.details).toBe('bulk ticket')
  })

  it('refuses objects without the right, one by one (SPEC §6)', async () => {
    const desk = await addTenant('service_desk')
    const f = await fleet(desk, [[2, 2]], admin) // a service desk may not add hosts
    const r = await desk.api.post('/api/v1/bulk/downtimes', {
      target: 'hosts',
      advanced_filter: f.hostsByPrefix,
      start_time: nowS(),
      end_time: nowS() + 60,
      comment: 'no right',
    })
    expect(r.body).toEqual({ done: 0, refused: [{ id: f.hosts[0].id, key: 'unauthorized' }] })
    expect((await host(desk.api, f.hosts[0].id)).max_scheduled_downtime_depth).toBe(0)
  })

  it("never reaches another organization's objects", async () => {
    const f = await fleet(a, [[2, 2]])
    const r = await b.api.post('/api/v1/bulk/acknowledgements', { target: 'resources', advanced_filter: f.byPrefix, comment: 'not mine' })
    expect(r.body).toEqual({ done: 0, refused: [] })
    const narrowed = await a.api.post('/api/v1/bulk/acknowledgements', {
      target: 'resources',
      advanced_filter: f.byPrefix,
      environment_ids: [b.environmentId],
      comment: 'elsewhere',
    })
    expect(narrowed.body).toEqual({ done: 0, refused: [] })
    expect((await resource(a.api, f.hosts[0].resourceId)).acknowledged).toBe(false)
  })

  it('refuses a bad filter or payload with its key and writes nothing', async () => {
    const f = await fleet(a, [[2, 2]])
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/api/v1/bulk/acknowledgements',
        { target: 'resources', advanced_filter: [['secret', 'equals', 'x']], comment: 'x' },
        'columns_not_allowed',
      ],
      [
        '/api/v1/bulk/acknowledgements',
        { target: 'resources', advanced_filter: [['display_name', 'resembles', 'x']], comment: 'x' },
        'unknown_operator',
      ],
      ['/api/v1/bulk/acknowledgements', { target: 'maps', advanced_filter: f.byPrefix, comment: 'x' }, 'validation_failed'],
      ['/api/v1/bulk/acknowledgements', { target: 'resources', advanced_filter: f.byPrefix, comment: '' }, 'validation_failed'],
      [
        '/api/v1/bulk/downtimes',
        { target: 'resources', advanced_filter: f.byPrefix, start_time: nowS() - 3600, end_time: nowS() + 60, comment: 'x' },
        'validation_failed',
      ],
      ['/api/v1/bulk/tickets', { target: 'resources', advanced_filter: f.byPrefix }, 'validation_failed'],
      // "Everything" must be asked for with an empty list, never by leaving the filter out.
      ['/api/v1/bulk/acknowledgements', { target: 'resources', comment: 'x' }, 'validation_failed'],
    ]
    for (const [url, body, key] of cases) {
      const r = await a.api.post(url, body)
      expect([r.status, r.body.error.key]).toEqual([400, key])
    }
    expect(await resource(a.api, f.hosts[0].resourceId)).toMatchObject({ acknowledged: false, tickets: [], scheduled_downtime_depth: 0 })
  })
})
