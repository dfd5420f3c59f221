/**
 * Issue 15 "Discover a network": an organization's administrator (not a server admin) sweeps a loopback range a server admin allowed for the organization
 * from /admin/{organization}/hosts, watches the progress, finds the test's own listeners proposed as a Windows
 * server and a printer, edits names, and adds them under the gateway.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowserSuite, openAs } from './browser'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { tcpServer, type Listening } from '../tests/fixtures/loopback'

// Linux routes all of 127/8 to `lo`: every address of the range answers ping, two have services.
const RANGE = '127.0.31.0/29'
const suite = useBrowserSuite()
let listeners: Listening[] = []

beforeAll(async () => {
  const close = (socket: net.Socket) => socket.end()
  listeners = await Promise.all([
    tcpServer(close, '127.0.31.2', 3389),
    tcpServer(close, '127.0.31.2', 445),
    tcpServer(close, '127.0.31.3', 9100),
  ])
})
afterAll(() => Promise.all(listeners.map((l) => l.close())))

const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

describe('network discovery (issue 15)', () => {
  it("finds the test's own listeners on a loopback range and adds the chosen hosts with their types and parent", async () => {
    const user = await makeTenant(suite.server, suite.admin, 'administrator')
    expect(
      (await suite.admin.put(`/api/v1/organizations/${user.organizationId}/allowed-targets`, { networks: [RANGE], names: [] })).status,
    ).toBe(200)
    const organization = (await suite.admin.get(`/api/v1/organizations/${user.organizationId}`)).body.name as string
    const page = await open(user, `/admin/${organization}/hosts`)
    await page.getByRole('link', { name: 'Discover a network' }).click()

    const form = page.getByRole('form', { name: 'Sweep a range' })
    await form.getByLabel('Range (CIDR)').fill(RANGE)
    await form.getByLabel('TCP ports (comma-separated)').fill('3389, 445, 9100')
    await form.getByRole('button', { name: 'Start discovery' }).click()
    await page.getByText(`Swept 6 addresses of ${RANGE}: 6 answered.`).waitFor({ timeout: 20_000 })
    expect(await page.getByRole('progressbar', { name: 'Sweep progress' }).getAttribute('aria-valuenow')).toBe('6')

    const proposals = page.getByRole('region', { name: 'Proposed hosts' })
    expect(await proposals.getByLabel('Host type of 127.0.31.2').inputValue()).toBe('windows')
    expect(await proposals.getByLabel('Host type of 127.0.31.3').inputValue()).toBe('printer')
    expect(await proposals.getByLabel('Host type of 127.0.31.5').inputValue()).toBe('ping')
    // No network device answered: the range's first address is proposed as everyone's parent.
    expect(await proposals.getByLabel('Parent of 127.0.31.2').inputValue()).toBe('127.0.31.1')
    await proposals.getByLabel('Name of 127.0.31.1').fill('lab-gateway')
    await proposals.getByLabel('Name of 127.0.31.2').fill('lab-windows')
    await proposals.getByLabel('Name of 127.0.31.3').fill('lab-printer')
    for (const address of ['127.0.31.4', '127.0.31.5', '127.0.31.6']) await proposals.getByLabel(`Add ${address}`).uncheck()
    await proposals.getByRole('button', { name: 'Add selected hosts' }).click()
    await proposals.getByText('3 of 3 hosts added.').waitFor()
    expect(await proposals.getByText('Added', { exact: true }).count()).toBe(3)

    await page.getByRole('link', { name: 'Back to hosts' }).click()
    const table = page.getByRole('table')
    for (const name of ['lab-gateway', 'lab-windows', 'lab-printer']) await table.getByRole('button', { name }).waitFor()
    const windows = (await user.api.get('/api/v1/hosts/lab-windows')).body
    expect(windows).toMatchObject({ hosttype: 'windows', ip_address: '127.0.31.2', parents: ['lab-gateway'] })
    expect((await user.api.get('/api/v1/hosts/lab-printer')).body).toMatchObject({ hosttype: 'printer', parents: ['lab-gateway'] })
  })
})
