/**
 * SPEC §2 "Tables support the path forms … /page={page}", the help panel's paging keys (< > [ ]) and `r`, the
 * filter indicator and the CSV download on the tables outside monitoring, against the built app and the real server.
 */
import fs from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { useBrowserSuite, openAs } from './browser'

const suite = useBrowserSuite()

/** The hash route's path, as a link holds it. */
const routePath = (page: Page) => new URL(page.url()).hash.slice(1).split('?')[0]

/** An engineer with 12 maps (Map 01 … Map 12) and a page size of 10. */
async function engineerWithMaps(): Promise<Tenant> {
  const user = await makeTenant(suite.server, suite.admin, 'engineer')
  expect((await user.api.put('/api/v1/users/current', { preferences: { page_size: 10 } })).status).toBe(200)
  for (let i = 1; i <= 12; i++) {
    const alias = `Map ${String(i).padStart(2, '0')}`
    expect((await user.api.post('/api/v1/maps', { alias, hostgroup_id: user.environmentId, layout: 1 })).status).toBe(201)
  }
  return user
}

describe('paging of the lists outside monitoring (SPEC §2)', () => {
  it('opens a page from its path form and pages the maps list by keyboard', async () => {
    const user = await engineerWithMaps()
    const page = await openAs(suite, user, '/maps/page=2?order=alias')
    const table = page.getByRole('table', { name: 'Maps' })
    await table.getByText('Map 11', { exact: true }).waitFor()
    await table.getByText('Map 12', { exact: true }).waitFor()
    expect(await table.getByText('Map 01', { exact: true }).count()).toBe(0)

    await page.keyboard.press('<')
    await table.getByText('Map 01', { exact: true }).waitFor()
    expect(routePath(page)).toBe('/maps')
    await page.keyboard.press(']')
    await table.getByText('Map 12', { exact: true }).waitFor()
    expect(routePath(page)).toBe('/maps/page=2')
    // The sort stays in the query; a click on page 1 goes back to the plain path.
    expect(new URL(page.url()).hash).toContain('order=alias')
    await page.getByRole('button', { name: 'Page 1', exact: true }).click()
    await table.getByText('Map 01', { exact: true }).waitFor()
    expect(routePath(page)).toBe('/maps')

    // r reloads the table: a map added meanwhile shows up without reloading the page.
    expect((await user.api.post('/api/v1/maps', { alias: 'Map 00', hostgroup_id: user.environmentId, layout: 1 })).status).toBe(201)
    await page.keyboard.press('r')
    await table.getByText('Map 00', { exact: true }).waitFor()
  })

  it('shows "not found" for a path that is no page form', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const page = await openAs(suite, user, '/maps/nonsense')
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
  })

  it('reaches the risks overview and the asset hosts by their page path forms', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const risks = await openAs(suite, user, '/risks/page=1')
    await risks.getByRole('heading', { name: 'Risks' }).waitFor()
    const assets = await openAs(suite, user, '/assets/hosts/page=1')
    await assets.getByRole('heading', { name: 'Host assets' }).waitFor()
  })

  it('shows the filter indicator on the maps list, starts a filter at page 1 and downloads every filtered map as CSV', async () => {
    const user = await engineerWithMaps()
    const page = await openAs(suite, user, '/maps/page=2?order=alias')
    const table = page.getByRole('table', { name: 'Maps' })
    await table.getByText('Map 12', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Filter', exact: true }).click()
    await page.getByRole('combobox', { name: 'Column of rule 1' }).selectOption({ label: 'Map' })
    await page.getByRole('textbox', { name: 'Value of rule 1' }).fill('Map 1')
    await page.getByRole('button', { name: 'Apply' }).click()
    await table.getByText('Map 10', { exact: true }).waitFor()
    expect(routePath(page)).toBe('/maps')
    await page.getByText('Filter active').first().waitFor()

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
    const csv = await fs.readFile((await download.path())!, 'utf8')
    const names = [...csv.matchAll(/Map \d\d/g)].map((m) => m[0]).sort()
    expect(names).toEqual(['Map 10', 'Map 11', 'Map 12'])
  })
})
