/**
 * Trust on first use of a network device's SSH host key, from the admin host screen: the key the first backup saw
 * (a real sshd as the device, tests/fixtures/sshd.ts) is shown to compare and pin; pinned, the check refuses
 * another key before sending the credentials (tests/engine/config-backup.test.ts); forgotten, the next key is
 * trusted again. Against the built app, the real server and its engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { startSshDevice, type SshDevice } from '../tests/fixtures/sshd'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })

describe('the SSH host key of configuration backups', () => {
  let device: SshDevice
  let user: Tenant
  let organization: string
  let resourceId: number

  beforeAll(async () => {
    device = await startSshDevice()
    device.setConfiguration('hostname core-sw-01\n!\nend\n')
    // A server admin: only their checks may reach loopback (issue 13 allowed targets).
    user = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    organization = (await suite.admin.get(`/api/v1/organizations/${user.organizationId}`)).body.name
    const host = await user.api.post('/api/v1/hosts/', {
      name: 'core-sw-01',
      hosttype: 'switch',
      hostgroup_id: user.environmentId,
      ip_address: '127.0.0.1',
      custom_check: true,
      secrets: { backup_user: device.user, backup_password: device.password },
    })
    const resource = await user.api.post('/api/v1/resources/', {
      host_id: host.body.id,
      name: 'Config Backups',
      check: { kind: 'config-backup', config: { profile: 'cisco-ios', port: device.port } },
      check_interval: 3600,
    })
    expect(resource.status).toBe(201)
    resourceId = resource.body.id
  })
  afterAll(() => device?.close())

  const storedConfig = async () =>
    JSON.parse(
      (
        await suite.server.vigil.store.db
          .selectFrom('resources')
          .select('check_config')
          .where('id', '=', resourceId)
          .executeTakeFirstOrThrow()
      ).check_config,
    )

  it('shows the key the backup saw, pins it, and forgets it again', async () => {
    const page = await openAs(suite, user, `/admin/${organization}/hosts`)
    await page.getByRole('table').getByRole('button', { name: 'core-sw-01' }).click()
    const section = page.getByRole('region', { name: 'Configuration backups of core-sw-01' })
    const hostKey = section.getByRole('group', { name: 'Host key' })
    await hostKey.getByText(device.hostKey).waitFor({ timeout: 20_000 })
    await hostKey.getByText(/It is not pinned/).waitFor()
    await hostKey.getByRole('button', { name: 'Pin this host key' }).click()
    await expect.poll(storedConfig).toEqual({ profile: 'cisco-ios', port: device.port, host_key: device.hostKey })
    await hostKey.getByText(/^Pinned host key/).waitFor()

    await hostKey.getByRole('button', { name: 'Forget the pinned key' }).click()
    await expect.poll(storedConfig).toEqual({ profile: 'cisco-ios', port: device.port })
    await hostKey.getByRole('button', { name: 'Pin this host key' }).waitFor()
  })
})
