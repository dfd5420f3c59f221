/**
 * Reports as an engineer uses them (SPEC §1 "View reports", §2 Reports routes, §3 Report, §5 Reports), against
 * the built app and the real server: a report made through the form is listed, opens, and shows the time a host
 * spent down as the state_change events this test caused say.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, uniq, waitFor, type Tenant } from '../tests/helpers/api'
import { formatDuration } from '../src/reports/figures'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite()
const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

describe('reports (SPEC §1, §2)', () => {
  it('adds a report through the form, lists it, opens it and shows the outage the host went through', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const hostName = uniq('report-host')
    const host = (
      await user.api.post('/api/v1/hosts/', { name: hostName, hostgroup_id: user.environmentId, check_type: '1', max_check_attempts: 1 })
    ).body
    await user.api.post('/api/v1/hosts/', { name: uniq('left-out'), hostgroup_id: user.environmentId, check_type: '1' })
    // Down, then up again at least two seconds later: the events' own times say how long.
    expect((await user.api.post('/api/v1/results', { host: hostName, exit_status: 2, output: 'down' })).status).toBe(200)
    const started = Date.now()
    await waitFor(async () => Date.now() - started > 2100)
    expect((await user.api.post('/api/v1/results', { host: hostName, exit_status: 0, output: 'up' })).status).toBe(200)
    const events = (await user.api.get(`/api/v1/events?host_id=${host.id}&types=state_change`)).body.result
    expect(events.map((e: { status: string }) => e.status)).toEqual(['up', 'down'])
    const downFor = events[0].display_time - events[1].display_time

    const page = await open(user, '/reports')
    await page.getByRole('button', { name: 'Add report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add report' })
    // SPEC §5: at least one content item; nothing is written without one.
    await dialog.getByLabel('Title').fill('Core uptime')
    await dialog.getByLabel('Period').selectOption({ label: 'Monthly' })
    await dialog.getByRole('button', { name: 'Add report' }).click()
    await dialog.getByRole('alert').getByText('Choose at least one content item.').waitFor()
    expect((await user.api.get('/api/v1/reports')).body.totalresults).toBe(0)

    await dialog.getByLabel(hostName).check()
    await dialog.getByLabel('Uptime summary').check()
    await dialog.getByLabel('State summary').check()
    await dialog.getByRole('button', { name: 'Add report' }).click()
    await page.getByRole('heading', { name: 'Core uptime' }).waitFor()

    // The overview lists it; its title opens it.
    await page.goto(page.url().replace(/#.*$/, '#/reports'))
    const table = page.getByRole('table', { name: 'Reports' })
    const row = table.getByRole('row').filter({ hasText: 'Core uptime' })
    await row.getByText('Monthly').waitFor()
    await row.getByRole('link', { name: 'Core uptime' }).click()

    const states = page.getByRole('region', { name: 'State summary' })
    const hostRow = states.getByRole('row', { name: new RegExp(hostName) })
    // Columns: Up, Down, …: the Down cell is the outage this test caused, and only the chosen host is reported.
    await expect.poll(() => hostRow.getByRole('cell').nth(1).textContent()).toBe(formatDuration(downFor))
    expect(await states.getByRole('row').count()).toBe(2)
    await page
      .getByRole('region', { name: 'Uptime summary' })
      .getByRole('row', { name: new RegExp(hostName) })
      .waitFor()
  })
})
