/**
 * Issue 19 "Languages", issue 17 "no raw keys": the main screens in English and in Dutch show no raw catalogue key
 * (texts, titles, labels, placeholders), Dutch is chosen in the preferences and applies at once, and an English user's
 * browser never fetches the Dutch catalogue (it loads only when chosen).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useBrowserSuite } from './browser'
import { mainScreens, type MainScreen, type MainScreensFixture } from './main-screens'

const suite = useBrowserSuite()
let fixture: MainScreensFixture

beforeAll(async () => {
  fixture = await mainScreens(suite)
}, 120_000)

const RAW_KEY =
  /\b(?:app|auth|ui|dashboard|monitoring|maps|editor|reports|risks|assets|user|admin|errors|errorReasons|shell)\.[A-Za-z_]+(?:\.[A-Za-z_]+)*\b/

const PREFERENCES: MainScreen = {
  name: 'preferences',
  route: '/user/preferences',
  ready: (page) => page.locator('main select').first().waitFor(),
}

/** Everything a user reads on the page: its text, title, and the titles, labels and placeholders of its elements. */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[title],[aria-label],[placeholder]')].flatMap((el) =>
      ['title', 'aria-label', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    )
    return [document.body.innerText, document.title, ...attrs].join('\n')
  })

/** One page through every main screen; per screen the raw key it shows, if any. */
async function rawKeysIn(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const [i, screen] of [...fixture.screens, PREFERENCES].entries()) {
    if (i === 0) await page.goto(`${suite.server.baseUrl}/#${screen.route}?token=${encodeURIComponent(fixture.token)}`)
    else await page.evaluate((route) => (window.location.hash = route), screen.route)
    await screen.ready(page)
    const key = RAW_KEY.exec(await visibleText(page))?.[0]
    if (key) found.push(`${screen.name}: ${key}`)
  }
  return found
}

async function newPage(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
  suite.contexts.push(context)
  return context.newPage()
}

describe('languages (issue 19)', () => {
  it('shows no raw catalogue key on the main screens in English, and fetches no Dutch', async () => {
    expect((await fixture.user.api.put('/api/v1/users/current', { preferences: { language: 'en' } })).status).toBe(200)
    const page = await newPage()
    const scripts: Promise<string>[] = []
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text().catch(() => ''))
    })
    expect(await rawKeysIn(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    // A text of the Dutch feature catalogue, in no English chunk.
    expect((await Promise.all(scripts)).filter((s) => s.includes('Gebeurtenissen laden')).length).toBe(0)
  })

  it('shows the main screens in Dutch, with no raw catalogue key, once Dutch is preferred', async () => {
    expect((await fixture.user.api.put('/api/v1/users/current', { preferences: { language: 'nl' } })).status).toBe(200)
    const page = await newPage()
    expect(await rawKeysIn(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl')
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Problemen' }).waitFor()
  })

  it('switches the language from the preferences at once, and remembers it for the login page', async () => {
    expect((await fixture.user.api.put('/api/v1/users/current', { preferences: { language: 'en' } })).status).toBe(200)
    const page = await newPage()
    await page.goto(`${suite.server.baseUrl}/#/user/preferences?token=${encodeURIComponent(fixture.token)}`)
    await page.getByLabel('Language').selectOption('nl')
    await page.getByRole('heading', { name: 'Voorkeuren' }).waitFor()
    await page.getByRole('link', { name: 'Problemen' }).first().waitFor()
    // The login page of the next visit speaks Dutch before anyone has logged in.
    await page.evaluate(() => Object.keys(localStorage).forEach((k) => k === 'vigil.language' || localStorage.removeItem(k)))
    await page.goto(`${suite.server.baseUrl}/#/login`)
    await page.reload()
    await page.getByRole('button', { name: 'Aanmelden' }).waitFor()
  })
})
