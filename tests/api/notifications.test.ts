/**
 * Issue 5 notifications (SPEC §9 event type `notification`): a HARD problem or recovery of a host or resource
 * whose host has notifications enabled (SPEC §3 host admin field), not acknowledged and not in maintenance,
 * is POSTed to the VIGIL_NOTIFY_WEBHOOK — a real HTTP server on loopback here — with retry and back-off, and
 * recorded as a notification event with its delivery status. SPEC §9: delayed standby notifications wait
 * 10 minutes (here VIGIL_NOTIFY_DELAY_S) and are dropped when the state recovered meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq } from '../helpers/api'
import { webhookReceiver, type Listening } from '../fixtures/loopback'

interface Hook {
  body: any
  url: string
}

describe.each(DATABASES)('notifications on %s', (db) => {
  let hook: Listening
  const received: Hook[] = []
  let failures = 0
  const DELAY_S = 2

  beforeAll(async () => {
    hook = await webhookReceiver((body, url) => {
      if (failures > 0) {
        failures--
        return 503
      }
      received.push({ body, url })
      return 204
    })
  })
  afterAll(() => hook.close())
  // Registered after the listener's hooks, so its port is known when the server starts.
  const {
    server,
    tenants: { t },
  } = useApiSuite(db, {
    env: () => ({ VIGIL_NOTIFY_WEBHOOK: `http://127.0.0.1:${hook.port}/hook?token=s3cret`, VIGIL_NOTIFY_DELAY_S: String(DELAY_S) }),
    tenants: { t: 'administrator' },
  })

  /** A passive host with one resource that turns HARD after `attempts` results. */
  async function monitored(options: { attempts?: number; tags?: string[]; notifications_enabled?: boolean } = {}) {
    const host = (
      await t.api.post('/api/v1/hosts/', {
        name: uniq('host'),
        hostgroup_id: t.environmentId,
        check_type: '1',
        tags: options.tags,
        notifications_enabled: options.notifications_enabled,
      })
    ).body
    const resource = (
      await t.api.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1', max_check_attempts: options.attempts ?? 1 })
    ).body
    const result = async (exit_status: number, output: string) =>
      expect((await t.api.post('/api/v1/results', { resource_id: resource.id, exit_status, output })).status).toBeLessThan(300)
    return { host, resource, result }
  }
  const hooksFor = (resourceId: number) => received.filter((h) => h.body.resource_id === resourceId)
  const notifications = async (resourceId: number) =>
    (await t.api.get(`/api/v1/events?types=notification&resource_id=${resourceId}`)).body.result as any[]
  const waitFor = (check: () => Promise<unknown> | unknown, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 100 })

  it('posts a HARD problem and its recovery, and records who, what, why and the delivery', async () => {
    const { host, resource, result } = await monitored()
    await result(2, 'DISK CRITICAL - 97% used')
    await waitFor(() => expect(hooksFor(resource.id)).toHaveLength(1))
    expect(hooksFor(resource.id)[0].body).toMatchObject({
      notification_type: 'PROBLEM',
      object: 'resource',
      host_id: host.id,
      host_name: host.name,
      resource_name: 'disk',
      hostgroup_id: t.environmentId,
      state: 'critical',
      state_type: 'HARD',
      output: 'DISK CRITICAL - 97% used',
      event_id: expect.any(Number),
    })
    await waitFor(async () => expect((await notifications(resource.id))[0]?.status).toBe('SENT'))
    const [event] = await notifications(resource.id)
    expect(event).toMatchObject({
      type: 'notification',
      host_id: host.id,
      resource_id: resource.id,
      action: 'PROBLEM',
      contact: `http://127.0.0.1:${hook.port}`,
      command: 'webhook',
    })
    expect(event.extra_data).toMatchObject({ attempts: 1, last_error: null, state: 'critical' })
    expect(event.message).toContain('CRITICAL')
    // The webhook's secret (its query) is never recorded.
    expect(JSON.stringify(event)).not.toContain('s3cret')

    await result(0, 'DISK OK')
    await waitFor(() => expect(hooksFor(resource.id).map((h) => h.body.notification_type)).toEqual(['PROBLEM', 'RECOVERY']))
  })

  it('leaves out SOFT states, hosts with notifications disabled and problems in maintenance', async () => {
    const soft = await monitored({ attempts: 3 })
    await soft.result(2, 'soft')
    const disabled = await monitored({ notifications_enabled: false })
    await disabled.result(2, 'nobody listens')
    const maintained = await monitored()
    const now = Math.floor(Date.now() / 1000)
    expect(
      (
        await t.api.post(`/api/v1/resources/${maintained.resource.id}/downtimes`, {
          start_time: now,
          end_time: now + 3600,
          comment: 'patching',
          is_flexible: false,
        })
      ).status,
    ).toBe(201)
    await maintained.result(2, 'patching')
    // A notified problem afterwards: the ones before it were decided first, in order.
    const control = await monitored()
    await control.result(2, 'control')
    await waitFor(() => expect(hooksFor(control.resource.id)).toHaveLength(1))
    for (const r of [soft, disabled, maintained]) {
      expect(hooksFor(r.resource.id)).toEqual([])
      expect(await notifications(r.resource.id)).toEqual([])
    }
    // A recovery of a problem nobody was told of is not notified either.
    await maintained.result(0, 'back')
    await control.result(0, 'control back')
    await waitFor(() => expect(hooksFor(control.resource.id)).toHaveLength(2))
    expect(hooksFor(maintained.resource.id)).toEqual([])
  })

  it('tells the contacts of an acknowledgement made with notify, with its comment and author, and of no other (issue 17)', async () => {
    const told = await monitored()
    const quiet = await monitored()
    for (const m of [told, quiet]) await m.result(2, 'DISK CRITICAL - 99% used')
    await waitFor(() => expect([...hooksFor(told.resource.id), ...hooksFor(quiet.resource.id)]).toHaveLength(2))
    const acknowledge = (resourceId: number, notify: boolean) =>
      t.api.post(`/api/v1/resources/${resourceId}/acknowledgements`, { comment: 'swapping the disk', notify })
    expect((await acknowledge(quiet.resource.id, false)).status).toBe(201)
    expect((await acknowledge(told.resource.id, true)).status).toBe(201)
    await waitFor(() => expect(hooksFor(told.resource.id)).toHaveLength(2))
    expect(hooksFor(told.resource.id)[1].body).toMatchObject({
      notification_type: 'ACKNOWLEDGEMENT',
      resource_id: told.resource.id,
      state: 'critical',
      comment: 'swapping the disk',
    })
    expect(hooksFor(told.resource.id)[1].body.author).toBeTruthy()
    const [event] = await notifications(told.resource.id)
    expect(event.message).toMatch(/^ACKNOWLEDGEMENT: .* is CRITICAL – swapping the disk/)
    expect(hooksFor(quiet.resource.id)).toHaveLength(1)
  })

  it('tells the contacts of a device configuration that changed, unless it changed in maintenance', async () => {
    // What a config-backup check reads (the engine stores a version when the text changed).
    const backup = async (resourceId: number, configuration: string) =>
      server.vigil.engine.submit([
        {
          type: 'resource',
          id: resourceId,
          result: { status: 0, output: 'CONFIG OK', perfdata: [], configuration },
          at: Math.floor(Date.now() / 1000),
        },
      ])
    const { host, resource } = await monitored()
    await backup(resource.id, 'hostname sw-01\n')
    await backup(resource.id, 'hostname sw-01\ninterface Gi0/1\n shutdown\n')
    await waitFor(() => expect(hooksFor(resource.id)).toHaveLength(1))
    expect(hooksFor(resource.id)[0].body).toMatchObject({
      notification_type: 'CONFIG_CHANGED',
      host_name: host.name,
      resource_name: 'disk',
      output: 'Configuration changed: version 2, 2 lines added, 0 removed',
    })
    expect((await notifications(resource.id))[0]).toMatchObject({
      status: 'SENT',
      extra_data: expect.objectContaining({ action: 'CONFIG_CHANGED' }),
    })

    const planned = await monitored()
    await backup(planned.resource.id, 'hostname fw-01\n')
    const now = Math.floor(Date.now() / 1000)
    const downtime = { start_time: now, end_time: now + 3600, comment: 'firewall change', is_flexible: false }
    expect((await t.api.post(`/api/v1/hosts/${planned.host.id}/downtimes`, downtime)).status).toBe(201)
    await backup(planned.resource.id, 'hostname fw-01\naccess-list 101 permit ip any any\n')
    // A notified change afterwards: the one before it was decided first, in order.
    await backup(resource.id, 'hostname sw-01\n')
    await waitFor(() => expect(hooksFor(resource.id)).toHaveLength(2))
    expect(hooksFor(planned.resource.id)).toEqual([])
    expect(await notifications(planned.resource.id)).toEqual([])
  })

  it('tries a failing webhook again after a back-off and records the attempts', async () => {
    const { resource, result } = await monitored()
    failures = 1
    await result(1, 'WARNING')
    await waitFor(async () => expect((await notifications(resource.id))[0]?.status).toBe('SENT'))
    expect((await notifications(resource.id))[0].extra_data).toMatchObject({ attempts: 2, last_error: null })
    expect(hooksFor(resource.id)).toHaveLength(1)
  })

  it('delays the notifications of delayed-notifications and standby hosts, dropping those that recovered meanwhile (SPEC §9)', async () => {
    const recovered = await monitored({ tags: ['delayed-notifications'] })
    const standing = await monitored({ tags: ['standby'] })
    const started = Date.now()
    await recovered.result(2, 'blip')
    await standing.result(2, 'down for real')
    await waitFor(async () => expect((await notifications(recovered.resource.id))[0]?.status).toBe('DELAYED'))
    await recovered.result(0, 'blip over')
    await waitFor(() => expect(hooksFor(standing.resource.id)).toHaveLength(1))
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_S * 1000)
    await waitFor(async () => expect((await notifications(recovered.resource.id))[0]?.status).toBe('DROPPED'))
    expect(hooksFor(recovered.resource.id)).toEqual([])
    // Its recovery is not notified: nobody heard of the problem.
    expect(await notifications(recovered.resource.id)).toHaveLength(1)
  })
})
