/**
 * Maintenance (SPEC §1, §3 Maintenance payload, §4 Maintenance, §5 validation, §7 downtimes paths):
 * fixed and flexible maintenance taking effect in the real engine, remove all, rights and tenancy.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { adminClient, waitFor, type Client } from '../helpers/api'

const nowS = () => Math.floor(Date.now() / 1000)

/** The engine applies maintenance on its own schedule: up to 10 s. */
const ENGINE_MS = 10_000

const depthOf = async (api: Client, object: 'host' | 'resource', id: number): Promise<number> =>
  object === 'host'
    ? (await api.get(`/api/v1/hosts/${id}`)).body.max_scheduled_downtime_depth
    : (await api.get(`/api/v1/resources/${id}?extra_columns=scheduled_downtime_depth`)).body.scheduled_downtime_depth

describe.each(DATABASES)('maintenance on %s', (db) => {
  const {
    server,
    admin,
    addTenant,
    tenants: { a, b },
  } = useApiSuite(db, { tenants: { a: 'administrator', b: 'administrator' } })
  let n = 0

  /** A passive host with one passive resource in tenant a. */
  async function hostWithResource() {
    const name = `dt-host-${++n}`
    const host = (await a.api.post('/api/v1/hosts/', { name, hostgroup_id: a.environmentId, check_type: '1' })).body
    const resource = (await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1' })).body
    return { host, resource, name }
  }
  const payload = (extra: Record<string, unknown>) => ({
    start_time: nowS(),
    end_time: nowS() + 3600,
    comment: 'patching',
    is_flexible: false,
    duration: 0,
    set_to_host_checkbox: false,
    ...extra,
  })
  const eventsOf = (hostId: number) =>
    server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('host_id', '=', hostId)
      .where('type', '=', 'downtime')
      .orderBy('id')
      .execute()

  it('a fixed maintenance from now is in effect at once: depth 1, listed, one STARTED downtime event (SPEC §3, §4)', async () => {
    const { host, name } = await hostWithResource()
    const start = nowS()
    const r = await a.api.post(
      `/api/v1/hosts/${host.id}/downtimes`,
      payload({ host_id: host.id, host_name: name, start_time: start, end_time: start + 3600 }),
    )
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      host_id: host.id,
      host_name: name,
      resource_id: null,
      status: 'STARTED',
      is_flexible: false,
      duration: 3600,
      comment: 'patching',
      username: a.username,
    })
    expect(await depthOf(a.api, 'host', host.id)).toBe(1)
    const list = await a.api.get(`/api/v1/hosts/${host.id}/downtimes`)
    expect(list.body).toMatchObject({ totalresults: 1, result: [{ id: r.body.id, status: 'STARTED' }] })
    const events = await eventsOf(host.id)
    expect(
      events.map((e) => [e.status, e.start_time, e.end_time, e.display_time, e.comment, e.username, e.duration, e.is_flexible]),
    ).toEqual([['STARTED', start, start + 3600, start, 'patching', a.username, 3600, 0]])
  })

  it('a fixed maintenance a few seconds ahead is upcoming, then starts and stops at its times (SPEC §4 Timeline)', async () => {
    const { host, resource } = await hostWithResource()
    const start = nowS() + 2
    const r = await a.api.post(
      `/api/v1/resources/${resource.id}/downtimes`,
      payload({ host_id: host.id, resource_id: resource.id, start_time: start, end_time: start + 2 }),
    )
    expect([r.status, r.body.status]).toEqual([201, 'SCHEDULED'])
    expect(await depthOf(a.api, 'resource', resource.id)).toBe(0)
    const [scheduled] = await eventsOf(host.id)
    // Upcoming: its start lies in the future and it is not STOPPED.
    expect([scheduled.status, scheduled.start_time, scheduled.resource_id]).toEqual(['SCHEDULED', start, resource.id])
    await waitFor(async () => (await depthOf(a.api, 'resource', resource.id)) === 1, ENGINE_MS)
    expect((await eventsOf(host.id))[0].status).toBe('STARTED')
    expect(nowS()).toBeGreaterThanOrEqual(start)
    await waitFor(async () => (await depthOf(a.api, 'resource', resource.id)) === 0, ENGINE_MS)
    const [stopped] = await eventsOf(host.id)
    expect([stopped.id, stopped.status, stopped.start_time]).toEqual([scheduled.id, 'STOPPED', start])
    expect((await a.api.get(`/api/v1/resources/${resource.id}/downtimes`)).body.totalresults).toBe(0)
  })

  it('a flexible maintenance starts when the object turns non-OK in its window and lasts its duration (Nagios semantics)', async () => {
    const { host, resource, name } = await hostWithResource()
    await a.api.post('/api/v1/results', { host: name, resource: 'disk', exit_status: 0, output: 'DISK OK' })
    const r = await a.api.post(
      `/api/v1/resources/${resource.id}/downtimes`,
      payload({ is_flexible: true, duration: 2, end_time: nowS() + 600 }),
    )
    expect([r.status, r.body.status, r.body.duration]).toEqual([201, 'SCHEDULED', 2])
    expect(await depthOf(a.api, 'resource', resource.id)).toBe(0) // OK: waiting for a problem

    await a.api.post('/api/v1/results', { host: name, resource: 'disk', exit_status: 2, output: 'DISK CRITICAL' })
    // Triggered in the same transaction as the state change.
    expect(await depthOf(a.api, 'resource', resource.id)).toBe(1)
    const [started] = (await a.api.get(`/api/v1/resources/${resource.id}/downtimes`)).body.result
    expect(started.status).toBe('STARTED')
    expect(started.actual_end - started.actual_start).toBe(2)
    const [event] = await eventsOf(host.id)
    expect([event.status, event.start_time, event.end_time, event.is_flexible]).toEqual([
      'STARTED',
      started.actual_start,
      started.actual_end,
      1,
    ])
    await waitFor(async () => (await depthOf(a.api, 'resource', resource.id)) === 0, ENGINE_MS)
    expect((await eventsOf(host.id))[0].status).toBe('STOPPED')
  })

  it('a flexible maintenance whose window opens while the object is already down starts at the window start', async () => {
    const { host, name } = await hostWithResource()
    await a.api.post('/api/v1/results', { host: name, exit_status: 2, output: 'PING CRITICAL' })
    const start = nowS() + 2
    const r = await a.api.post(
      `/api/v1/hosts/${host.id}/downtimes`,
      payload({ start_time: start, end_time: start + 600, is_flexible: true, duration: 600 }),
    )
    expect(r.body.status).toBe('SCHEDULED')
    await waitFor(async () => (await depthOf(a.api, 'host', host.id)) === 1, ENGINE_MS)
    const [dt] = (await a.api.get(`/api/v1/hosts/${host.id}/downtimes`)).body.result
    expect(dt.actual_start).toBeGreaterThanOrEqual(start)
  })

  it('set_to_host_checkbox on a resource puts its host in maintenance instead (SPEC §2 maintenance form)', async () => {
    const { host, resource } = await hostWithResource()
    const r = await a.api.post(
      `/api/v1/resources/${resource.id}/downtimes`,
      payload({ resource_id: resource.id, set_to_host_checkbox: true }),
    )
    expect(r.body).toMatchObject({ host_id: host.id, resource_id: null, status: 'STARTED' })
    expect([await depthOf(a.api, 'host', host.id), await depthOf(a.api, 'resource', resource.id)]).toEqual([1, 0])
  })

  it('overlapping maintenance counts in the depth, and DELETE removes all of it (SPEC §4 "all removed")', async () => {
    const { host } = await hostWithResource()
    await a.api.post(`/api/v1/hosts/${host.id}/downtimes`, payload({}))
    await a.api.post(`/api/v1/hosts/${host.id}/downtimes`, payload({ comment: 'second' }))
    await a.api.post(
      `/api/v1/hosts/${host.id}/downtimes`,
      payload({ start_time: nowS() + 3600, end_time: nowS() + 7200, comment: 'later' }),
    )
    expect(await depthOf(a.api, 'host', host.id)).toBe(2)
    const del = await a.api.del(`/api/v1/hosts/${host.id}/downtimes`)
    expect([del.status, del.body]).toEqual([200, { removed: 3 }])
    expect(await depthOf(a.api, 'host', host.id)).toBe(0)
    expect((await a.api.get(`/api/v1/hosts/${host.id}/downtimes`)).body).toEqual({ result: [], totalresults: 0 })
    expect((await eventsOf(host.id)).map((e) => e.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED'])
    // SPEC §8 downtime_delete_failed: nothing left to remove.
    const again = await a.api.del(`/api/v1/hosts/${host.id}/downtimes`)
    expect([again.status, again.body.error.key]).toEqual([400, 'downtime_delete_failed'])
  })

  it('refuses bad input with validation_failed naming the field and writes nothing (SPEC §5 Maintenance)', async () => {
    const { host, resource } = await hostWithResource()
    const cases: [Record<string, unknown>, string][] = [
      [{ comment: '   ' }, 'body.comment'],
      [{ start_time: nowS() - 120 }, 'body.start_time'],
      [{ start_time: nowS() + 60, end_time: nowS() + 60 }, 'body.end_time'],
      [{ is_flexible: true, duration: 0 }, 'body.duration'],
      [{ start_time: 'soon' }, 'body.start_time'],
      [{ host_id: host.id + 1000 }, 'body.host_id'],
    ]
    for (const [extra, field] of cases) {
      const r = await a.api.post(`/api/v1/resources/${resource.id}/downtimes`, payload(extra))
      expect([r.status, r.body.error.key, r.body.error.extra_info.field]).toEqual([400, 'validation_failed', field])
    }
    const { comment: _c, ...noComment } = payload({})
    expect((await a.api.post(`/api/v1/hosts/${host.id}/downtimes`, noComment)).body.error.extra_info.field).toBe('body.comment')
    const rows = await server.vigil.store.db.selectFrom('downtimes').select('id').where('host_id', '=', host.id).execute()
    expect(rows).toEqual([])
    expect(await eventsOf(host.id)).toEqual([])
  })

  it('takes a start in the minute before the current one: a form sent as a minute ended (START_GRACE_S)', async () => {
    const { resource } = await hostWithResource()
    const previousMinute = Math.floor(nowS() / 60) * 60 - 60
    const r = await a.api.post(`/api/v1/resources/${resource.id}/downtimes`, payload({ start_time: previousMinute }))
    expect([r.status, r.body.start_time, r.body.status]).toEqual([201, previousMinute, 'STARTED'])
  })

  it('needs schedule_downtime to schedule or remove, view_scheduled_downtime to view (SPEC §6)', async () => {
    const desk = await addTenant('service_desk')
    const host = (await admin.post('/api/v1/hosts/', { name: `dt-desk-${++n}`, hostgroup_id: desk.environmentId, check_type: '1' })).body
    const r = await desk.api.post(`/api/v1/hosts/${host.id}/downtimes`, payload({}))
    expect([r.status, r.body.error.key]).toEqual([403, 'unauthorized'])
    expect((await desk.api.del(`/api/v1/hosts/${host.id}/downtimes`)).status).toBe(403)
    expect((await desk.api.get(`/api/v1/hosts/${host.id}/downtimes`)).status).toBe(200)
    expect(await depthOf(admin, 'host', host.id)).toBe(0)
  })

  it("reads another organization's host or resource as not found", async () => {
    const { host, resource } = await hostWithResource()
    expect((await b.api.post(`/api/v1/hosts/${host.id}/downtimes`, payload({}))).body.error.key).toBe('host_not_found')
    expect((await b.api.post(`/api/v1/resources/${resource.id}/downtimes`, payload({}))).status).toBe(404)
    expect((await b.api.get(`/api/v1/hosts/${host.id}/downtimes`)).status).toBe(404)
    expect((await b.api.del(`/api/v1/resources/${resource.id}/downtimes`)).body.error.key).toBe('resource_check_not_found')
    expect(await depthOf(a.api, 'host', host.id)).toBe(0)
  })
})

describe('maintenance across a restart (sqlite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dt-restart-'))
  const env = { DATABASE_URL: path.join(dir, 'vigil.db'), VIGIL_ADMIN_PASSWORD: 'dt-restart-admin-pw' }
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('a maintenance that began while the server was down is in effect as soon as it is back', async () => {
    const first = await startServer({ env })
    const admin = await adminClient({ ...first, adminPassword: env.VIGIL_ADMIN_PASSWORD })
    const host = (await admin.post('/api/v1/hosts/', { name: 'dt-restart', hostgroup_id: 1, check_type: '1' })).body
    // Whole seconds: `nowS() + 1` may be a few ms away, and a loaded machine posts later than that.
    const start = nowS() + 3
    const r = await admin.post(`/api/v1/hosts/${host.id}/downtimes`, {
      start_time: start,
      end_time: start + 600,
      comment: 'over the restart',
    })
    expect(r.body.status).toBe('SCHEDULED')
    await first.close()
    await waitFor(async () => nowS() > start, ENGINE_MS)
    const second = await startServer({ env })
    const admin2 = await adminClient({ ...second, adminPassword: env.VIGIL_ADMIN_PASSWORD })
    expect((await admin2.get(`/api/v1/hosts/${host.id}`)).body.max_scheduled_downtime_depth).toBe(1)
    await second.close()
  })
})
