/**
 * The browser shell against the built app (`npx vite build`) served by the real server:
 * route guard (SPEC §4), login feedback (SPEC §8), main menu (SPEC §2), themes (SPEC §1), shortcuts, logout.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, type Tenant } from '../tests/helpers/api'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

async function freshPage(): Promise<Page> {
  const context = await suite.browser.newContext()
  suite.contexts.push(context)
  return context.newPage()
}

/** Each test logs in as its own user in its own organization (STYLE.md Tests). */
const newUser = (group: Parameters<typeof makeTenant>[2] = 'administrator'): Promise<Tenant> => makeTenant(suite.server, suite.admin, group)

async function logIn(page: Page, user: Tenant, password = user.password): Promise<void> {
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

describe('browser shell', () => {
  it('sends a protected route without login to /login keeping the location (SPEC §4 route guard)', async () => {
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/monitoring/hosts`)
    await page.waitForURL(/#\/login\?redirect=%2Fmonitoring%2Fhosts$/)
    await page.getByRole('heading', { name: 'Log in to Vigil' }).waitFor()
  })

  it('logs in from a ?token= link, keeps the token 12 h and drops it from the address (SPEC §4 route guard 1)', async () => {
    const user = await newUser()
    const r = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    })
    const { token } = (await r.json()) as { token: string }
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/dashboard?token=${encodeURIComponent(token)}`)
    await page.waitForURL(/#\/dashboard$/)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('vigil.token') ?? 'null') as { value: string; expires: number },
    )
    expect(stored.value).toBe(token)
    const hoursLeft = (stored.expires - Date.now()) / 3_600_000
    expect(hoursLeft).toBeGreaterThan(11.9)
    expect(hoursLeft).toBeLessThanOrEqual(12)
  })

  it('shows page not found for an unknown route without asking to log in (SPEC §2)', async () => {
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/no/such/page`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    expect(page.url()).toMatch(/#\/no\/such\/page$/)
  })

  it('shows login feedback 1 with a forgot-password link for a wrong password (SPEC §8)', async () => {
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/login`)
    await logIn(page, await newUser(), 'not-the-password')
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid username and/or password.' })
    await alert.waitFor()
    await alert.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.waitForURL(/#\/login\/forgot_password$/)
    await page.getByRole('button', { name: 'Send reset link' }).waitFor()
  })

  it('logs in back to the redirect, shows the menu, switches and keeps the theme, and logs out (SPEC §2, §1, §7)', async () => {
    const user = await newUser()
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/monitoring/hosts`)
    await page.waitForURL(/#\/login\?redirect=/)
    await logIn(page, user)
    await page.waitForURL(/#\/monitoring\/hosts$/)
    await page.getByRole('heading', { name: 'Hosts' }).waitFor()

    const menu = page.getByRole('navigation', { name: 'Main menu' })
    for (const name of ['Dashboard', 'Problems', 'Resources', 'Timeline', 'Risks', 'Reports', 'Admin', 'Software', 'Slideshows']) {
      await menu.getByRole('link', { name, exact: true }).waitFor()
    }
    await menu.getByRole('link', { name: 'Dashboard' }).click()
    await page.waitForURL(/#\/dashboard$/)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()

    // SPEC §1 themes: the stylesheet really changes (Darkly's body is #222).
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)')
    const before = await bodyBackground(page)
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('darkly')
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(34, 34, 34)')
    expect(before).not.toBe('rgb(34, 34, 34)')

    // The theme is a preference on the server (SPEC §7 PUT /users/current): a new browser gets it too.
    const other = await freshPage()
    await other.goto(`${suite.server.baseUrl}/#/login`)
    await logIn(other, user)
    await other.getByRole('navigation', { name: 'Main menu' }).waitFor()
    await other.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(34, 34, 34)')
    await expect(other.getByRole('combobox', { name: 'Theme' }).inputValue()).resolves.toBe('darkly')

    await page.getByRole('button', { name: `User menu for ${user.username}` }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await page.waitForURL(/#\/login$/)
    // The token is gone: a protected route asks to log in again.
    await page.goto(`${suite.server.baseUrl}/#/dashboard`)
    await page.waitForURL(/#\/login\?redirect=%2Fdashboard$/)
  })

  it('toggles the menu with m, opens help with ? and jumps with g then h (SPEC §2 help panel)', async () => {
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/login?redirect=%2Fdashboard`)
    await logIn(page, await newUser())
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await menu.waitFor()
    await page.keyboard.press('m')
    await menu.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Toggle menu' }).click()
    await menu.waitFor()

    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await help.getByRole('cell', { name: 'Developer tools' }).waitFor()
    await page.keyboard.press('Escape')
    await help.waitFor({ state: 'detached' })

    await page.keyboard.press('g')
    await page.keyboard.press('h')
    await page.waitForURL(/#\/monitoring\/hosts$/)
    await page.getByRole('heading', { name: 'Hosts' }).waitFor()

    await page.keyboard.press('Control+Alt+d')
    await page.waitForURL(/#\/dev\/tools$/)
    await page.getByRole('heading', { name: 'Developer tools' }).waitFor()

    // f opens search on any screen, not only the monitoring ones.
    await page.keyboard.press('f')
    const search = page.getByRole('dialog', { name: 'Search' })
    await search.getByLabel('Search hosts, resources, maps and environments').waitFor()
    await page.keyboard.press('Escape')
    await search.waitFor({ state: 'detached' })
  })

  it('hides modules the user may not use and refuses their routes (SPEC §6, SPEC §4 route guard 5)', async () => {
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/login?redirect=%2Fadmin`)
    await logIn(page, await newUser('operator'))
    await page.waitForURL(/#\/admin$/)
    await page.getByRole('heading', { name: 'Not authorized' }).waitFor()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await menu.getByRole('link', { name: 'Problems' }).waitFor()
    await expect(menu.getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0)
    // Risks has no module check (SPEC §2).
    await menu.getByRole('link', { name: 'Risks' }).click()
    await page.getByRole('heading', { name: 'Risks' }).waitFor()
  })

  it('registers the service worker at /service-worker.js (SPEC §2)', async () => {
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/login`)
    const script = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL))
    expect(script).toBe(`${suite.server.baseUrl}/service-worker.js`)
  })

  it('runs no animation on a screen that waits for nothing: the hidden loading spinner stands still (SPEC §7)', async () => {
    const user = await newUser()
    const page = await freshPage()
    await page.goto(`${suite.server.baseUrl}/#/monitoring/problems`)
    await page.waitForURL(/#\/login\?redirect=/)
    await logIn(page, user)
    await page.getByRole('heading', { name: 'Problems' }).waitFor()
    // Once no request runs (the spinner hidden), the endless animations still running, read in the same moment.
    // Finite ones end on their own: a loaded CI machine caught six colour transitions of the first paint running.
    const running = await page.waitForFunction(() => {
      const spinner = document.querySelector('header [role="status"]')
      if (!spinner || getComputedStyle(spinner).visibility !== 'hidden') return null
      return document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations === Infinity)
        .map((a) => (a as CSSAnimation).animationName ?? 'script')
    })
    expect(await running.jsonValue()).toEqual([])
  })
})
