/**
 * Slideshows on a NOC wall (SPEC §2 slideshow routes, §3 Slideshow; issue 7 follow alarms), against the built
 * app and the real server: a slideshow rotates between two maps every `delay` seconds, and with follow alarms
 * it jumps to the map whose host went down (a passive result through POST /api/v1/results) and holds it until
 * the problem is acknowledged. Maps are generated from hosts (POST maps/generate) and published.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, uniq, type Tenant } from '../tests/helpers/api'
import { holdFeedSubscriptions, useBrowserSuite } from './browser'

const suite = useBrowserSuite()

/**
 * Opens a screen logged in through the SPEC §2 token URL option; `responded` waits for a call of the page.
 * With `holdFeed` the page's live subscriptions reach the server only once `release` is called.
 */
async function open(
  user: Tenant,
  route: string,
  responded?: (url: string) => boolean,
  { holdFeed = false } = {},
): Promise<{ page: Page; response: Promise<unknown>; release: () => void }> {
  const r = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  })
  const { token } = (await r.json()) as { token: string }
  const context = await suite.browser.newContext({ viewport: { width: 1400, height: 900 } })
  suite.contexts.push(context)
  const release = holdFeed ? await holdFeedSubscriptions(context) : () => {}
  const page = await context.newPage()
  const response = responded ? page.waitForResponse((r) => responded(r.url()) && r.ok(), { timeout: 15_000 }) : Promise.resolve()
  await page.goto(`${suite.server.baseUrl}/#${route}?token=${encodeURIComponent(token)}`)
  return { page, response, release }
}

/** A passive host that is up, on a live map of its own (generated from the host, then published). */
async function liveMapWithHost(user: Tenant, alias: string) {
  const host = uniq('host')
  const created = await user.api.post('/api/v1/hosts/', {
    name: host,
    hostgroup_id: user.environmentId,
    check_type: '1',
    max_check_attempts: 1,
  })
  expect(created.status).toBe(201)
  expect((await user.api.post('/api/v1/results', { host, exit_status: 0, output: 'PING OK' })).status).toBe(200)
  const map = await user.api.post('/api/v1/maps/generate', {
    alias,
    hostgroup_id: user.environmentId,
    from: { kind: 'host', host_id: created.body.id },
  })
  expect(map.status).toBe(201)
  expect((await user.api.post(`/api/v1/maps/${map.body.id}/lock`)).status).toBe(200)
  expect((await user.api.post(`/api/v1/maps/${map.body.id}/publish`, { comment: 'first' })).status).toBe(200)
  expect((await user.api.del(`/api/v1/maps/${map.body.id}/lock`)).status).toBe(204)
  return { id: map.body.id as number, host, hostId: created.body.id as number }
}

async function slideshow(user: Tenant, body: { alias: string; delay: number; follow_alarms: boolean; map_ids: number[] }) {
  const r = await user.api.post('/api/v1/slideshows', { ...body, hostgroup_id: user.environmentId })
  expect(r.status).toBe(201)
  return `/maps/slideshows/${encodeURIComponent(r.body.hostgroup_name)}/${encodeURIComponent(r.body.name)}`
}

const showing = (page: Page, alias: string) => page.getByRole('heading', { name: alias, level: 2 })

describe('slideshows (SPEC §2, issue 7)', () => {
  it('rotates between its maps every delay seconds, and next/previous step at once', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const first = await liveMapWithHost(user, 'Datacenter A')
    const second = await liveMapWithHost(user, 'Datacenter B')
    const path = await slideshow(user, { alias: 'Wall', delay: 5, follow_alarms: false, map_ids: [first.id, second.id] })
    const { page } = await open(user, path)
    await showing(page, 'Datacenter A').waitFor()
    await page.getByText('Map 1 of 2').waitFor()
    // SPEC §3 delay: 5 seconds later the second map shows, then the first again.
    await showing(page, 'Datacenter B').waitFor({ timeout: 12_000 })
    await showing(page, 'Datacenter A').waitFor({ timeout: 12_000 })
    const controls = page.getByRole('group', { name: 'Slideshow controls' })
    await controls.getByRole('button', { name: 'Pause' }).click()
    await controls.getByRole('button', { name: 'Next map' }).click()
    await showing(page, 'Datacenter B').waitFor()
    await controls.getByRole('button', { name: 'Previous map' }).click()
    await showing(page, 'Datacenter A').waitFor()
  })

  it('edits a slideshow: delay, follow alarms and the order of its maps (SPEC §2 /edit form)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const maps = []
    for (const alias of ['North', 'South', 'East'])
      maps.push((await user.api.post('/api/v1/maps', { alias, hostgroup_id: user.environmentId, layout: 2 })).body)
    const path = await slideshow(user, { alias: 'Regions', delay: 30, follow_alarms: false, map_ids: [maps[0].id, maps[1].id] })
    const { page } = await open(user, `${path}/edit`)
    await page.getByRole('heading', { name: 'Edit slideshow' }).waitFor()
    await page.getByLabel('Delay in seconds').fill('45')
    await page.getByLabel(/^Follow alarms/).check()
    await page.getByRole('button', { name: 'Move South up' }).click()
    await page.getByRole('button', { name: 'Remove North' }).click()
    await page.getByLabel('Choose a map').selectOption({ label: 'East' })
    await page.getByRole('button', { name: 'Add map' }).click()
    await expect(page.getByRole('list', { name: 'Maps in order' }).getByRole('listitem').allInnerTexts()).resolves.toEqual([
      expect.stringContaining('South'),
      expect.stringContaining('East'),
    ])
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Slideshow Regions saved.').waitFor()
    await showing(page, 'South').waitFor()
    const saved = (await user.api.get('/api/v1/slideshows')).body.result[0]
    expect(saved).toMatchObject({ delay: 45, follow_alarms: true })
    expect(saved.maps.map((m: { alias: string }) => m.alias)).toEqual(['South', 'East'])
  })

  it('follows alarms: jumps to the map whose host went down and holds it until the problem is acknowledged', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const calm = await liveMapWithHost(user, 'Office')
    const trouble = await liveMapWithHost(user, 'Warehouse')
    const path = await slideshow(user, { alias: 'Alarm wall', delay: 3600, follow_alarms: true, map_ids: [calm.id, trouble.id] })
    const { page, response } = await open(user, `${path}/fullscreen`, (url) => url.includes(`/api/v1/maps/${trouble.id}/states`))
    // The slideshow first sees every map healthy (its baseline), then the host goes down.
    await response
    await showing(page, 'Office').waitFor()
    // Fullscreen: no controls on a NOC wall.
    await expect(page.getByRole('group', { name: 'Slideshow controls' }).count()).resolves.toBe(0)

    expect(
      (await user.api.post('/api/v1/results', { host: trouble.host, exit_status: 2, output: 'PING CRITICAL - unreachable' })).status,
    ).toBe(200)
    await showing(page, 'Warehouse').waitFor({ timeout: 15_000 })
    await page.getByRole('status').filter({ hasText: 'Holding Warehouse: unhandled problem' }).waitFor()

    const ack = await user.api.post(`/api/v1/hosts/${trouble.hostId}/acknowledgements`, {
      host_id: trouble.hostId,
      host_name: trouble.host,
      comment: 'on it',
      persistent: true,
    })
    expect(ack.status).toBe(201)
    await page.getByText('Holding Warehouse: unhandled problem').waitFor({ state: 'detached', timeout: 15_000 })
  })

  it('follows an alarm raised before the server confirmed its live subscription, once it does', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const calm = await liveMapWithHost(user, 'Office')
    const trouble = await liveMapWithHost(user, 'Warehouse')
    const path = await slideshow(user, { alias: 'Late wall', delay: 3600, follow_alarms: true, map_ids: [calm.id, trouble.id] })
    const { page, response, release } = await open(user, `${path}/fullscreen`, (url) => url.includes(`/api/v1/maps/${trouble.id}/states`), {
      holdFeed: true,
    })
    await response
    await showing(page, 'Office').waitFor()
    expect((await user.api.post('/api/v1/results', { host: trouble.host, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    expect((await user.api.get(`/api/v1/hosts/${encodeURIComponent(trouble.host)}`)).body).toMatchObject({ state: 'down' })
    release()
    await showing(page, 'Warehouse').waitFor({ timeout: 10_000 })
    await page.getByRole('status').filter({ hasText: 'Holding Warehouse: unhandled problem' }).waitFor()
  })
})
