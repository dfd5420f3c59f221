/**
 * Issue 15 "First run": on a fresh server that monitors only its own `localhost`, the problems and hosts screens
 * offer "Add a host", "Discover a network", "Import hosts (CSV)" and "Add a map" as the person's rights allow
 * (SPEC §6), each leading to its screen; once a real host exists the offers are gone.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openAs, useBrowserSuite } from './browser'
import { makeTenant } from '../tests/helpers/api'

// The first start's local hosts, as `npm start` adds them.
const suite = useBrowserSuite({ env: { VIGIL_LOCAL_HOSTS: '1' } })
const OFFERS = ['Add a host', 'Discover a network', 'Import hosts (CSV)', 'Add a map']

const open = (user: { username: string; password: string }, route: string): Promise<Page> => openAs(suite, user, route)

const offers = (page: Page) => page.getByRole('region', { name: 'Get started' })
const go = (page: Page, route: string) => page.evaluate((hash) => (window.location.hash = hash), route)

describe('first run (issue 15)', () => {
  it('offers first steps on the problems and hosts screens, leads to their screens, and drops them once a host exists', async () => {
    const page = await open({ username: 'admin', password: suite.server.adminPassword }, '/monitoring/problems')
    await offers(page).waitFor()
    const hrefs = await Promise.all(OFFERS.map((name) => offers(page).getByRole('link', { name }).getAttribute('href')))
    expect(hrefs).toEqual(['#/admin/Local/hosts/new', '#/admin/Local/hosts/discover', '#/admin/Local/hosts/import', '#/maps?dialog=add'])

    await offers(page).getByRole('link', { name: 'Import hosts (CSV)' }).click()
    await page.getByRole('heading', { name: 'Import hosts of Local from CSV' }).waitFor()
    await go(page, '/monitoring/problems')
    await offers(page).getByRole('link', { name: 'Add a map' }).click()
    await page.getByRole('dialog', { name: 'Add map' }).waitFor()

    await go(page, '/monitoring/hosts')
    await page.getByRole('table').getByText('localhost').first().waitFor()
    await offers(page).getByRole('link', { name: 'Add a host' }).click()
    const form = page.getByRole('form', { name: 'Add a host' })
    await form.getByLabel('Name', { exact: true }).fill('first-real-host')
    await form.getByLabel('Host type', { exact: true }).selectOption('ping')
    await form.getByLabel('IP address', { exact: true }).fill('198.51.100.80')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('table').getByRole('button', { name: 'first-real-host' }).waitFor()

    // Back on the monitoring screens, without a reload: the new host is there and the offers go.
    await go(page, '/monitoring/hosts')
    await page.getByRole('table').getByText('first-real-host').first().waitFor()
    await offers(page).waitFor({ state: 'detached' })
    await go(page, '/monitoring/problems')
    await page.getByRole('heading', { name: 'Problems' }).first().waitFor()
    await offers(page).waitFor({ state: 'detached' })
  })

  it('offers an engineer, who has no admin module, only "Add a map" (SPEC §6)', async () => {
    const engineer = await makeTenant(suite.server, suite.admin, 'engineer')
    const page = await open(engineer, '/monitoring/hosts')
    await offers(page).waitFor()
    expect(await offers(page).getByRole('link').allTextContents()).toEqual(['Add a map'])
  })
})
