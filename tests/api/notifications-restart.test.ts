/**
 * SPEC §9 delayed standby notifications across a restart: a notification waiting its delay when the server stops
 * is decided when it starts again (sent once, as the problem still stands), not left DELAYED for good. Before,
 * the wait was only a timer in memory and the notification was lost.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DATABASES, freshPostgres, startServer } from '../helpers/server'
import { adminClient } from '../helpers/api'
import { webhookReceiver, type Listening } from '../fixtures/loopback'

describe.each(DATABASES)('delayed notifications across a restart on %s', (db) => {
  let hook: Listening
  const received: any[] = []
  beforeAll(async () => {
    hook = await webhookReceiver((body) => {
      received.push(body)
      return 204
    })
  })
  afterAll(() => hook.close())

  it('sends the problem whose wait a restart cut, once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-notify-restart-'))
    const database = db === 'pg' ? await freshPostgres() : null
    const env = {
      DATABASE_URL: database?.url ?? path.join(dir, 'vigil.db'),
      VIGIL_ADMIN_PASSWORD: 'restart-admin-pw',
      VIGIL_NOTIFY_WEBHOOK: `http://127.0.0.1:${hook.port}/hook`,
      VIGIL_NOTIFY_DELAY_S: '3',
    }
    try {
      const first = await startServer({ env })
      const admin = await adminClient({ ...first, adminPassword: 'restart-admin-pw' })
      const host = (await admin.post('/api/v1/hosts/', { name: 'standby-01', hostgroup_id: 1, check_type: '1', tags: ['standby'] })).body
      const resource = (await admin.post('/api/v1/resources/', { host_id: host.id, name: 'disk', check_type: '1', max_check_attempts: 1 }))
        .body
      expect((await admin.post('/api/v1/results', { resource_id: resource.id, exit_status: 2, output: 'DISK CRITICAL' })).status).toBe(200)
      const notifications = async (client: typeof admin) =>
        (await client.get(`/api/v1/events?types=notification&resource_id=${resource.id}`)).body.result as any[]
      await vi.waitFor(async () => expect((await notifications(admin))[0]?.status).toBe('DELAYED'), { timeout: 10_000 })
      // Stopped within the delay: its timer dies with the process.
      await first.close()
      expect(received).toEqual([])

      await new Promise((r) => setTimeout(r, 3_000))
      const second = await startServer({ env })
      const admin2 = await adminClient({ ...second, adminPassword: 'restart-admin-pw' })
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 })
      expect(received[0]).toMatchObject({
        notification_type: 'PROBLEM',
        resource_id: resource.id,
        state: 'critical',
        output: 'DISK CRITICAL',
      })
      await vi.waitFor(async () => expect((await notifications(admin2))[0]?.status).toBe('SENT'), { timeout: 10_000 })
      await new Promise((r) => setTimeout(r, 500))
      expect(received).toHaveLength(1)
      await second.close()
    } finally {
      await database?.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
