/**
 * Issue 17 monitoring screens as an operator adopts them, against the built app and the real server: sort
 * problems by state severity (SPEC §4), a two-rule OR filter (SPEC §5, §7 or-groups), the unhandled view
 * reached from the screen (SPEC §2 …/unhandled), the status tab's details, search by keyboard.
 * Hosts and problems are made through the real API: passive hosts (check_type "1") and POST /api/v1/results.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { Tenant } from '../tests/helpers/api'
import { engineerWith, type MonitoredHostSpec } from './monitored-hosts'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite()

const operatorWith = (hosts: MonitoredHostSpec[]) => engineerWith(suite, hosts)

const open = (user: Tenant, route: string): Promise<Page> => openAs(suite, user, route)

/** The resource names of a table's rows, top to bottom. */
async function resourceColumn(page: Page, table: string): Promise<string[]> {
  const rows = page.getByRole('table', { name: table }).getByRole('row')
  const texts = await rows.allInnerTexts()
  return texts.flatMap((text) => (/\b(cpu|disk|memory)\b/.exec(text) ?? []).slice(1))
}

describe('monitoring views (issue 17)', () => {
  it('sorts problems by state severity, not by name, and back to the PROBLEM order (SPEC §4 three-state sort)', async () => {
    const user = await operatorWith([
      {
        name: 'srv-01',
        status: 0,
        resources: [
          { name: 'cpu', status: 2 },
          { name: 'disk', status: 1 },
          { name: 'memory', status: 3 },
        ],
      },
    ])
    const page = await open(user, '/monitoring/problems')
    const table = page.getByRole('table', { name: 'Problems' })
    await table.getByRole('link', { name: 'memory' }).waitFor()
    // SPEC §4 PROBLEM order: critical, warning, unknown.
    expect(await resourceColumn(page, 'Problems')).toEqual(['cpu', 'disk', 'memory'])
    const header = table.getByRole('columnheader', { name: /State/ })
    await header.getByRole('button').click()
    await page.waitForURL(/order=state/)
    // Ascending severity: unknown, warning, critical (by name it would be critical, unknown, warning).
    await expect.poll(() => resourceColumn(page, 'Problems')).toEqual(['memory', 'disk', 'cpu'])
    await header.getByRole('button').click()
    await page.waitForURL(/order=-state/)
    await expect.poll(() => resourceColumn(page, 'Problems')).toEqual(['cpu', 'disk', 'memory'])
    expect(await header.getAttribute('aria-sort')).toBe('descending')
  })

  it('filters hosts with two rules joined by OR (SPEC §5 filter panel, §7 or-groups)', async () => {
    const user = await operatorWith([
      { name: 'web-01', status: 0 },
      { name: 'db-01', status: 0 },
      { name: 'mail-01', status: 0 },
    ])
    const page = await open(user, '/monitoring/hosts')
    const hosts = page.getByRole('table', { name: 'Hosts' })
    await hosts.getByRole('link', { name: 'mail-01' }).waitFor()
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    // Issue 17: nothing to complain about before the person did anything.
    expect(await page.getByText('Please fill all rules').count()).toBe(0)
    await page.getByRole('combobox', { name: 'Column of rule 1' }).selectOption({ label: 'Host' })
    await page.getByRole('textbox', { name: 'Value of rule 1' }).fill('web')
    await page.getByRole('combobox', { name: 'Column of rule 2' }).selectOption({ label: 'Host' })
    await page.getByRole('textbox', { name: 'Value of rule 2' }).fill('db')
    await page.getByRole('combobox', { name: 'Join of rule 2 to the rule before' }).selectOption('or')
    await page.getByRole('button', { name: 'Apply' }).click()
    await hosts.getByRole('link', { name: 'mail-01' }).waitFor({ state: 'detached' })
    await hosts.getByRole('link', { name: 'web-01' }).waitFor()
    await hosts.getByRole('link', { name: 'db-01' }).waitFor()
  })

  it('separates unhandled problems from acknowledged ones through the Unhandled view on the screen (SPEC §2)', async () => {
    const user = await operatorWith([
      {
        name: 'app-01',
        status: 0,
        resources: [
          { name: 'cpu', status: 2 },
          { name: 'disk', status: 2 },
        ],
      },
    ])
    const cpu = user.ids['app-01/cpu']
    const ack = await user.api.post(`/api/v1/resources/${cpu}/acknowledgements`, {
      host_id: user.ids['app-01'],
      host_name: 'app-01',
      resource_id: cpu,
      resource_name: 'cpu',
      comment: 'looking into it',
    })
    expect(ack.status).toBe(201)
    const page = await open(user, '/monitoring/problems')
    await page.getByRole('link', { name: 'cpu' }).first().waitFor()
    await page.getByRole('navigation', { name: 'Problem views' }).getByRole('link', { name: 'Unhandled' }).click()
    await page.waitForURL(/\/unhandled/)
    await page.getByRole('link', { name: 'disk' }).first().waitFor()
    await page.getByRole('link', { name: 'cpu' }).waitFor({ state: 'detached' })
    // The acknowledged one is counted in its extra filter chip, one click away.
    await page.getByRole('button', { name: /Acknowledged\s*1/ }).waitFor()
  })

  it('shows the status tab details and keeps the tab bar (issue 17 host pages)', async () => {
    const user = await operatorWith([{ name: 'edge-01', status: 0 }])
    const page = await open(user, '/monitoring/hosts/edge-01/status')
    const details = page.getByRole('definition').first()
    await details.waitFor()
    for (const label of [
      'Organization',
      'Environment',
      'Host type',
      'Address',
      'Attempt',
      'State type',
      'Check interval',
      'Performance data',
    ])
      await page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor()
    expect(
      await page
        .getByRole('term')
        .filter({ hasText: /^Attempt$/ })
        .locator('xpath=following-sibling::dd[1]')
        .innerText(),
    ).toBe('1/1')
    const tabs = page.getByRole('navigation', { name: 'Tabs' })
    await tabs.getByRole('link', { name: 'Timeline' }).click()
    await page.waitForURL(/\/edge-01\/timeline/)
    await tabs.getByRole('link', { name: 'Status' }).waitFor()
  })

  it('goes through search results by keyboard and opens the first tab with hits (SPEC §2 search modal)', async () => {
    const user = await operatorWith([{ name: 'kbd-alpha', status: 0, resources: [{ name: 'cpu', status: 0 }] }])
    const page = await open(user, '/monitoring/problems')
    await page.getByRole('heading', { name: 'Problems' }).waitFor()
    await page.keyboard.press('f')
    const dialog = page.getByRole('dialog', { name: 'Search' })
    const input = dialog.getByLabel('Search hosts, resources, maps and environments')
    await input.fill('kbd-al')
    await dialog.getByRole('link', { name: 'kbd-alpha' }).waitFor()
    await input.fill('zzz-nothing')
    await dialog.getByText('Nothing matched your search criteria.').waitFor()
    await input.fill('kbd-al')
    await dialog.getByRole('link', { name: 'kbd-alpha' }).waitFor()
    await page.keyboard.press('ArrowDown')
    expect(await dialog.getByRole('link', { name: 'kbd-alpha' }).evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL(/#\/monitoring\/hosts\/kbd-alpha\/resources$/)
  })
})
