/**
 * Issue 15: an administrator adds a Linux host by type from /admin/{organization}/hosts and sees the checks it
 * brought run and turn green (the test's Checkmk agent listener) or red (no SSH server on loopback).
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowserSuite, openAs } from './browser'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { LOOPBACK } from '../tests/fixtures/loopback'

const suite = useBrowserSuite({ env: { VIGIL_ENGINE: '1' } })
let agent: net.Server

beforeAll(async () => {
  // A check that reads the greeting and closes may reset the connection: that is no failure of the test.
  agent = net.createServer((socket) => socket.on('error', () => {}).end('<<<check_mk>>>\n'))
  await new Promise<void>((resolve, reject) => agent.once('error', reject).listen(6556, LOOPBACK, resolve))
})
afterAll(() => new Promise((resolve) => agent.close(resolve)))

const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

describe('host administration (issue 15)', () => {
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
    await form.getByText('Checks this host brings: ping, SSH, Checkmk agent').waitFor()
    await form.getByRole('button', { name: 'Save' }).click()
    const checks = page.getByRole('region', { name: 'Checks of web-01' })
    await checks.getByText(/TCP OK .*port 6556/).waitFor({ timeout: 20_000 })
    await checks.getByText(/TCP CRITICAL .*port 22/).waitFor({ timeout: 20_000 })
    await page.getByRole('table').getByRole('button', { name: 'web-01' }).waitFor()
    expect(await checks.getByRole('listitem').count()).toBe(2)
    // Edit it, then delete it: the list is empty again.
    await page.getByRole('table').getByRole('button', { name: 'web-01' }).click()
    const edit = page.getByRole('form', { name: 'Edit web-01' })
    await edit.getByRole('button', { name: 'Delete' }).click()
    await edit.getByRole('button', { name: 'Delete web-01 and its checks?' }).click()
    await page.getByText('This organization has no hosts yet.').waitFor()
  })
})
