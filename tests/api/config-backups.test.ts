/**
 * SPEC §2 "…/Config Backups/configs": a `config-backup` resource read from a real sshd by the engine, its versions
 * (a new one only when the configuration changed), one version's text, sealed at rest, and the SPEC §8 errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../helpers/server'
import { useApiSuite } from '../helpers/suite'
import { uniq, waitFor } from '../helpers/api'
import { startSshDevice, type SshDevice } from '../fixtures/sshd'

describe.each(DATABASES)('configuration backups on %s', (db) => {
  let device: SshDevice
  beforeAll(async () => {
    device = await startSshDevice()
  })
  afterAll(() => device?.close())
  const {
    server,
    admin,
    addUser,
    tenants: { a, b },
  } = useApiSuite(db, { env: { VIGIL_ENGINE: '1' }, tenants: { a: 'administrator', b: 'administrator' } })
  /** A device host on loopback with its Config Backups resource: a server admin aims it there (issue 13: a customer may not). */
  const backedUpDevice = async (name: string, environmentId: number) => {
    const host = (
      await admin.post('/api/v1/hosts/', {
        name: uniq(name),
        hostgroup_id: environmentId,
        ip_address: '127.0.0.1',
        secrets: { backup_user: device.user, backup_password: device.password },
      })
    ).body
    return admin.post('/api/v1/resources/', {
      host_id: host.id,
      name: 'Config Backups',
      check: { kind: 'config-backup', config: { profile: 'cisco-ios', port: device.port } },
      check_interval: 3600,
    })
  }

  it('stores a version when the configuration changed, and only then', async () => {
    device.setConfiguration('hostname core-01\n!\nusername admin secret 5 $1$abc$xyz\nend\n')
    const created = await backedUpDevice('core', a.environmentId)
    expect(created.status).toBe(201)
    const id = created.body.id
    // The check's configuration reads back as an extra column (it holds no secret: the credentials are the host's).
    expect((await a.api.get(`/api/v1/resources/${id}?extra_columns=check_config`)).body.check_config).toEqual({
      profile: 'cisco-ios',
      port: device.port,
    })
    const versions = (n: number) =>
      waitFor(async () => {
        const r = await a.api.get(`/api/v1/resources/${id}/config-backups`)
        return r.body.totalresults === n && r.body.result
      }, 10_000)

    const [first] = await versions(1)
    expect(first).toMatchObject({ version: 1, size: 58, lines: 4 })
    expect(first.checked_time).toBe(first.created_time)
    const one = (await a.api.get(`/api/v1/resources/${id}/config-backups/1`)).body
    expect(one.content).toBe('hostname core-01\n!\nusername admin secret 5 $1$abc$xyz\nend\n')
    const resource = (await a.api.get(`/api/v1/resources/${id}`)).body
    expect(resource.state).toBe('ok')
    expect(resource.plugin_output).toMatch(/^CONFIG OK - 4 lines \(58 bytes\) read from 127\.0\.0\.1 port \d+$/)
    expect(JSON.stringify(resource)).not.toContain(device.password)
    // At rest the configuration is sealed like any device secret.
    const stored = await server.vigil.store.db.selectFrom('config_backups').select('content').where('resource_id', '=', id).execute()
    expect(stored).toHaveLength(1)
    expect(stored[0].content).not.toContain('core-01')

    // Read again a second later: the device printed a new timestamp, nothing else changed.
    await new Promise((r) => setTimeout(r, 1100))
    expect((await admin.post(`/api/v1/resources/${id}/reschedule`)).body).toEqual({ rescheduled: true })
    const again = await waitFor(async () => {
      const [v] = (await a.api.get(`/api/v1/resources/${id}/config-backups`)).body.result
      return v.checked_time > first.checked_time && v
    }, 10_000)
    expect(again).toMatchObject({ version: 1, created_time: first.created_time })

    device.setConfiguration('hostname core-01\n!\nusername admin secret 5 $1$abc$xyz\ninterface Vlan10\n shutdown\nend\n')
    await admin.post(`/api/v1/resources/${id}/reschedule`)
    const [second, older] = await versions(2)
    expect([second.version, older.version]).toEqual([2, 1])
    expect((await a.api.get(`/api/v1/resources/${id}/config-backups/2`)).body.content).toContain('interface Vlan10\n shutdown\n')
    expect((await a.api.get(`/api/v1/resources/${id}/config-backups/1`)).body.content).not.toContain('Vlan10')
    // The change is on the resource's timeline; the first version and the unchanged read are not changes.
    const timeline = (await a.api.get(`/api/v1/events?resource_id=${id}&types=system`)).body.result
    expect(timeline.map((e: { status: string; message: string }) => [e.status, e.message])).toEqual([
      ['CONFIG_CHANGED', 'Configuration changed: version 2, 2 lines added, 0 removed'],
    ])

    // SPEC §8: a version the resource does not have, or no version number at all.
    for (const v of ['3', 'abc', '0', '-1']) {
      const r = await a.api.get(`/api/v1/resources/${id}/config-backups/${v}`)
      expect([r.status, r.body.error.key]).toEqual([400, 'invalid_config_backup_version'])
    }
    // The text holds the device's secrets: a user who sees the resource but may not write hosts gets the list only.
    const operator = await addUser(a, 'operator')
    expect((await operator.api.get(`/api/v1/resources/${id}/config-backups`)).body.totalresults).toBe(2)
    const refused = await operator.api.get(`/api/v1/resources/${id}/config-backups/2`)
    expect([refused.status, refused.body.error.key]).toEqual([403, 'unauthorized'])
    expect(JSON.stringify(refused.body)).not.toContain('Vlan10')

    // Another organization learns nothing, not even that the resource exists.
    for (const path of [`/api/v1/resources/${id}/config-backups`, `/api/v1/resources/${id}/config-backups/1`]) {
      const r = await b.api.get(path)
      expect([r.status, r.body.error.key]).toEqual([404, 'resource_check_not_found'])
      expect(JSON.stringify(r.body)).not.toContain('core-01')
    }

    // The versions go with their resource.
    expect((await admin.del(`/api/v1/resources/${id}`)).status).toBe(204)
    expect(await server.vigil.store.db.selectFrom('config_backups').select('version').where('resource_id', '=', id).execute()).toEqual([])
  })

  it("keeps within the organization's config_backup_bytes quota: the oldest versions go, the newest of a device stays", async () => {
    // Issue 13 "Quotas": one customer's backups cannot fill the server's disk.
    expect((await admin.put(`/api/v1/organizations/${b.organizationId}/quotas`, { config_backup_bytes: 300 })).status).toBe(200)
    const config = (n: number) => `hostname edge-01\n!\ndescription ${'x'.repeat(n)}\nend\n`
    device.setConfiguration(config(60))
    const id = (await backedUpDevice('edge', b.environmentId)).body.id
    const versions = (list: number[]) =>
      waitFor(async () => {
        const r = (await b.api.get(`/api/v1/resources/${id}/config-backups`)).body.result as { version: number; size: number }[]
        return JSON.stringify(r.map((v) => v.version)) === JSON.stringify(list) && r
      }, 10_000)
    const read = async (n: number) => {
      device.setConfiguration(config(n))
      await admin.post(`/api/v1/resources/${id}/reschedule`)
    }
    await versions([1])
    await read(80)
    await versions([2, 1])
    // A third version would pass 300 bytes: the oldest one makes room.
    await read(100)
    const kept = await versions([3, 2])
    expect(kept[0].size + kept[1].size).toBeLessThanOrEqual(300)
    // One larger than what the quota leaves beside the device's newest version is not stored, and says so.
    await read(400)
    const notStored = await waitFor(async () => {
      const events = (await b.api.get(`/api/v1/events?resource_id=${id}&types=system`)).body.result as { status: string; message: string }[]
      return events.find((e) => e.status === 'CONFIG_NOT_STORED')
    }, 10_000)
    expect(notStored.message).toBe(
      "Configuration changed but not stored: the organization's configuration backups fill their quota of 300 bytes (config_backup_bytes)",
    )
    await versions([3])
    expect((await b.api.get(`/api/v1/resources/${id}/config-backups/3`)).body.content).toContain('x'.repeat(100))
    // Read again unchanged: said once, not at every run.
    const checkedBefore = (await b.api.get(`/api/v1/resources/${id}`)).body.last_check as number
    await new Promise((r) => setTimeout(r, 1100))
    await admin.post(`/api/v1/resources/${id}/reschedule`)
    await waitFor(async () => (await b.api.get(`/api/v1/resources/${id}`)).body.last_check > checkedBefore, 10_000)
    const events = (await b.api.get(`/api/v1/events?resource_id=${id}&types=system`)).body.result as { status: string }[]
    expect(events.filter((e) => e.status === 'CONFIG_NOT_STORED')).toHaveLength(1)
  })

  it('refuses a device profile that is not in the list, and writes nothing', async () => {
    const host = (await a.api.post('/api/v1/hosts/', { name: uniq('sw'), hostgroup_id: a.environmentId, ip_address: '192.0.2.40' })).body
    const r = await a.api.post('/api/v1/resources/', {
      host_id: host.id,
      name: 'Config Backups',
      check: { kind: 'config-backup', config: { profile: 'linux-shell', port: 22 } },
    })
    expect([r.status, r.body.error.key, r.body.error.extra_info.field]).toEqual([400, 'validation_failed', 'check.config.profile'])
    expect((await a.api.get(`/api/v1/hosts/${host.id}/resources`)).body.totalresults ?? 0).toBe(0)
  })
})
