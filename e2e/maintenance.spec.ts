/** SPEC §4 version polling: while the server is in maintenance the app goes to /maintenance.html?redirect=…. */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startServer, type TestServer } from '../tests/helpers/server'
import { launchChromium } from './browser'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` before the browser tests')
  server = await startServer({ env: { VIGIL_MAINTENANCE: '1', VIGIL_MAINTENANCE_MESSAGE: 'Upgrading the database until 14:00.' } })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

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
