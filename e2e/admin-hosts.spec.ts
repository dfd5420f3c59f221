/**
 * Issue 15: an administrator adds a Linux host by type from /admin/{organization}/hosts and sees the checks it
 * brought run and turn green (the test's Checkmk agent on port 6556) or red (no SSH server on loopback), and the
 * asset sections the agent's inventory brought (SPEC §3 asset sections).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowserSuite, openAs } from './browser'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { LOOPBACK } from '../tests/fixtures/loopback'
import { linuxAgentOutput, startAgent, type Agent } from '../tests/fixtures/checkmk-agent'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })
let agent: Agent
let agentOutput = linuxAgentOutput({ rootUsedKb: 7_500_000 })

beforeAll(async () => {
  agent = await startAgent(() => agentOutput, 6556)
})
afterAll(() => agent?.close())

const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

describe('host administration (issue 15)', () => {
  it('picks option tags from their descriptions, and the host brings what they say (SPEC §3 host option tags)', async () => {
    const admin = await makeTenant(suite.server, suite.admin, 'administrator')
    const organization = (await suite.admin.get(`/api/v1/organizations/${admin.organizationId}`)).body.name as string
    const page = await open(admin, `/admin/${organization}/hosts`)
    await page.getByRole('button', { name: 'Add a host' }).click()
    const form = page.getByRole('form', { name: 'Add a host' })
    await form.getByLabel('Name', { exact: true }).fill('mail-01')
    await form.getByLabel('Host type', { exact: true }).selectOption('linux')
    await form.getByLabel('Tags (comma-separated)', { exact: true }).fill('rack-7')
    await form.getByText('Option tags: what each does').click()
    await form.getByRole('checkbox', { name: /^smtp Checks the SMTP server’s greeting/ }).check()
    // The Linux type brings SSH; its no_check_ tag names it.
    await form.getByRole('checkbox', { name: /^no_check_ssh Leaves out the check “SSH”/ }).check()
    await form.getByText('Checks this host brings: ping, SMTP').waitFor()
    await expect(form.getByLabel('Tags (comma-separated)', { exact: true }).inputValue()).resolves.toBe('rack-7, smtp, no_check_ssh')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('table').getByRole('button', { name: 'mail-01' }).waitFor()
    const hosts = await admin.api.get(
      `/api/v1/hosts/?advanced_filter=${encodeURIComponent(JSON.stringify([['name', 'equals', 'mail-01']]))}`,
    )
    expect(hosts.body.result[0].tags).toEqual(['rack-7', 'smtp', 'no_check_ssh'])
  })

  it('adds a Linux host by type and shows its checks turning green and red', async () => {
    // A server admin: only their checks may reach loopback (issue 13 allowed targets).
    const admin = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    const organization = (await suite.admin.get(`/api/v1/organizations/${admin.organizationId}`)).body.name as string
    const page = await open(admin, `/admin/${organization}/hosts`)
    await page.getByText('This organization has no hosts yet.').waitFor()
    await page.getByRole('button', { name: 'Add a host' }).click()
    const form = page.getByRole('form', { name: 'Add a host' })
    await form.getByLabel('Name', { exact: true }).fill('web-01')
    await form.getByLabel('Host type', { exact: true }).selectOption('linux')
    await form.getByLabel('IP address', { exact: true }).fill(LOOPBACK)
    await form.getByLabel('Access method', { exact: true }).selectOption('check_mk')
    await form.getByText('Checks this host brings: ping, SSH, Checkmk agent, Inventory').waitFor()
    await form.getByRole('button', { name: 'Save' }).click()
    const checks = page.getByRole('region', { name: 'Checks of web-01' })
    await checks.getByText('CHECKMK CRITICAL - filesystem / 94 % used of 7.6 GiB (critical at 90 %)').waitFor({ timeout: 20_000 })
    await checks.getByText(/CHECKMK OK - web-01: 3 services/).waitFor({ timeout: 20_000 })
    await checks.getByText(/TCP CRITICAL .*port 22/).waitFor({ timeout: 20_000 })
    await page.getByRole('table').getByRole('button', { name: 'web-01' }).waitFor()
    expect(await checks.getByRole('listitem').count()).toBe(3)
    // Checkmk service discovery: a resource per part, filesystem and local check the agent reports.
    const services = page.getByRole('region', { name: 'Checkmk agent services of web-01' })
    await services.getByRole('button', { name: 'Find the agent’s services' }).click()
    await services.getByLabel('Filesystem /srv/web data').waitFor()
    await services.getByLabel('Backup age').uncheck()
    await services.getByRole('button', { name: 'Add 5 resources' }).click()
    await checks.getByText('Filesystem /', { exact: true }).waitFor()
    await checks.getByText('CHECKMK CRITICAL - filesystem / 94 % used of 7.6 GiB (critical at 90 %)').nth(1).waitFor({ timeout: 20_000 })
    expect(await checks.getByRole('listitem').count()).toBe(8)
    await services.getByText('(already a resource)').first().waitFor()
    expect(await services.getByLabel('Backup age').isChecked()).toBe(false)
    // The data filesystem is unmounted: discovery offers to remove its resource.
    agentOutput = agentOutput.replace(/^.*\/srv\/web data\n/m, '')
    await services.getByRole('button', { name: 'Find the agent’s services' }).click()
    const vanished = services.getByRole('group', { name: 'The agent no longer reports what these resources check:' })
    await vanished.getByText('Filesystem /srv/web data').waitFor()
    await vanished.getByRole('button', { name: 'Remove 1 resource' }).click()
    await vanished.waitFor({ state: 'detached' })
    await expect.poll(() => checks.getByRole('listitem').count()).toBe(7)
    // The agent's inventory: the host's OS and services, as the asset screens show them.
    await page.goto(`${suite.server.baseUrl}/#/assets/web-01/os`)
    await page.getByRole('link', { name: 'Services' }).waitFor()
    await page.getByText('Debian GNU/Linux').waitFor()
    await page.getByRole('link', { name: 'BIOS' }).click()
    await page.getByText('7XK2QH3').waitFor()
    await page.getByRole('link', { name: 'Services' }).click()
    await page.getByRole('cell', { name: 'nginx.service' }).waitFor()
    await page.getByRole('cell', { name: 'Regular background program processing daemon' }).waitFor()
    await page.goto(`${suite.server.baseUrl}/#/admin/${organization}/hosts`)
    // Edit it, then delete it: the list is empty again.
    await page.getByRole('table').getByRole('button', { name: 'web-01' }).click()
    const edit = page.getByRole('form', { name: 'Edit web-01' })
    await edit.getByRole('button', { name: 'Delete' }).click()
    await edit.getByRole('button', { name: 'Delete web-01 and its checks?' }).click()
    await page.getByText('This organization has no hosts yet.').waitFor()
  })
})
