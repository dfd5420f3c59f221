/**
 * Issue 15 "Ticket providers" in Chromium with a real Request Tracker 5 on loopback: a server admin points an
 * organization at RT on its settings screen, tests the connection and saves; the organization's ticket then shows
 * its RT status colour-coded by deployment (SPEC §3), and closing it in Vigil resolves it in RT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAs, useBrowserSuite } from './browser'
import { makeTenant } from '../tests/helpers/api'
import { RT_INSTALLED, RT_MISSING, startRequestTracker, type RequestTracker } from '../tests/fixtures/request-tracker'

const title = RT_INSTALLED ? 'ticket providers (issue 15)' : `ticket providers (issue 15) (skipped: ${RT_MISSING})`

describe.skipIf(!RT_INSTALLED)(title, () => {
  const suite = useBrowserSuite()
  let rt: RequestTracker
  beforeAll(async () => {
    rt = await startRequestTracker()
  }, 180_000)
  afterAll(() => rt?.close())

  it('switches an organization to Request Tracker after a connection test; its ticket shows the deployment and closes in RT', async () => {
    // A server admin: only their setting may reach RT on loopback (issue 13 allowed targets).
    const admin = await makeTenant(suite.server, suite.admin, 'administrator', { serverAdmin: true })
    const organization = (await suite.admin.get(`/api/v1/organizations/${admin.organizationId}`)).body.name as string
    const page = await openAs(suite, admin, `/admin/${organization}/settings/tickets`)

    await page.getByRole('combobox', { name: 'Ticket provider' }).selectOption({ label: 'Request Tracker 5' })
    await page.getByRole('textbox', { name: 'Request Tracker address' }).fill(rt.baseUrl)
    await page.getByRole('textbox', { name: 'Queue' }).fill('General')
    await page.getByLabel('Auth token').fill('1-1-00000000000000000000000000000000')
    await page.getByRole('button', { name: 'Test connection' }).click()
    await page.getByRole('alert').filter({ hasText: 'The ticket system refused the request: HTTP 401 Unauthorized' }).waitFor()
    await page.getByLabel('Auth token').fill(rt.token)
    await page.getByRole('combobox', { name: 'Deployment' }).selectOption({ label: 'test' })
    await page.getByText('Open · test').waitFor()
    await page.getByRole('button', { name: 'Test connection' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: /^Connected to Request Tracker 5\.[\d.]+.*, queue General\.$/ })
      .waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Settings saved.').waitFor()
    await page.getByText('A token is set. Leave this empty to keep it.').waitFor()

    // A ticket of the organization, opened through the SPEC §7 ticket call.
    const host = (await admin.api.post('/api/v1/hosts/', { name: 'rt-web', hostgroup_id: admin.environmentId, check_type: '1' })).body
    await admin.api.post('/api/v1/results', { host: 'rt-web', exit_status: 2, output: 'connection refused' })
    const ticket = (await admin.api.post(`/api/v1/hosts/${host.id}/tickets`, { comment: 'web is down' })).body
    expect(ticket.ticket_id).toMatch(/^RT-\d+$/)

    await page.goto(`${suite.server.baseUrl}/#/tickets/${ticket.ticket_id}`)
    const status = page.getByText('New · test')
    await status.waitFor()
    expect(await status.getAttribute('class')).toContain('text-bg-info')
    expect(await page.getByRole('link', { name: `Ticket ${ticket.ticket_id}` }).getAttribute('href')).toBe(ticket.web_url)

    await page.getByRole('button', { name: 'Close ticket' }).click()
    await page.getByRole('textbox', { name: 'Comment' }).fill('back up')
    await page.getByRole('button', { name: 'Close ticket' }).click()
    await page.getByText('Resolved · test').waitFor()
    expect((await rt.rest('GET', `ticket/${ticket.id}`)).body.Status).toBe('resolved')
  })
})
