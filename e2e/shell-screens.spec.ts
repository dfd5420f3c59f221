/**
 * Issue 19: the shell's own screens (/versions, /supported_devices, /dev/tools and ctrl+alt+d, the browser
 * reports screen), SPEC §7/§8 client reports (an error thrown in a page shows the banner and is stored), SPEC §4
 * version polling after a real build change, and the service worker's offline page.
 * The suite serves a copy of dist/, so that the build-change test can change it while the server runs.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { openAs, useBrowserSuite, type BrowserSuite } from './browser'
import { RELEASE } from '../src/shared/constants'

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-dist-'))
fs.cpSync(path.resolve('dist'), dist, { recursive: true })
const suite: BrowserSuite = useBrowserSuite({ env: { VIGIL_DIST_DIR: dist } })

const newUser = (group: Parameters<typeof makeTenant>[2] = 'administrator', serverAdmin = false): Promise<Tenant> =>
  makeTenant(suite.server, suite.admin, group, { serverAdmin })

const errorReportsOf = async (username: string): Promise<string[]> => {
  const list = await suite.admin.get('/api/v1/client-reports?kind=error&limit=500')
  return list.body.result
    .filter((r: { username: string }) => r.username === username)
    .map((r: { error: { error: string } }) => r.error.error)
}

/** Waits until `check` holds (a report is sent in the background). */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (check(v) || Date.now() > end) return v
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Throws `message` outside any handler, as a page's code would. */
const throwInPage = (page: Page, message: string) =>
  page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(m)
    })
  }, message)

describe('shell screens', () => {
  it('shows the running release and build, maintenance and the release notes on /versions', async () => {
    const page = await openAs(suite, await newUser('operator'), '/versions')
    await page.getByRole('heading', { name: 'Versions' }).waitFor()
    const version = await (await fetch(`${suite.server.baseUrl}/version.json`)).json()
    await expect(page.getByTestId('release').textContent()).resolves.toBe(RELEASE)
    await expect(page.getByTestId('build').textContent()).resolves.toBe(version.build)
    await expect(page.getByTestId('maintenance').textContent()).resolves.toBe('The server is not in maintenance.')
    const notes = page.getByRole('article', { name: RELEASE })
    await notes.getByText('running').waitFor()
    expect(await notes.getByRole('listitem').count()).toBeGreaterThan(0)
  })

  it('lists the host types with their checks on /supported_devices and finds them by any word', async () => {
    const page = await openAs(suite, await newUser('operator'), '/supported_devices')
    await page.getByRole('heading', { name: 'Supported devices' }).waitFor()
    const rows = page.locator('tbody tr[data-hosttype]')
    const all = await rows.count()
    expect(all).toBeGreaterThan(10)
    await expect(page.locator('tr[data-hosttype="windows"]').textContent()).resolves.toContain('RDP (tcp)')
    await page.getByRole('searchbox', { name: 'Search host types' }).fill('rdp')
    await page.getByRole('status').getByText('1 host type').waitFor()
    await expect(rows.first().getAttribute('data-hosttype')).resolves.toBe('windows')
    await page.getByRole('searchbox', { name: 'Search host types' }).fill('')
    await expect(rows.count()).resolves.toBe(all)
  })

  it('opens the developer tools with ctrl+alt+d: user and rights, feed, requests with ids and timings, cache', async () => {
    const user = await newUser('administrator')
    const page = await openAs(suite, user, '/monitoring/hosts')
    await page.getByRole('heading', { name: 'Hosts' }).first().waitFor()
    await page.keyboard.press('Control+Alt+d')
    await page.waitForURL(/#\/dev\/tools$/)
    await page.getByRole('heading', { name: 'Developer tools' }).waitFor()
    await page.getByRole('region', { name: 'Current user' }).getByText(user.username).waitFor()
    await expect(page.getByTestId('permissions').textContent()).resolves.toContain('host_write')
    await page
      .getByTestId('feed-status')
      .getByText(/open|connecting/)
      .waitFor()
    // The hosts screen's list call, with the request id the server sent and its time. A refetch
    // when the feed confirms the topic may still be in flight, so take a finished one.
    const hostsRow = page
      .getByRole('table', { name: "This page's API requests" })
      .locator('tr', { hasText: 'hosts' })
      .filter({ has: page.locator('td', { hasText: /^200$/ }) })
      .first()
    await hostsRow.waitFor()
    const cells = await hostsRow.locator('td').allTextContents()
    expect(cells[1]).toBe('GET')
    expect(cells[3]).toBe('200')
    expect(cells[4]).toMatch(/\S{6,}/)
    expect(Number(cells[5])).toBeGreaterThanOrEqual(0)
    await page.getByRole('table', { name: 'Query cache' }).getByText('["users","current"]').waitFor()
    await page.getByRole('heading', { name: 'API reference' }).waitFor()
  })

  it('shows the exception banner for an error thrown in a page, stores it (not a ResizeObserver one) and lists it for server admins', async () => {
    const user = await newUser('operator')
    const page = await openAs(suite, user, '/versions')
    await page.getByRole('heading', { name: 'Versions' }).waitFor()
    await throwInPage(page, 'ResizeObserver loop completed with undelivered notifications.')
    await throwInPage(page, 'e2e: thrown in a page')
    await page
      .getByRole('alert')
      .getByText(/Javascript Exception: something went wrong on this page/)
      .waitFor()
    const stored = await eventually(
      () => errorReportsOf(user.username),
      (r) => r.length > 0,
    )
    expect(stored).toHaveLength(1)
    expect(stored[0]).toContain('Error: e2e: thrown in a page')

    const admin = await newUser('administrator', true)
    const adminPage = await openAs(suite, admin, '/admin')
    await adminPage.getByRole('link', { name: 'Browser reports' }).click()
    const table = adminPage.getByRole('table', { name: 'Errors' })
    const row = table.locator('tr', { hasText: 'e2e: thrown in a page' })
    await row.waitFor()
    await expect(row.textContent()).resolves.toContain(user.username)
    await expect(row.textContent()).resolves.not.toContain('token=')
    // Not for anyone else: an organization administrator gets the not-authorized page.
    const other = await openAs(suite, await newUser('administrator'), '/admin/client-reports')
    await other.getByRole('heading', { name: 'Not authorized' }).waitFor()
  })

  it('warns an unsupported browser until ignored, shows it its own exception text and sends no report', async () => {
    const user = await newUser('operator')
    const login = await suite.admin.post('/api/v1/auth/login', { username: user.username, password: user.password })
    const context = await suite.browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' })
    suite.contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${suite.server.baseUrl}/#/versions?token=${encodeURIComponent(login.body.token)}`)
    const warning = page.getByRole('alert').filter({ hasText: 'Your browser is not supported by Vigil' })
    await warning.waitFor()
    await throwInPage(page, 'e2e: thrown in an old browser')
    await page
      .getByRole('alert')
      .getByText(/Javascript Exception: your browser is not supported/)
      .waitFor()
    await warning.getByRole('button', { name: 'Ignore' }).click()
    await page.reload()
    await page.getByRole('heading', { name: 'Versions' }).waitFor()
    await page.waitForTimeout(500)
    await expect(warning.count()).resolves.toBe(0)
    expect(await errorReportsOf(user.username)).toEqual([])
  })

  it('serves the shell from the service worker and an offline page when the server cannot be reached, never API data', async () => {
    const page = await openAs(suite, await newUser('operator'), '/versions')
    await page.getByRole('heading', { name: 'Versions' }).waitFor()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    // Warm: the reload below takes its scripts from the worker's cache.
    await page.reload()
    await page.getByRole('heading', { name: 'Versions' }).waitFor()
    const assets: boolean[] = []
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/')) assets.push(r.fromServiceWorker())
    })
    await page.reload()
    await page.getByRole('heading', { name: 'Versions' }).waitFor()
    expect(assets.length).toBeGreaterThan(0)
    expect(assets.every(Boolean)).toBe(true)

    await page.context().setOffline(true)
    await page.reload()
    await page.getByRole('heading', { name: 'The Vigil server cannot be reached' }).waitFor()
    const api = await page.evaluate(() =>
      fetch('/api/v1/users/current').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    )
    expect(api).toBe('failed')
    await page.getByRole('button', { name: 'Try again now' }).waitFor()
    // Back online, the offline page opens the screen again by itself (on the browser's online event, or within 10 s).
    await page.context().setOffline(false)
    await page.getByRole('heading', { name: 'Versions' }).waitFor()
  })

  it('shows the new-version notice when the served build changes (SPEC §4 version polling)', async () => {
    const user = await newUser('operator')
    // With autoreload (the default) the page would reload by itself instead.
    expect((await user.api.put('/api/v1/users/current', { preferences: { autoreload: false } })).status).toBe(200)
    const login = await suite.admin.post('/api/v1/auth/login', { username: user.username, password: user.password })
    const context = await suite.browser.newContext()
    suite.contexts.push(context)
    await context.clock.install()
    const page = await context.newPage()
    // The first check (on start) must have seen the old build. A screen that reads no /version.json of its own (the
    // versions screen does): its answer could come first, and the check's be served after the new build (CI).
    const firstCheck = page.waitForResponse((r) => r.url().endsWith('/version.json'))
    await page.goto(`${suite.server.baseUrl}/#/supported_devices?token=${encodeURIComponent(login.body.token)}`)
    await page.getByRole('heading', { name: 'Supported devices' }).waitFor()
    await firstCheck
    const before = (await (await fetch(`${suite.server.baseUrl}/version.json`)).json()).build
    // A new build copied into place: index.html changes while the server runs.
    fs.appendFileSync(path.join(dist, 'index.html'), '\n<!-- rebuilt -->\n')
    expect((await (await fetch(`${suite.server.baseUrl}/version.json`)).json()).build).not.toBe(before)
    const secondCheck = page.waitForResponse((r) => r.url().endsWith('/version.json'))
    await page.clock.runFor(120_000)
    await secondCheck
    const notice = page.getByRole('alert').filter({ hasText: 'A new version of Vigil is available' })
    await notice.waitFor()
    await notice.getByRole('button', { name: 'Cancel' }).click()
    await expect(notice.count()).resolves.toBe(0)
  })
})
