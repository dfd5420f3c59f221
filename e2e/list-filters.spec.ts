/**
 * Issue 17 "the same filter panel on the maps, risks, reports and admin lists" (SPEC §2 per-section custom
 * filters), against the built app and the real server: on the maps list, the reports list, the admin hosts and the admin users
 * a two-rule filter is built in the panel (an inverted rule, an OR group), only the matching rows stay, and the
 * filter survives a reload because the link holds it in its readable form (SPEC §2 `?filter=`).
 */
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { addUser, makeTenant } from '../tests/helpers/api'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite()

/** Fills rule n of the open panel: column by label, then a text value or a picked option. */
async function rule(page: Page, n: number, column: string, value: { text: string } | { pick: string }) {
  await page.getByRole('combobox', { name: `Column of rule ${n}` }).selectOption({ label: column })
  if ('text' in value) await page.getByRole('textbox', { name: `Value of rule ${n}` }).fill(value.text)
  else await page.getByRole('combobox', { name: `Value of rule ${n}` }).selectOption({ label: value.pick })
}

/** The filter from the page's link, as the hash route holds it. */
const linkedFilter = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').get('filter')

/** Waits until exactly `shown` of `names` are in `table` (the others gone). */
async function onlyRows(table: Locator, names: readonly string[], shown: readonly string[]) {
  for (const name of names)
    await table
      .getByText(name, { exact: true })
      .first()
      .waitFor({ state: shown.includes(name) ? 'visible' : 'detached' })
}

describe('filter panel on the lists (issue 17, SPEC §2 per-section custom filters)', () => {
  it('filters the maps list with an inverted rule and keeps it after a reload', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const maps = { 'Core network': 3, 'Lab network': 2, 'Branch offices': 1 }
    for (const [alias, layout] of Object.entries(maps))
      expect((await user.api.post('/api/v1/maps', { alias, hostgroup_id: user.environmentId, layout })).status).toBe(201)
    const page = await openAs(suite, user, '/maps')
    const table = page.getByRole('table', { name: 'Maps' })
    await onlyRows(table, Object.keys(maps), Object.keys(maps))

    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await rule(page, 1, 'Map', { text: 'network' })
    await rule(page, 2, 'Layout', { pick: 'Physical' })
    await page.getByRole('checkbox', { name: 'Invert rule 2' }).check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await onlyRows(table, Object.keys(maps), ['Lab network'])
    // The readable form: the rules themselves, not base64.
    expect(JSON.parse(linkedFilter(page)!)).toEqual([
      ['alias', 'contains', 'network'],
      { key: 'layout', operator: 'equals', value: 3, inverted: true },
    ])

    await page.reload()
    await onlyRows(table, Object.keys(maps), ['Lab network'])
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await expect(page.getByRole('combobox', { name: 'Value of rule 2' }).inputValue()).resolves.toBe('3')
    await page.getByRole('button', { name: 'Reset', exact: true }).click()
    await onlyRows(table, Object.keys(maps), Object.keys(maps))
  })

  it('filters the reports list by period and title and keeps it after a reload', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const reports = { 'Core weekly': 'weekly', 'Core monthly': 'monthly', 'Branch monthly': 'monthly' }
    for (const [title, period] of Object.entries(reports))
      expect(
        (
          await user.api.post('/api/v1/reports', {
            title,
            period,
            hostgroup_id: user.environmentId,
            type: 'by_host',
            content: ['uptime-summary'],
          })
        ).status,
      ).toBe(201)
    const page = await openAs(suite, user, '/reports')
    const table = page.getByRole('table', { name: 'Reports' })
    await onlyRows(table, Object.keys(reports), Object.keys(reports))

    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await rule(page, 1, 'Period', { pick: 'Monthly' })
    await rule(page, 2, 'Title', { text: 'core' })
    await page.getByRole('button', { name: 'Apply' }).click()
    await onlyRows(table, Object.keys(reports), ['Core monthly'])
    await page.reload()
    await onlyRows(table, Object.keys(reports), ['Core monthly'])
    expect(JSON.parse(linkedFilter(page)!)).toEqual([
      ['period', 'equals', 'monthly'],
      ['title', 'contains', 'core'],
    ])
  })

  it('filters the admin hosts with an OR group and keeps it after a reload', async () => {
    const admin = await makeTenant(suite.server, suite.admin, 'administrator')
    const organization = (await suite.admin.get(`/api/v1/organizations/${admin.organizationId}`)).body.name as string
    const hosts = ['web-01', 'db-01', 'mail-01']
    for (const name of hosts)
      expect((await admin.api.post('/api/v1/hosts/', { name, hostgroup_id: admin.environmentId, check_type: '1' })).status).toBe(201)
    const page = await openAs(suite, admin, `/admin/${organization}/hosts`)
    const table = page.getByRole('table')
    await onlyRows(table, hosts, hosts)

    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await rule(page, 1, 'Name', { text: 'web' })
    await rule(page, 2, 'Name', { text: 'db' })
    await page.getByRole('combobox', { name: 'Join of rule 2 to the rule before' }).selectOption('or')
    await page.getByRole('button', { name: 'Apply' }).click()
    await onlyRows(table, hosts, ['web-01', 'db-01'])

    await page.reload()
    await onlyRows(table, hosts, ['web-01', 'db-01'])
    expect(JSON.parse(linkedFilter(page)!)).toEqual([
      {
        or: [
          ['name', 'contains', 'web'],
          ['name', 'contains', 'db'],
        ],
      },
    ])
  })

  it('filters the admin users with an OR group and keeps it after a reload', async () => {
    const admin = await makeTenant(suite.server, suite.admin, 'administrator')
    const organization = (await suite.admin.get(`/api/v1/organizations/${admin.organizationId}`)).body.name as string
    const [first, second] = [await addUser(suite.server, admin, 'operator'), await addUser(suite.server, admin, 'operator')]
    const users = [admin.username, first.username, second.username]
    const page = await openAs(suite, admin, `/admin/${organization}/users`)
    const table = page.getByRole('table')
    await onlyRows(table, users, users)

    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await rule(page, 1, 'Username', { text: first.username })
    await rule(page, 2, 'Username', { text: second.username })
    await page.getByRole('combobox', { name: 'Join of rule 2 to the rule before' }).selectOption('or')
    await page.getByRole('button', { name: 'Apply' }).click()
    await onlyRows(table, users, [first.username, second.username])

    await page.reload()
    await onlyRows(table, users, [first.username, second.username])

    // Saved per section (location "admin"): the users' filter comes back on the users list, and the host list
    // of the same section does not offer it, as its columns cannot apply it.
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Save filter' })
    await dialog.getByLabel('Name').fill('Two operators')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(/filter=[0-9a-f-]{36}/)
    await page.getByRole('button', { name: 'Reset', exact: true }).click()
    await onlyRows(table, users, users)
    await page.getByRole('button', { name: 'Load', exact: true }).click()
    await page.getByRole('button', { name: 'Two operators', exact: true }).click()
    await onlyRows(table, users, [first.username, second.username])

    await page.goto(page.url().replace(/\/users\?.*$/, '/hosts'))
    // A fresh load: the hash change alone keeps the users list's open panel state.
    await page.reload()
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('button', { name: 'Load', exact: true }).click()
    await page.getByText('No saved filters.').waitFor()
  })
})
