/**
 * The monitoring screens of issue 4 as an operator uses them, against the built app (`npx vite build`) and
 * the real server: filter the host list and keep the filter (SPEC §2, §5), acknowledge a problem, schedule
 * maintenance on two hosts in multi-select mode (SPEC §4), create and close a ticket (SPEC §4 Tickets),
 * search and jump to a host (SPEC §2 search modal), and see a state change arrive without reloading (live feed).
 * Hosts and problems are made through the real API: passive hosts (check_type "1") and POST /api/v1/results.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Tenant } from '../tests/helpers/api'
import { engineerWith, type MonitoredHostSpec } from './monitored-hosts'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite()

const operatorWith = (hosts: MonitoredHostSpec[]) => engineerWith(suite, hosts)

/** Opens a screen logged in through the SPEC §2 token URL option. */
const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

const hostsTable = (page: Page) => page.getByRole('table', { name: 'Hosts' })
const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text })

describe('monitoring screens (issue 4)', () => {
  it('filters the host list, saves the filter and gets it back after a reload (SPEC §2 filter panel, §5)', async () => {
    const user = await operatorWith([
      { name: 'web-01', status: 0 },
      { name: 'web-02', status: 2 },
      { name: 'db-01', status: 0 },
    ])
    const page = await open(user, '/monitoring/hosts')
    await hostsTable(page).getByRole('link', { name: 'db-01' }).waitFor()

    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('combobox', { name: 'Column of rule 1' }).selectOption({ label: 'Host' })
    await page.getByRole('textbox', { name: 'Value of rule 1' }).fill('web')
    await page.getByRole('button', { name: 'Apply' }).click()
    await hostsTable(page).getByRole('link', { name: 'db-01' }).waitFor({ state: 'detached' })
    await expect(
      hostsTable(page)
        .getByRole('link', { name: /^web-0[12]$/ })
        .count(),
    ).resolves.toBe(2)

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Save filter' })
    await dialog.getByLabel('Name').fill('Web servers')
    await dialog.getByRole('button', { name: 'Save' }).click()
    // SPEC §2: the saved filter is loadable by ?filter={guid}, so the link reproduces the screen.
    await page.waitForURL(/filter=[0-9a-f-]{36}/)
    await page.getByText('Filter "Web servers" saved.').waitFor()

    await page.reload()
    // The saved filter loads after the page: wait for it to apply rather than for the first rows.
    await page.getByRole('button', { name: 'Filter active' }).waitFor()
    await hostsTable(page).getByRole('link', { name: 'web-02' }).waitFor()
    await hostsTable(page).getByRole('link', { name: 'db-01' }).waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Filter active' }).waitFor()
  })

  it('acknowledges a down host with a comment and shows it acknowledged (SPEC §2 action panels, §8 success message)', async () => {
    const user = await operatorWith([
      { name: 'core-sw', status: 2 },
      { name: 'edge-sw', status: 0 },
    ])
    const page = await open(user, '/monitoring/hosts')
    const row = rowOf(page, 'Hosts', 'core-sw')
    await row.getByRole('button', { name: 'Acknowledge' }).click()
    const panel = page.getByRole('region', { name: 'Acknowledge' })
    // SPEC §5: the comment is required.
    await panel.getByRole('button', { name: 'Acknowledge' }).click()
    await panel.getByText('A comment is required.').waitFor()
    await panel.getByLabel('Comment', { exact: true }).fill('Looking into the uplink')
    await panel.getByRole('button', { name: 'Acknowledge' }).click()
    await page.getByText('Acknowledgement added for core-sw.').waitFor()
    await panel.waitFor({ state: 'detached' })
    await row.getByRole('img', { name: 'Acknowledged' }).waitFor()
    await row.getByRole('button', { name: 'View acknowledgement' }).click()
    await page.getByRole('region', { name: 'Acknowledgements of core-sw' }).getByText('Looking into the uplink').waitFor()
    expect((await user.api.get(`/api/v1/hosts/${user.ids['core-sw']}`)).body.acknowledged).toBe(true)
  })

  it('schedules maintenance on two hosts in multi-select mode (SPEC §4 multi-select, §2 maintenance form)', async () => {
    const user = await operatorWith([
      { name: 'app-01', status: 0 },
      { name: 'app-02', status: 2 },
      { name: 'app-03', status: 0 },
    ])
    const page = await open(user, '/monitoring/hosts')
    await rowOf(page, 'Hosts', 'app-03').waitFor()
    await page.getByRole('button', { name: 'Select several' }).click()
    await page.getByRole('menuitem', { name: 'Schedule maintenance' }).click()
    await page.getByText('Paused').waitFor()
    await rowOf(page, 'Hosts', 'app-01').getByRole('checkbox', { name: 'Select row' }).check()
    await rowOf(page, 'Hosts', 'app-02').getByRole('checkbox', { name: 'Select row' }).check()
    await page.getByRole('button', { name: 'Schedule maintenance: 2 selected' }).click()

    const panel = page.getByRole('region', { name: 'Schedule maintenance' })
    await expect(panel.getByRole('list', { name: 'Applies to' }).getByRole('listitem').allTextContents()).resolves.toEqual([
      'app-01',
      'app-02',
    ])
    await panel.getByLabel('Comment').fill('Kernel updates')
    await panel.getByRole('button', { name: 'Schedule' }).click()
    await page.getByText('Maintenance created for 2 objects.').waitFor()

    for (const name of ['app-01', 'app-02'])
      await rowOf(page, 'Hosts', name)
        .getByRole('img', { name: /In maintenance/ })
        .waitFor()
    await expect(
      rowOf(page, 'Hosts', 'app-03')
        .getByRole('img', { name: /In maintenance/ })
        .count(),
    ).resolves.toBe(0)
    for (const name of ['app-01', 'app-02']) {
      const downtimes = (await user.api.get(`/api/v1/hosts/${user.ids[name]}/downtimes`)).body
      expect(downtimes.result.map((d: { comment: string }) => d.comment)).toEqual(['Kernel updates'])
    }
    // SPEC §4: refresh resumes 5 s after the action.
    await page.getByText('Paused').waitFor({ state: 'detached', timeout: 10_000 })
  })

  it('acknowledges everything the filter matches in one bulk request and names what was refused (issue 4 bulk, SPEC §8)', async () => {
    const user = await operatorWith([
      { name: 'lb-01', status: 2 },
      { name: 'lb-02', status: 2 },
      { name: 'lb-03', status: 0 },
    ])
    const page = await open(user, '/monitoring/hosts')
    await rowOf(page, 'Hosts', 'lb-03').waitFor()
    await page.getByRole('button', { name: 'Select several' }).click()
    await page.getByRole('menuitem', { name: 'Acknowledge' }).click()
    await page.getByRole('button', { name: 'All 3 matching the filter' }).click()
    const panel = page.getByRole('region', { name: 'Acknowledge' })
    await panel.getByText('All 3 objects matching the filter').waitFor()
    await panel.getByLabel('Comment', { exact: true }).fill('Load balancer maintenance window')
    await panel.getByRole('button', { name: 'Acknowledge' }).click()
    await page.getByText('Done for 2 objects.').waitFor()
    // An UP host has nothing to acknowledge: the server refuses it (acknowledgement_add_failed).
    await page.getByText('Refused for 1 object: Adding the acknowledgement failed.').waitFor()
    const acknowledged = await Promise.all(
      ['lb-01', 'lb-02', 'lb-03'].map(async (n) => (await user.api.get(`/api/v1/hosts/${user.ids[n]}`)).body.acknowledged),
    )
    expect(acknowledged).toEqual([true, true, false])
  })

  it('creates a ticket for a critical resource and closes it from the ticket view (SPEC §4 Tickets, §8 messages)', async () => {
    const user = await operatorWith([
      { name: 'mail-01', status: 0, resources: [{ name: 'queue', status: 2, output: 'QUEUE CRITICAL - 900 mails' }] },
    ])
    const page = await open(user, '/monitoring/problems')
    const row = rowOf(page, 'Problems', 'QUEUE CRITICAL')
    await row.getByRole('button', { name: 'Create ticket' }).click()
    const create = page.getByRole('region', { name: 'Create ticket for mail-01 – queue' })
    await create.getByLabel('Comment').fill('Mail queue is stuck')
    await create.getByRole('button', { name: 'Create' }).click()
    const created = page.getByText(/^Ticket VIG-\d+ created\.$/)
    await created.waitFor()
    const ticketId = /VIG-\d+/.exec((await created.textContent()) ?? '')![0]

    await row.getByRole('button', { name: 'View ticket' }).click()
    const view = page.getByRole('region', { name: 'Ticket of mail-01 – queue' })
    await view.getByText('Mail queue is stuck', { exact: false }).first().waitFor()
    await view.getByRole('button', { name: 'Close ticket' }).click()
    const close = page.getByRole('region', { name: `Close ticket ${ticketId} of mail-01 – queue` })
    await close.getByLabel('Comment').fill('Queue drained')
    await close.getByRole('button', { name: 'Close ticket' }).click()
    await page.getByText(`Ticket ${ticketId} closed.`).waitFor()

    // The built-in service desk's web_url is a Vigil page (SPEC §3 Ticket).
    await page.goto(`${suite.server.baseUrl}/#/tickets/${ticketId}`)
    await page.getByRole('heading', { name: `Ticket ${ticketId}` }).waitFor()
    // Its own timeline: the ticket events of this ticket id (SPEC §7 "ticket event type … for ticket timelines").
    const history = page.getByRole('region', { name: 'History' })
    await history.getByText('Queue drained').waitFor()
    await history.getByText('Mail queue is stuck').waitFor()
    await expect(page.getByRole('button', { name: 'Close ticket' }).count()).resolves.toBe(0)
  })

  it('opens search with f, finds a host and jumps to it (SPEC §2 search modal, help panel)', async () => {
    const user = await operatorWith([
      { name: 'db-primary', status: 0 },
      { name: 'db-replica', status: 0 },
      { name: 'fw-01', status: 0 },
    ])
    const page = await open(user, '/monitoring/problems')
    await page.getByRole('heading', { name: 'Problems' }).waitFor()
    await page.keyboard.press('f')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    const input = dialog.getByLabel('Search hosts, resources, maps and environments')
    await input.fill('d')
    await dialog.getByText('The search text must be longer than 1 and shorter than 255 characters.').waitFor()
    await input.fill('  db-  ')
    await dialog.getByRole('tab', { name: 'Hosts 2' }).waitFor()
    await dialog.getByRole('tab', { name: 'Maps 0' }).click()
    // Issue 17: "Nothing matched" only when no tab has hits.
    await dialog.getByText('Nothing of this kind matched; the other tabs have results.').waitFor()
    await dialog.getByRole('tab', { name: 'Hosts 2' }).click()
    await dialog.getByRole('link', { name: 'db-replica' }).click()
    await page.waitForURL(/#\/monitoring\/hosts\/db-replica\/resources$/)
    await page.getByRole('heading', { name: 'db-replica' }).waitFor()
    await dialog.waitFor({ state: 'detached' })
  })

  it('shows a state change arriving through the feed without reloading the page (issue 4 Live)', async () => {
    const user = await operatorWith([
      { name: 'live-01', status: 0 },
      { name: 'live-02', status: 0 },
    ])
    const page = await open(user, '/monitoring/hosts')
    const row = rowOf(page, 'Hosts', 'live-01')
    await row.getByText('PING OK - live-01').waitFor()
    await row.getByRole('button', { name: 'Show details' }).click()
    await page.getByText('Monitoring IP').waitFor()
    await page.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 42
    })

    const posted = await user.api.post('/api/v1/results', { host: 'live-01', exit_status: 2, output: 'PING CRITICAL - live-01 lost' })
    expect(posted.status).toBe(200)
    await row.getByText('PING CRITICAL - live-01 lost').waitFor()
    await row.getByText('Down', { exact: true }).waitFor()
    // Same document (no reload), and the open expanded row stayed open.
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(42)
    await page.getByText('Monitoring IP').waitFor()
  })
})
