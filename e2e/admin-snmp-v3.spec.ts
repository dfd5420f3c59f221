/**
 * SNMPv3 credentials from the admin host screen: an administrator adds a switch with an SNMPv3 user, is told when
 * privacy is asked without authentication, and the switch's inventory check then reads Debian's snmpd as that
 * user (authentication SHA-256, privacy AES) — the passphrases typed in the form are what the engine uses.
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import { makeTenant, waitFor } from '../tests/helpers/api'
import { LOOPBACK } from '../tests/fixtures/loopback'
import { SNMPD_V3, startSnmpd, type Snmpd } from '../tests/fixtures/snmpd'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })
let agent: Snmpd

beforeAll(async () => {
  agent = await startSnmpd()
})
afterAll(() => agent?.close())

describe('SNMPv3 in host administration', () => {
  it('saves a switch with an SNMPv3 user whose inventory then reads the agent', async () => {
    // A server admin: only their checks may reach loopback (issue 13 allowed targets).
    const admin = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    const organization = (await suite.admin.get(`/api/v1/organizations/${admin.organizationId}`)).body.name as string
    const page = await openAs(suite, admin, `/admin/${organization}/hosts`)
    await page.getByRole('button', { name: 'Add a host' }).click()
    const form = page.getByRole('form', { name: 'Add a host' })
    await form.getByLabel('Name', { exact: true }).fill('core-sw-01')
    await form.getByLabel('Host type', { exact: true }).selectOption('switch')
    await form.getByLabel('IP address', { exact: true }).fill(LOOPBACK)
    await form.getByLabel('SNMPv3 user (used instead of the community)').fill(SNMPD_V3.user)
    await form.getByLabel('SNMPv3 privacy passphrase (needs authentication)').fill(SNMPD_V3.priv)
    await form.getByRole('button', { name: 'Save' }).click()
    await form.getByRole('alert').getByText('secrets.snmp_v3_auth_password').waitFor()

    await form.getByLabel('SNMPv3 authentication passphrase (at least 8 characters)').fill(SNMPD_V3.auth)
    await form.getByLabel('SNMPv3 authentication protocol').selectOption('sha256')
    await form.getByLabel('SNMPv3 privacy protocol').selectOption('aes')
    await form.getByRole('button', { name: 'Save' }).click()
    const checks = page.getByRole('region', { name: 'Checks of core-sw-01' })
    await checks.getByText('Inventory', { exact: false }).first().waitFor()

    // The test's agent listens on a port of its own: point the planned inventory there and run it now.
    const host = (await suite.admin.get(`/api/v1/hosts/?filter=${encodeURIComponent(JSON.stringify({ name: 'core-sw-01' }))}`)).body
      .result[0]
    const filter = encodeURIComponent(JSON.stringify({ host_id: host.id }))
    const resources = (await suite.admin.get(`/api/v1/resources/?filter=${filter}`)).body.result as { id: number; display_name: string }[]
    const inventory = resources.find((r) => r.display_name === 'Inventory')!
    await admin.api.put(`/api/v1/resources/${inventory.id}`, { check: { kind: 'inventory', config: { port: agent.port } } })
    // Now, not a day later; the first run (port 161, where nothing answers) may still be waiting for its timeout.
    await waitFor(async () => {
      await admin.api.post(`/api/v1/resources/${inventory.id}/reschedule`)
      await new Promise((r) => setTimeout(r, 500))
      const output = (await admin.api.get(`/api/v1/resources/${inventory.id}`)).body.plugin_output as string
      return output.startsWith('INVENTORY OK') ? true : undefined
    }, 40_000)
    await checks.getByText(/INVENTORY OK - /).waitFor({ timeout: 20_000 })
  })
})
