/**
 * SPEC §3 backup credentials by SSH key: an administrator pastes a device's backup private key and its passphrase
 * into the host form, is told when the passphrase does not open the key (nothing saved), and the device's
 * configuration backup then logs in to a real sshd with that key alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTenant, waitFor } from '../tests/helpers/api'
import { LOOPBACK } from '../tests/fixtures/loopback'
import { startSshDevice, type SshDevice } from '../tests/fixtures/sshd'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })
let device: SshDevice

beforeAll(async () => {
  device = await startSshDevice()
  device.setConfiguration('hostname edge-fw-01\n!\nend\n')
})
afterAll(() => device?.close())

describe('configuration backups by SSH key', () => {
  it('saves a private key the passphrase opens, and the backup logs in with it', async () => {
    // A server admin: only their checks may reach loopback (issue 13 allowed targets).
    const admin = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    const organization = (await suite.admin.get(`/api/v1/organizations/${admin.organizationId}`)).body.name as string
    const page = await openAs(suite, admin, `/admin/${organization}/hosts`)
    await page.getByRole('button', { name: 'Add a host' }).click()
    const form = page.getByRole('form', { name: 'Add a host' })
    await form.getByLabel('Name', { exact: true }).fill('edge-fw-01')
    await form.getByLabel('Host type', { exact: true }).selectOption('switch')
    await form.getByLabel('IP address', { exact: true }).fill(LOOPBACK)
    await form.getByLabel('Backup user').fill(device.user)
    await form.getByLabel('Backup SSH private key (OpenSSH or PEM)').fill(device.privateKey)
    await form.getByLabel('Passphrase of the private key').fill('not-the-passphrase')
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('alert').getByText('secrets.backup_private_key').waitFor()
    const hosts = async () =>
      (await suite.admin.get(`/api/v1/hosts/?filter=${encodeURIComponent(JSON.stringify({ name: 'edge-fw-01' }))}`)).body.result
    expect(await hosts()).toEqual([])

    await form.getByLabel('Passphrase of the private key').fill(device.keyPassphrase)
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('region', { name: 'Checks of edge-fw-01' }).waitFor()
    const [host] = await hosts()
    const resource = await admin.api.post('/api/v1/resources/', {
      host_id: host.id,
      name: 'Config Backups',
      check: { kind: 'config-backup', config: { profile: 'cisco-ios', port: device.port } },
      check_interval: 3600,
    })
    expect(resource.status).toBe(201)
    const output = await waitFor(async () => {
      const r = (await admin.api.get(`/api/v1/resources/${resource.body.id}`)).body
      return r.state !== 'pending' && (r.plugin_output as string)
    }, 15_000)
    expect(output).toMatch(/^CONFIG OK - 3 lines/)
    const version = (await admin.api.get(`/api/v1/resources/${resource.body.id}/config-backups/1`)).body
    expect(version.content).toBe('hostname edge-fw-01\n!\nend\n')
  })
})
