/**
 * SPEC §3 host types' configuration backup flag and backup credentials, from the admin host screen: an
 * administrator turns a switch's configuration backups on with a device profile, changes the profile and turns
 * them off again; a Linux server (no backups for its type) offers none. Against the built app and the real server.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

describe('configuration backups in host administration', () => {
  let user: Tenant
  let organization: string
  let switchId: number

  beforeAll(async () => {
    user = await makeTenant(suite.server, suite.admin, 'administrator')
    organization = (await suite.admin.get(`/api/v1/organizations/${user.organizationId}`)).body.name
    const add = (name: string, hosttype: string) =>
      user.api.post('/api/v1/hosts/', { name, hosttype, hostgroup_id: user.environmentId, ip_address: '192.0.2.60', custom_check: true })
    switchId = (await add('edge-sw-01', 'switch')).body.id
    expect((await add('app-01', 'linux')).status).toBe(201)
  })

  /** The host's Config Backups resource as stored: its check kind and profile, or undefined. */
  const stored = async () => {
    const row = await suite.server.vigil.store.db
      .selectFrom('resources')
      .select(['check_kind', 'check_config', 'check_interval'])
      .where('host_id', '=', switchId)
      .where('display_name', '=', 'Config Backups')
      .executeTakeFirst()
    return row && { kind: row.check_kind, config: JSON.parse(row.check_config), interval: row.check_interval }
  }

  it('turns backups on with a profile, changes the profile and turns them off', async () => {
    const page = await openAs(suite, user, `/admin/${organization}/hosts`)
    await page.getByRole('table').getByRole('button', { name: 'edge-sw-01' }).click()
    const section = page.getByRole('region', { name: 'Configuration backups of edge-sw-01' })
    await section.getByLabel('Device profile').selectOption({ label: 'Juniper Junos' })
    await section.getByRole('button', { name: 'Turn configuration backups on' }).click()
    await section.getByRole('link', { name: 'View backups' }).waitFor()
    expect(await stored()).toEqual({ kind: 'config-backup', config: { profile: 'junos' }, interval: 3600 })
    expect(await section.getByRole('link', { name: 'View backups' }).getAttribute('href')).toBe(
      '#/monitoring/hosts/edge-sw-01/Config%20Backups/configs',
    )

    // Set through the API meanwhile: another port and the device's pinned host key.
    const id = (await user.api.get(`/api/v1/resources/edge-sw-01/Config%20Backups`)).body.id
    const hostKey = 'SHA256:' + 'k'.repeat(43)
    const config = { profile: 'junos', port: 2222, host_key: hostKey }
    expect((await user.api.put(`/api/v1/resources/${id}`, { check: { kind: 'config-backup', config } })).status).toBe(200)
    // The screen shows the profile in use; changing it keeps the rest of the check's configuration.
    await page.reload()
    await page.getByRole('table').getByRole('button', { name: 'edge-sw-01' }).click()
    await expect.poll(() => section.getByLabel('Device profile').inputValue()).toBe('junos')
    expect(await section.getByRole('button', { name: 'Change profile' }).isDisabled()).toBe(true)
    await section.getByLabel('Device profile').selectOption({ label: 'MikroTik RouterOS' })
    await section.getByRole('button', { name: 'Change profile' }).click()
    await expect.poll(async () => (await stored())?.config).toEqual({ ...config, profile: 'routeros' })

    await section.getByRole('button', { name: 'Turn configuration backups off' }).click()
    await section.getByText('The stored versions are deleted with it.').waitFor()
    await section.getByRole('button', { name: 'Turn configuration backups off' }).click()
    await section.getByRole('button', { name: 'Turn configuration backups on' }).waitFor()
    expect(await stored()).toBeUndefined()
  })

  it('offers no backups for a host type without them', async () => {
    const page = await openAs(suite, user, `/admin/${organization}/hosts`)
    await page.getByRole('table').getByRole('button', { name: 'app-01' }).click()
    await page.getByRole('region', { name: 'Checks of app-01' }).waitFor()
    expect(await page.getByRole('region', { name: /^Configuration backups/ }).count()).toBe(0)
  })
})
