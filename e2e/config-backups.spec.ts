/**
 * SPEC §2 /monitoring/hosts/{host_name}/Config Backups/configs as a customer's engineer uses it, against the built
 * app, the real server with its engine, and a real sshd as the network device (tests/fixtures/sshd.ts): the versions
 * of the device's configuration, one version's text, a new version appearing after the device changed and the
 * changes between the two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, makeTenant, type Tenant } from '../tests/helpers/api'
import { startSshDevice, type SshDevice } from '../tests/fixtures/sshd'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })

describe('configuration backups (SPEC §2 Config Backups/configs)', () => {
  let device: SshDevice
  let user: Tenant
  let resourceId: number
  const hostName = 'edge-sw-01'

  beforeAll(async () => {
    device = await startSshDevice()
    device.setConfiguration('hostname edge-sw-01\n!\nvlan 10\n name users\n!\nend\n')
    user = await makeTenant(suite.server, suite.admin)
    // A server admin aims the device at loopback (issue 13: a customer may not).
    const host = await suite.admin.post('/api/v1/hosts/', {
      name: hostName,
      hosttype: 'switch',
      hostgroup_id: user.environmentId,
      ip_address: '127.0.0.1',
      custom_check: true,
      secrets: { backup_user: device.user, backup_password: device.password },
    })
    expect(host.status).toBe(201)
    const resource = await suite.admin.post('/api/v1/resources/', {
      host_id: host.body.id,
      name: 'Config Backups',
      check: { kind: 'config-backup', config: { profile: 'cisco-ios', port: device.port } },
      check_interval: 3600,
    })
    expect(resource.status).toBe(201)
    resourceId = resource.body.id
  })
  afterAll(() => device?.close())

  it('shows the versions, a version’s text, and the changes once the device’s configuration changed', async () => {
    const page = await openAs(suite, user, `/monitoring/hosts/${hostName}/Config Backups/configs`)
    const versions = page.getByRole('table', { name: 'Versions' })
    await expect.poll(() => versions.getByRole('row').count(), { timeout: 15_000 }).toBe(2)
    const text = page.getByLabel(`Configuration of ${hostName}, version 1`)
    await expect.poll(async () => (await text.innerText()).trimEnd()).toBe('hostname edge-sw-01\n!\nvlan 10\n name users\n!\nend')
    await page.getByText(/^Last backup run: CONFIG OK - 6 lines/).waitFor()

    // The device changes; the next run (rescheduled) stores version 2, which the open tab shows without a reload
    // (it reads the versions again when the resource's last check, in whole seconds, moves on).
    await new Promise((r) => setTimeout(r, 1100))
    device.setConfiguration('hostname edge-sw-01\n!\nvlan 10\n name staff\n!\nvlan 20\n name voice\n!\nend\n')
    expect((await suite.admin.post(`/api/v1/resources/${resourceId}/reschedule`)).body).toEqual({ rescheduled: true })
    await expect.poll(() => versions.getByRole('row').count(), { timeout: 15_000 }).toBe(3)
    await page.getByLabel(`Configuration of ${hostName}, version 2`).waitFor()

    await versions.getByRole('button', { name: /Compare version 2 with version 1$/ }).click()
    const diff = page.getByLabel('Changes from version 1 to version 2')
    await diff.waitFor()
    const lines = (await diff.innerText()).split('\n')
    expect(lines).toContain('- name users')
    expect(lines).toContain('+ name staff')
    expect(lines).toContain('+vlan 20')
    expect(await page.getByText('Version 1 → version 2: 4 lines added, 1 removed').count()).toBe(1)
    // The comparison is in the address: a reload (or a shared link) shows it again.
    expect(page.url()).toContain('compare=1')
    await page.reload()
    await page.getByLabel('Changes from version 1 to version 2').waitFor()

    // Back to one version's whole text.
    await page.getByLabel('Compare with').selectOption('')
    await page.getByLabel(`Configuration of ${hostName}, version 2`).waitFor()

    // The change is on the timeline.
    await page.getByRole('link', { name: 'Timeline' }).first().click()
    await page.getByText('Configuration changed: version 2, 4 lines added, 1 removed').first().waitFor()
  })

  it('shows an operator the versions but not the text, which holds the device’s secrets', async () => {
    const operator = await addUser(suite.server, user, 'operator')
    const page = await openAs(suite, operator, `/monitoring/hosts/${hostName}/Config Backups/configs`)
    const versions = page.getByRole('table', { name: 'Versions' })
    await expect.poll(() => versions.getByRole('row').count()).toBe(3)
    await page.getByRole('alert').filter({ hasText: 'You may see this configuration’s versions but not its text' }).waitFor()
    expect(await page.getByText('hostname edge-sw-01').count()).toBe(0)
  })

  it('says so when nothing has been backed up, with the reason of the last run', async () => {
    const host = await suite.admin.post('/api/v1/hosts/', {
      name: 'edge-sw-02',
      hosttype: 'switch',
      hostgroup_id: user.environmentId,
      ip_address: '127.0.0.1',
      custom_check: true,
      secrets: { backup_user: device.user, backup_password: 'wrong' },
    })
    await suite.admin.post('/api/v1/resources/', {
      host_id: host.body.id,
      name: 'Config Backups',
      check: { kind: 'config-backup', config: { profile: 'cisco-ios', port: device.port } },
      check_interval: 3600,
    })
    const page = await openAs(suite, user, '/monitoring/hosts/edge-sw-02/Config Backups/configs')
    await page.getByText('No configuration has been backed up yet.').waitFor()
    await page.getByText(/login refused \(check the backup credentials\)/).waitFor({ timeout: 15_000 })
  })
})
