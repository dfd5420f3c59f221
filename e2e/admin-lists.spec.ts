/**
 * SPEC §2 "Generic table panel" on the admin hosts and users tables: the page in the path form (`…/page=2`), the
 * page size from the preference, sortable columns, the filter indicator and a CSV of every row of the filter,
 * against the built app and the real server.
 */
import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Download, Page } from 'playwright-core'
import { makeTenant, uniq, type Tenant } from '../tests/helpers/api'
import { openAs, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

/** The hash route's path, as a link holds it. */
const routePath = (page: Page) => new URL(page.url()).hash.slice(1).split('?')[0]
/** The downloaded CSV without the byte-order mark that spreadsheets read it by. */
const csvText = async (download: Download) => (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')

/** An administrator whose page size is 10 (SPEC §3 page_size), and the name of their organization. */
async function administrator(): Promise<{ user: Tenant; organization: string }> {
  const user = await makeTenant(suite.server, suite.admin, 'administrator')
  expect((await user.api.put('/api/v1/users/current', { preferences: { page_size: 10 } })).status).toBe(200)
  const organization = (await user.api.get(`/api/v1/organizations/${user.organizationId}`)).body.name as string
  return { user, organization }
}

/** The filter panel's first rule: `column` contains `value`, applied. */
async function filterBy(page: Page, column: string, value: string) {
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await page.getByRole('combobox', { name: 'Column of rule 1' }).selectOption({ label: column })
  await page.getByRole('textbox', { name: 'Value of rule 1' }).fill(value)
  await page.getByRole('button', { name: 'Apply' }).click()
}

describe('admin tables in the generic table panel (SPEC §2)', () => {
  it('pages the hosts from the path form, sorts them by a column and downloads every filtered host', async () => {
    const { user, organization } = await administrator()
    const hosts = Array.from({ length: 12 }, (_, i) => `host-${String(i + 1).padStart(2, '0')}`)
    for (const name of [...hosts, 'other-1', 'other-2'])
      expect((await user.api.post('/api/v1/hosts/', { name, hostgroup_id: user.environmentId, check_type: '1' })).status).toBe(201)

    // 14 hosts by name, 10 a page: the second page holds host-11, host-12 and the two others.
    const page = await openAs(suite, user, `/admin/${organization}/hosts/page=2`)
    const table = page.getByRole('table', { name: 'Hosts' })
    const names = () => table.getByRole('button', { name: /^(host|other)-\d+$/ }).allInnerTexts()
    await table.getByRole('button', { name: 'other-2', exact: true }).waitFor()
    expect(await names()).toEqual(['host-11', 'host-12', 'other-1', 'other-2'])
    expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page')

    // Name ascending, then descending: the sort goes into ?order= and the list starts again at page 1.
    const nameSort = () => table.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')
    expect(await nameSort()).toBe('none')
    await table.getByRole('button', { name: /^Name/ }).click()
    await expect.poll(nameSort).toBe('ascending')
    await table.getByRole('button', { name: /^Name/ }).click()
    await expect.poll(nameSort).toBe('descending')
    await expect.poll(names).toEqual(['other-2', 'other-1', ...hosts.slice(4).reverse()])
    expect(routePath(page)).toBe(`/admin/${organization}/hosts`)
    expect(new URL(page.url()).hash).toContain('order=-name')
    // The paging keys of the help panel work here too.
    await page.keyboard.press('>')
    await expect.poll(names).toEqual(hosts.slice(0, 4).reverse())
    expect(routePath(page)).toBe(`/admin/${organization}/hosts/page=2`)

    // A filter keeping more hosts than a page: the indicator shows and the CSV holds all 12, not the 10 shown.
    await filterBy(page, 'Name', 'host-')
    await page.getByText('Filter active').first().waitFor()
    await expect.poll(names).toEqual(hosts.slice(2).reverse())
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
    const csv = await csvText(download)
    expect(csv.split('\r\n')[0]).toBe('Name,Host type,Environment,Address,Tags,Cluster')
    expect([...csv.matchAll(/^(host-\d\d|other-\d),/gm)].map((m) => m[1]).sort()).toEqual(hosts)
  })

  it('pages, sorts and downloads the users the same way', async () => {
    const { user, organization } = await administrator()
    const prefix = uniq('member')
    const members = Array.from({ length: 11 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`)
    for (const username of members) {
      const body = { username, password: 'member-password-1', organization_id: user.organizationId }
      expect((await user.api.post('/api/v1/users', body)).status).toBe(201)
    }

    // The 11 members sort before the administrator ("member-…" < "user-…"): page 2 holds the last member and them.
    const page = await openAs(suite, user, `/admin/${organization}/users/page=2?order=username`)
    const table = page.getByRole('table', { name: 'Users' })
    const usernames = () => table.getByRole('cell', { name: new RegExp(`^(${prefix}-\\d\\d|${user.username})$`) }).allInnerTexts()
    await table.getByRole('cell', { name: user.username, exact: true }).waitFor()
    expect(await usernames()).toEqual([members[10], user.username])

    await table.getByRole('button', { name: /^Username/ }).click()
    await expect.poll(usernames).toEqual([user.username, ...members.slice(2).reverse()])
    expect(routePath(page)).toBe(`/admin/${organization}/users`)
    expect(new URL(page.url()).hash).toContain('order=-username')

    await filterBy(page, 'Username', prefix)
    await page.getByText('Filter active').first().waitFor()
    await expect.poll(usernames).toEqual(members.slice(1).reverse())
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
    const csv = await csvText(download)
    expect(csv.split('\r\n')[0]).toBe('Username,First name,Last name,Email,Last logon,Authorization groups')
    expect([...csv.matchAll(new RegExp(`^(${prefix}-\\d\\d),`, 'gm'))].map((m) => m[1]).sort()).toEqual(members)
  })
})
