/** SPEC §4 version polling: while the server is in maintenance the app goes to /maintenance.html?redirect=…. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import type { TestServer } from '../tests/helpers/server'
import { startBrowserSuite, stopBrowserSuite } from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startBrowserSuite({
    env: { VIGIL_MAINTENANCE: '1', VIGIL_MAINTENANCE_MESSAGE: 'Upgrading the database until 14:00.' },
  }))
})

afterAll(() => stopBrowserSuite({ server, browser }))

describe('maintenance (SPEC §4)', () => {
  it('sends the browser to the maintenance page with the current address, which shows the server message', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.baseUrl}/#/login?redirect=%2Fmaps`)
    await page.waitForURL((url) => url.pathname === '/maintenance.html')
    const redirect = new URL(page.url()).searchParams.get('redirect')
    expect(redirect).toBe(`${server.baseUrl}/#/login?redirect=%2Fmaps`)
    await page.getByText('Upgrading the database until 14:00.').waitFor()
    await page.getByRole('heading', { name: 'Vigil is under maintenance' }).waitFor()
  })
})
