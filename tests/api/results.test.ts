/** Passive results, reschedule and performance data series through the real API (issue 3). */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { waitFor } from '../helpers/api'

describe.each(DATABASES)('passive results on %s', (db) => {
  const {
    server,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let hostId: number
  let resourceId: number
  beforeAll(async () => {
    hostId = (
      await a.api.post('/api/v1/hosts/', { name: 'agent-host', hostgroup_id: a.environmentId, check_type: '1', max_check_attempts: 2 })
    ).body.id
    resourceId = (await a.api.post('/api/v1/resources/', { host_id: hostId, name: 'disk', check_type: '1', max_check_attempts: 2 })).body.id
  })

  it('accepts one result and processes it like an active one: state, output, perfdata, SOFT then HARD', async () => {
    const r = await a.api.post('/api/v1/results', {
      host: 'agent-host',
      resource: 'disk',
      exit_status: 2,
      output: "DISK CRITICAL - / 95% used | '/'=95%;80;90;0;100\nline two",
    })
    expect([r.status, r.body]).toEqual([200, { written: 1 }])
    const soft = (await a.api.get(`/api/v1/resources/${resourceId}?extra_columns=perf_data,current_attempt`)).body
    expect(soft).toMatchObject({
      state: 'critical',
      state_type: 'SOFT',
      current_attempt: 1,
      plugin_output: 'DISK CRITICAL - / 95% used',
      extended_output: 'line two',
      has_graph: true,
    })
    expect(soft.perf_data[0]).toMatchObject({ label: '/', value: 95, unit: '%' })
    await a.api.post('/api/v1/results', {
      resource_id: resourceId,
      exit_status: 2,
      output: 'DISK CRITICAL - / 96% used',
      perfdata: "'/'=96%;80;90",
    })
    expect((await a.api.get(`/api/v1/resources/${resourceId}`)).body).toMatchObject({ state: 'critical', state_type: 'HARD' })
    const events = await server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('resource_id', '=', resourceId)
      .where('type', '<>', 'audit_log')
      .orderBy('id')
      .execute()
    expect(events.map((e) => [e.type, e.status, e.state_type])).toEqual([
      ['state_change', 'critical', 'SOFT'],
      ['state_change', 'critical', 'HARD'],
    ])
  })

  it('accepts a batch and the host check in it', async () => {
    const r = await a.api.post('/api/v1/results', {
      results: [
        { host: 'agent-host', exit_status: 0, output: 'PING OK - rta 1 ms | rta=1ms;100;500' },
        { host: 'agent-host', resource: 'disk', exit_status: 0, output: 'DISK OK' },
      ],
    })
    expect(r.body).toEqual({ written: 2 })
    expect((await a.api.get(`/api/v1/hosts/${hostId}`)).body).toMatchObject({ state: 'up', plugin_output: 'PING OK - rta 1 ms' })
    expect((await a.api.get(`/api/v1/resources/${resourceId}`)).body).toMatchObject({ state: 'ok', state_type: 'HARD' })
  })

  it('refuses a malformed batch as a whole and writes nothing', async () => {
    const before = (await a.api.get(`/api/v1/resources/${resourceId}`)).body
    const bad = await a.api.post('/api/v1/results', [
      { host: 'agent-host', resource: 'disk', exit_status: 2, output: 'would be critical' },
      { host: 'agent-host', exit_status: 7, output: 'bad status' },
    ])
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatchObject({ key: 'validation_failed', extra_info: { field: 'body.1.exit_status' } })
    const unknown = await a.api.post('/api/v1/results', [
      { host: 'agent-host', resource: 'disk', exit_status: 2, output: 'would be critical' },
      { host: 'agent-host', resource: 'nope', exit_status: 2, output: 'x' },
    ])
    expect([unknown.status, unknown.body.error.key, unknown.body.error.extra_info.index]).toEqual([404, 'resource_check_not_found', 1])
    const after = (await a.api.get(`/api/v1/resources/${resourceId}`)).body
    expect([after.state, after.last_check, after.plugin_output]).toEqual([before.state, before.last_check, before.plugin_output])
  })

  it("refuses results for another tenant's host", async () => {
    const r = await b.api.post('/api/v1/results', { host: 'agent-host', exit_status: 2, output: 'spoofed' })
    expect([r.status, r.body.error.key]).toEqual([404, 'host_not_found'])
    expect((await a.api.get(`/api/v1/hosts/${hostId}`)).body.plugin_output).not.toBe('spoofed')
  })

  it('needs a token', async () => {
    const r = await fetch(`${server.baseUrl}/api/v1/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"host":"agent-host","exit_status":0,"output":"x"}',
    })
    expect(r.status).toBe(401)
  })

  it('returns the series keys and a reduced series for a range', async () => {
    const now = Math.floor(Date.now() / 1000)
    const results = Array.from({ length: 120 }, (_, i) => ({
      resource_id: resourceId,
      exit_status: 0,
      output: 'DISK OK',
      perfdata: `'/'=${i % 10}%;80;90`,
      time: now - 3600 + i * 30,
    }))
    expect((await a.api.post('/api/v1/results', results)).status).toBe(200)
    const keys = await a.api.get(`/api/v1/resources/${resourceId}/perfdata`)
    expect(keys.body.result).toEqual([expect.objectContaining({ key: '/', unit: '%', warn: expect.objectContaining({ end: 80 }) })])
    const series = await a.api.get(`/api/v1/resources/${resourceId}/perfdata?key=%2F&start=${now - 3600}&end=${now}&points=12`)
    expect(series.status).toBe(200)
    expect(series.body.points.length).toBeLessThanOrEqual(13)
    expect(series.body.step).toBe(300)
    expect(series.body.points[1]).toMatchObject({ min: 0, max: 9 }) // a whole 5-minute bucket holds all ten values
    expect((await a.api.get(`/api/v1/resources/${resourceId}/perfdata?key=nope`)).body.error.key).toBe('graph_not_found')
    expect(
      (
        await a.api.get(
          `/api/v1/hosts/${(await a.api.post('/api/v1/hosts/', { name: 'no-data', hostgroup_id: a.environmentId, check_type: '1' })).body.id}/perfdata`,
        )
      ).body.error.key,
    ).toBe('trending_data_unavailable')
  })
})

describe('active checks and reschedule (sqlite)', () => {
  let listener: net.Server
  let port: number
  beforeAll(async () => {
    listener = net.createServer((s) => s.end())
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r))
    port = (listener.address() as net.AddressInfo).port
  })
  afterAll(() => void listener.close())
  const { admin, addTenant } = useApiSuite('sqlite', { env: { VIGIL_ENGINE: '1' } })

  it('checks a new host within seconds and reschedules on request', async () => {
    const host = (
      await admin.post('/api/v1/hosts/', {
        name: 'tcp-target',
        hostgroup_id: 1,
        ip_address: '127.0.0.1',
        check: { kind: 'tcp', config: { port } },
        check_interval: 3600,
      })
    ).body
    const checked = await waitFor(async () => {
      const h = (await admin.get(`/api/v1/hosts/${host.id}`)).body
      return h.state === 'up' && h
    })
    expect(checked.plugin_output).toMatch(/TCP OK/)
    expect(checked.next_check).toBeGreaterThan(checked.last_check + 3000)
    // The next check is an hour away: only the reschedule can notice that the port closed.
    listener.close()
    const r = await admin.post(`/api/v1/hosts/${host.id}/reschedule`)
    expect(r.body).toEqual({ rescheduled: true })
    const down = await waitFor(async () => {
      const h = (await admin.get(`/api/v1/hosts/${host.id}`)).body
      return h.state === 'down' && h
    })
    expect(down.plugin_output).toMatch(/refused/i)
  })

  it('an operator without schedule rights cannot reschedule', async () => {
    const t = await addTenant('service_desk')
    const host = (await admin.post('/api/v1/hosts/', { name: 'sd-host', hostgroup_id: t.environmentId, check_type: '1' })).body
    const r = await t.api.post(`/api/v1/hosts/${host.id}/reschedule`)
    expect([r.status, r.body.error.key]).toEqual([403, 'unauthorized'])
  })
})
