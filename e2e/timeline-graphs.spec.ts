/**
 * A host's timeline and graphs tabs in Chromium against the built app and the real server (issue 5):
 * SPEC §2 "Timeline view" (panels, HARD/SOFT, a new event on page 1 without a reload) and the graphs
 * tabs (SPEC §9 past presets redraw the graph, hover read-out, zoom by brushing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { adminClient, makeTenant, uniq, type Tenant } from '../tests/helpers/api'
import type { TestServer } from '../tests/helpers/server'
import { startBrowserSuite, stopBrowserSuite } from './browser'

let server: TestServer
let browser: Browser
let tenant: Tenant
let token: string
const hostName = uniq('e2e-web')

beforeAll(async () => {
  ;({ server, browser } = await startBrowserSuite())
  tenant = await makeTenant(server, await adminClient(server))
  const hostId = (
    await tenant.api.post('/api/v1/hosts/', { name: hostName, hostgroup_id: tenant.environmentId, check_type: '1', max_check_attempts: 1 })
  ).body.id
  await tenant.api.post('/api/v1/resources/', { host_id: hostId, name: 'load', check_type: '1', max_check_attempts: 1 })
  // A day and a bit of passive results every 10 minutes, with a critical half hour five hours ago.
  const now = Math.floor(Date.now() / 1000)
  const results = []
  for (let t = now - 26 * 3600; t < now - 60; t += 600) {
    const critical = t > now - 5 * 3600 && t <= now - 4.5 * 3600
    const load = critical ? 9.5 : 1 + ((t / 600) % 7) / 2
    results.push({
      host: hostName,
      exit_status: 0,
      output: 'PING OK',
      perfdata: `rta=${(0.4 + (t % 5) / 10).toFixed(1)}ms;100;500;0;`,
      time: t,
    })
    results.push({
      host: hostName,
      resource: 'load',
      exit_status: critical ? 2 : 0,
      output: critical ? 'LOAD CRITICAL - load average 9.5' : 'LOAD OK',
      perfdata: `load1=${load};4;8;0; mem=${300 + (t % 7) * 10}MB;;;0;`,
      time: t,
    })
  }
  const r = await tenant.api.post('/api/v1/results', results)
  if (r.status !== 200) throw new Error(`results: ${JSON.stringify(r.body)}`)
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: tenant.username, password: tenant.password }),
  })
  token = ((await login.json()) as { token: string }).token
})

afterAll(() => stopBrowserSuite({ server, browser }))

async function open(hashPath: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await page.goto(`${server.baseUrl}/#${hashPath}?token=${encodeURIComponent(token)}`)
  return page
}

/** The number of points a graph says it draws (its accessible name: "load1: N points from … to …"). */
async function pointsOf(page: Page, key: string): Promise<number> {
  const name = await page.getByRole('img', { name: new RegExp(`^${key}: `) }).getAttribute('aria-label')
  return Number(/: (\d+) points/.exec(name ?? '')?.[1])
}

describe('host timeline and graphs tabs (SPEC §2)', () => {
  it('shows past state changes with HARD/SOFT and adds a new one on page 1 without a reload', async () => {
    const page = await open(`/monitoring/hosts/${hostName}/timeline`)
    await page.getByRole('heading', { name: new RegExp(hostName) }).waitFor()
    const past = page.getByRole('region', { name: 'Past events' })
    const critical = past.getByRole('listitem').filter({ hasText: 'LOAD CRITICAL - load average 9.5' })
    await critical.waitFor()
    // SPEC §4: the state lowercased, the state type as HARD or SOFT.
    expect(await critical.getByText(/^critical/).textContent()).toMatch(/^critical\s*HARD$/)
    const upcoming = page.getByRole('region', { name: 'Upcoming events' })
    await upcoming.getByText('No events.').waitFor()
    expect(await upcoming.getByLabel('0 events').textContent()).toBe('0')

    // A marker in the page: it survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { vigilNoReload: true }))
    const r = await tenant.api.post('/api/v1/results', {
      host: hostName,
      resource: 'load',
      exit_status: 2,
      output: 'LOAD CRITICAL - live event',
      perfdata: 'load1=12;4;8;0;',
    })
    expect(r.status).toBe(200)
    const live = past.getByRole('listitem').filter({ hasText: 'LOAD CRITICAL - live event' })
    await live.waitFor()
    expect(await live.textContent()).toMatch(/Recent/)
    expect(await page.evaluate(() => (window as unknown as { vigilNoReload?: boolean }).vigilNoReload)).toBe(true)
  })

  it('draws every key, redraws for another range preset, reads out on hover and zooms by brushing', async () => {
    const page = await open(`/monitoring/hosts/${hostName}/graphs`)
    const load = page.getByRole('img', { name: /^load1: / })
    await load.waitFor()
    await page.getByRole('img', { name: /^mem: / }).waitFor()
    await page.getByRole('img', { name: /^rta: / }).waitFor()
    // The default last day holds a result every 10 minutes.
    const day = await pointsOf(page, 'load1')
    expect(day).toBeGreaterThanOrEqual(140)
    // Bytes on the value axis in base-1024 units (SPEC §9).
    await page
      .getByRole('region', { name: 'load' })
      .getByText(/^\d+ MB$/)
      .first()
      .waitFor()

    const range = page.getByRole('form', { name: 'Time range' })
    await range.getByRole('button', { name: 'Last 2 hours' }).click()
    await page.waitForFunction(() => {
      const label = document.querySelector('[role="img"][aria-label^="load1: "]')?.getAttribute('aria-label') ?? ''
      const n = Number(/: (\d+) points/.exec(label)?.[1])
      return n > 0 && n <= 13
    })
    expect(page.url()).toContain('range=past-2h')

    const box = (await load.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2)
    await page
      .getByRole('region', { name: 'load' })
      .getByRole('status')
      .filter({ hasText: /\d\d:\d\d:\d\d: / })
      .waitFor()

    // Brush across the middle third: the range narrows and the graph asks for it.
    await page.mouse.move(box.x + 100, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + 100 + (box.width - 100) / 3, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    const back = page.getByRole('button', { name: 'Back to Last 2 hours' })
    await back.waitFor()
    expect(page.url()).toMatch(/from=\d+&to=\d+/)
    await back.click()
    await back.waitFor({ state: 'detached' })

    // A custom absolute range from the picker's fields: the three hours of the critical load.
    const pad = (n: number) => String(n).padStart(2, '0')
    const typed = (d: Date) =>
      `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`
    const nowMs = Date.now()
    await range.getByLabel('Start', { exact: true }).fill(typed(new Date(nowMs - 6 * 3600_000)))
    await range.getByLabel('End', { exact: true }).fill(typed(new Date(nowMs - 3 * 3600_000)))
    await range.getByRole('button', { name: 'Show this range' }).click()
    await page.waitForFunction(() => {
      const label = document.querySelector('[role="img"][aria-label^="load1: "]')?.getAttribute('aria-label') ?? ''
      const n = Number(/: (\d+) points/.exec(label)?.[1])
      return n >= 17 && n <= 19
    })
    expect(page.url()).toMatch(/from=\d+&to=\d+/)
    await page.getByRole('button', { name: 'Back to Last 2 hours' }).waitFor()
  })
})
