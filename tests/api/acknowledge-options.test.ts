/**
 * Issue 17 "Actions" and "Agents and scripts": acknowledge options as operators know them (sticky, notify,
 * expiry time, persistent comment: stored, honoured by the engine, on the timeline, surviving a restart),
 * the SPEC §8 action errors (disallowed_comment, downtime_add_failed), the SPEC §6 ticket-allowed flag,
 * ticket descriptions that name the state once, and POST /results addressing a resource by name.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATABASES, startServer } from '../helpers/server'
import { adminClient, waitFor } from '../helpers/api'
import { useApiSuite } from '../helpers/suite'

const nowS = () => Math.floor(Date.now() / 1000)

describe.each(DATABASES)('acknowledge options and action errors on %s', (db) => {
  const {
    server,
    tenants: { a },
  } = useApiSuite(db, { tenants: { a: 'administrator' } })
  let n = 0

  /** A passive host with one passive resource named `disk_root`, shown as "Disk /". */
  async function objects(diskStatus: number | null) {
    const name = `opt-host-${++n}`
    const host = (await a.api.post('/api/v1/hosts/', { name, hostgroup_id: a.environmentId, check_type: '1' })).body
    const resource = (
      await a.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk_root', display_name: 'Disk /', check_type: '1' })
    ).body
    if (diskStatus !== null) await result(name, 'Disk /', diskStatus)
    return { host, resource, name }
  }
  const result = (host: string, resource: string, status: number, output = `status ${status}`) =>
    a.api.post('/api/v1/results', { host, resource, exit_status: status, output })
  const resourceRow = async (id: number) => (await a.api.get(`/api/v1/resources/${id}`)).body
  const ackEvents = (resourceId: number) =>
    server.vigil.store.db
      .selectFrom('events')
      .selectAll()
      .where('resource_id', '=', resourceId)
      .where('type', '=', 'acknowledgement')
      .orderBy('id')
      .execute()

  it('stores notify, expiry and persistent comment, answers and lists them, and puts them on the timeline', async () => {
    const { resource, name } = await objects(2)
    const expire = nowS() + 3600
    const r = await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, {
      comment: 'disk swap tonight',
      persistent: true,
      notify: true,
      expire_time: expire,
      persistent_comment: true,
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ persistent: true, notify: true, expire_time: expire, persistent_comment: true, ended_time: null })
    expect((await a.api.get(`/api/v1/resources/${resource.id}/acknowledgements`)).body.result).toMatchObject([
      { comment: 'disk swap tonight', notify: true, expire_time: expire, persistent_comment: true },
    ])
    const [event] = await ackEvents(resource.id)
    expect(JSON.parse(String(event.extra_data))).toMatchObject({
      persistent: true,
      notify: true,
      expire_time: expire,
      persistent_comment: true,
    })
    const timeline = await a.api.get(`/api/v1/events?resource_id=${resource.id}&types=acknowledgement`)
    expect(timeline.body.result[0]).toMatchObject({ type: 'acknowledgement', status: 'ADDED', comment: 'disk swap tonight' })
    expect(name).toBeTruthy()
  })

  it('a sticky acknowledgement stays through WARNING ↔ CRITICAL and ends on OK; a non-sticky one ends at the next change', async () => {
    const sticky = await objects(2)
    await a.api.post(`/api/v1/resources/${sticky.resource.id}/acknowledgements`, { comment: 'sticky', persistent: true })
    await result(sticky.name, 'Disk /', 1)
    expect((await resourceRow(sticky.resource.id)).acknowledged).toBe(true)
    await result(sticky.name, 'Disk /', 0)
    expect((await resourceRow(sticky.resource.id)).acknowledged).toBe(false)

    const once = await objects(2)
    await a.api.post(`/api/v1/resources/${once.resource.id}/acknowledgements`, { comment: 'until next change', persistent: false })
    await result(once.name, 'Disk /', 1)
    expect((await resourceRow(once.resource.id)).acknowledged).toBe(false)
  })

  it('an acknowledgement ends at its expiry time with an EXPIRED event, whatever the state', async () => {
    const { resource } = await objects(2)
    const r = await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, {
      comment: 'for two seconds',
      persistent: true,
      expire_time: nowS() + 2,
    })
    expect(r.status).toBe(201)
    expect((await resourceRow(resource.id)).acknowledged).toBe(true)
    await waitFor(async () => !(await resourceRow(resource.id)).acknowledged, 8000)
    expect((await ackEvents(resource.id)).map((e) => e.status)).toEqual(['ADDED', 'EXPIRED'])
    expect((await a.api.get(`/api/v1/resources/${resource.id}/acknowledgements`)).body.result).toEqual([])
  })

  it('a persistent comment stays listed, as ended, after the acknowledgement was removed', async () => {
    const { resource } = await objects(2)
    await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'keep me', persistent_comment: true })
    await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'forget me' })
    expect((await a.api.del(`/api/v1/resources/${resource.id}/acknowledgements`)).status).toBe(200)
    const list = (await a.api.get(`/api/v1/resources/${resource.id}/acknowledgements`)).body.result
    expect(list.map((x: any) => [x.comment, x.end_reason])).toEqual([['keep me', 'replaced']])
    expect((await resourceRow(resource.id)).acknowledged).toBe(false)
  })

  it('refuses an expiry time in the past (validation_failed) and an unreadable comment (disallowed_comment), writing nothing', async () => {
    const { resource } = await objects(2)
    const past = await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'late', expire_time: nowS() - 10 })
    expect([past.status, past.body.error.key, past.body.error.extra_info.field]).toEqual([400, 'validation_failed', 'body.expire_time'])
    for (const comment of ['...', '—', 'ok\u0007']) {
      const r = await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment })
      expect([r.status, r.body.error.key]).toEqual([400, 'disallowed_comment'])
    }
    const maintenance = await a.api.post(`/api/v1/resources/${resource.id}/downtimes`, {
      start_time: nowS(),
      end_time: nowS() + 600,
      comment: '!!!',
      is_flexible: false,
    })
    expect(maintenance.body.error.key).toBe('disallowed_comment')
    expect((await resourceRow(resource.id)).acknowledged).toBe(false)
    expect(await ackEvents(resource.id)).toEqual([])
  })

  it('scheduling the same maintenance window twice answers downtime_add_failed (SPEC §8)', async () => {
    const { resource } = await objects(null)
    const body = { start_time: nowS() + 600, end_time: nowS() + 1200, comment: 'patching', is_flexible: false }
    expect((await a.api.post(`/api/v1/resources/${resource.id}/downtimes`, body)).status).toBe(201)
    const again = await a.api.post(`/api/v1/resources/${resource.id}/downtimes`, body)
    expect([again.status, again.body.error.key]).toEqual([400, 'downtime_add_failed'])
    expect((await a.api.get(`/api/v1/resources/${resource.id}/downtimes`)).body.totalresults).toBe(1)
  })

  it('sends the ticket-allowed flag: only for an unacknowledged problem (SPEC §4, §6)', async () => {
    const { resource, name } = await objects(0)
    expect((await resourceRow(resource.id)).ticket_allowed).toBe(false)
    await result(name, 'Disk /', 2)
    expect((await resourceRow(resource.id)).ticket_allowed).toBe(true)
    await a.api.post(`/api/v1/resources/${resource.id}/acknowledgements`, { comment: 'mine', persistent: true })
    expect((await resourceRow(resource.id)).ticket_allowed).toBe(false)
    const refused = await a.api.post(`/api/v1/resources/${resource.id}/tickets`, { comment: 'please' })
    expect(refused.status).toBe(400)
  })

  it('a ticket description names the state once when the output starts with it', async () => {
    const { resource, name } = await objects(null)
    await result(name, 'Disk /', 2, 'CRITICAL - disk full')
    const created = await a.api.post(`/api/v1/resources/${resource.id}/tickets`, { comment: 'replace the disk' })
    expect(created.status).toBe(201)
    expect(created.body.description).toBe(`${name} / Disk /: CRITICAL - disk full`)
  })

  it('POST /results finds a resource by its name as well as by its display name; a miss names host and resource', async () => {
    const { resource, name } = await objects(null)
    expect((await result(name, 'disk_root', 1)).status).toBe(200)
    expect((await resourceRow(resource.id)).state).toBe('warning')
    expect((await result(name, 'Disk /', 2)).status).toBe(200)
    expect((await resourceRow(resource.id)).state).toBe('critical')
    const miss = await result(name, 'disk_home', 0)
    expect([miss.status, miss.body.error.key]).toEqual([404, 'resource_check_not_found'])
    expect(miss.body.error.extra_info).toMatchObject({ host: name, resource: 'disk_home' })
  })
})

describe('acknowledgement expiry across a restart (sqlite)', () => {
  it('ends an acknowledgement whose expiry time passed while the server was down', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-ack-restart-'))
    const env = { DATABASE_URL: path.join(dir, 'vigil.db'), VIGIL_ADMIN_PASSWORD: 'ack-restart-admin-pw' }
    try {
      const first = await startServer({ env })
      const admin = await adminClient({ ...first, adminPassword: 'ack-restart-admin-pw' })
      const host = (await admin.post('/api/v1/hosts/', { name: 'ack-restart', hostgroup_id: 1, check_type: '1' })).body
      await admin.post('/api/v1/results', { host: 'ack-restart', exit_status: 2, output: 'down' })
      const ack = await admin.post(`/api/v1/hosts/${host.id}/acknowledgements`, { comment: 'short', expire_time: nowS() + 2 })
      expect([ack.status, ack.body.error]).toEqual([201, undefined])
      await first.close()
      await new Promise((r) => setTimeout(r, 2500))
      const second = await startServer({ env })
      const admin2 = await adminClient({ ...second, adminPassword: 'ack-restart-admin-pw' })
      await waitFor(async () => (await admin2.get(`/api/v1/hosts/${host.id}`)).body.acknowledged === false, 5000)
      await second.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
