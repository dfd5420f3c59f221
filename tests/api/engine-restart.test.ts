/** Issue 3: schedules resume from the database after a restart, and written results survive it. */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../helpers/server'
import { adminClient } from '../helpers/api'

describe('engine across a restart (sqlite)', () => {
  let listener: net.Server
  let port: number
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-restart-'))
  const env = { VIGIL_ENGINE: '1', DATABASE_URL: path.join(dir, 'vigil.db'), VIGIL_ADMIN_PASSWORD: 'restart-admin-pw' }
  beforeAll(async () => {
    listener = net.createServer((s) => s.end())
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r))
    port = (listener.address() as net.AddressInfo).port
  })
  afterAll(() => {
    listener.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('keeps state and next_check, and goes on checking', async () => {
    const first = await startServer({ env })
    const admin = await adminClient({ ...first, adminPassword: 'restart-admin-pw' })
    const id = (
      await admin.post('/api/v1/hosts/', {
        name: 'restart-target',
        hostgroup_id: 1,
        ip_address: '127.0.0.1',
        check: { kind: 'tcp', config: { port } },
        check_interval: 2,
      })
    ).body.id
    let before: any
    // Waits are generous: on a busy CI machine a server start and a first check take seconds.
    for (let i = 0; i < 400 && before?.state !== 'up'; i++) {
      await new Promise((r) => setTimeout(r, 50))
      before = (await admin.get(`/api/v1/hosts/${id}`)).body
    }
    expect(before.state).toBe('up')
    await first.close()

    const second = await startServer({ env })
    const admin2 = await adminClient({ ...second, adminPassword: 'restart-admin-pw' })
    const after = (await admin2.get(`/api/v1/hosts/${id}`)).body
    // The state is kept, not pending again (the new engine may already have checked it once more).
    expect(after.state).toBe(before.state)
    expect(after.last_check).toBeGreaterThanOrEqual(before.last_check)
    // With a 2 s interval the engine checks it again soon after the restart.
    let later = after
    for (let i = 0; i < 300 && later.last_check <= before.last_check; i++) {
      await new Promise((r) => setTimeout(r, 100))
      later = (await admin2.get(`/api/v1/hosts/${id}`)).body
    }
    expect(later.last_check).toBeGreaterThan(before.last_check)
    await second.close()
  }, 90_000)
})
