/**
 * Issue 17 "Looks everywhere" on a phone (SPEC §9 "Mobile threshold width 480 px"), 390 × 844: the page
 * itself never scrolls sideways (wide tables scroll inside their own box, state and name kept in view),
 * and the main menu gets out of the way once a link is chosen.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { engineerWith, type MonitoredTenant } from './monitored-hosts'
import { useBrowserSuite } from './browser'

const suite = useBrowserSuite()

async function openOnPhone(user: MonitoredTenant, route: string): Promise<Page> {
  const r = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  })
  const { token } = (await r.json()) as { token: string }
  const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  suite.contexts.push(context)
  const page = await context.newPage()
  await page.goto(`${suite.server.baseUrl}/#${route}?token=${encodeURIComponent(token)}`)
  return page
}

const overflow = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))

describe('phone layout (issue 17, SPEC §9 480 px)', () => {
  let user: MonitoredTenant
  it('keeps problems, hosts and a host page within the screen width', async () => {
    user = await engineerWith(suite, [
      {
        name: 'phone-host-with-a-rather-long-name-01',
        status: 2,
        resources: [{ name: 'disk usage of the root volume', status: 2, output: 'DISK CRITICAL - '.repeat(20) }],
      },
      { name: 'phone-host-02', status: 0 },
    ])
    const screens: [string, string][] = [
      ['/monitoring/problems', 'phone-host-with-a-rather-long-name-01'],
      ['/monitoring/hosts', 'phone-host-02'],
      [`/monitoring/hosts/${user.ids['phone-host-with-a-rather-long-name-01']}`, 'disk usage of the root volume'],
    ]
    for (const [route, text] of screens) {
      const page = await openOnPhone(user, route)
      await page.getByText(text).first().waitFor()
      const { scrollWidth, innerWidth } = await overflow(page)
      expect(scrollWidth, `${route} is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth)
      // The menu starts closed on a phone: the screen gets the width.
      expect(await page.locator('#main-menu').count(), route).toBe(0)
    }
  })

  it('keeps the state and name columns in view while a wide table scrolls inside its own box', async () => {
    const page = await openOnPhone(user, '/monitoring/problems')
    const table = page.getByRole('table', { name: 'Problems' })
    await table.getByText('phone-host-with-a-rather-long-name-01').first().waitFor()
    const box = table.locator('xpath=..')
    const wide = await box.evaluate((el) => el.scrollWidth > el.clientWidth)
    expect(wide).toBe(true)
    // Details toggle, state and host stay put; the output column moves under them.
    const headers = table.locator('thead th')
    const xs = () => Promise.all([0, 1, 2, 4].map(async (i) => (await headers.nth(i).boundingBox())!.x))
    const before = await xs()
    await box.evaluate((el) => el.scrollBy(400, 0))
    const after = await xs()
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3))
    expect(after[3]).toBeLessThan(before[3] - 100)
    // The name stays on one line rather than a column of single words (it was 20,000 px tall).
    const name = await table.getByRole('link', { name: 'phone-host-with-a-rather-long-name-01' }).first().boundingBox()
    expect(name!.height).toBeLessThan(30)
    expect(await table.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(1000)
  })

  it('closes the menu after a link is chosen', async () => {
    const page = await openOnPhone(user, '/monitoring/problems')
    await page.getByRole('button', { name: 'Toggle menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await menu.getByRole('link', { name: 'Hosts' }).first().click()
    await page.waitForURL(/monitoring\/hosts/)
    await menu.waitFor({ state: 'detached' })
    const { scrollWidth, innerWidth } = await overflow(page)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
  })
})
