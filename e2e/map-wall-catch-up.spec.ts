/**
 * A wall whose feed was cut catches up by itself (issue 18; SPEC §9 freshness), against the built app and the real
 * server in Chromium: the wall's network goes offline (Chromium's DevTools network emulation, which leaves an open
 * WebSocket alone, so the page closes its live-feed socket as a dropped connection would), a host goes down meanwhile through the API, and once the network is back the wall shows
 * the host down without a reload. The issue speaks of a minute's cut; the wall's behaviour does not depend on the
 * length (a lost feed is retried with back-off, and a reconnect refetches the states), so the cut here lasts until
 * the wall has failed to reconnect four times, about 9 s. A change made after the wall's first states and before
 * the server confirmed its subscription shows once it does.
 */
import { describe, expect, it } from 'vitest'
import { makeTenant } from '../tests/helpers/api'
import { browserAs, holdFeedSubscriptions, useBrowserSuite } from './browser'
import { DOWN, hostItem, itemPoint, publishedMap, UP, upHost, waitForColour } from './map-pixels'

const suite = useBrowserSuite()
const BOX = { x: 400, y: 300, w: 200, h: 120 }

/** An engineer's published map with one host item (the host up), and the engineer's browser. */
async function wallOfOneHost() {
  const user = await makeTenant(suite.server, suite.admin, 'engineer')
  const host = await upHost(user)
  const map = await publishedMap(user, { h: hostItem('h', host, BOX) })
  return { user, host, map, browser: await browserAs(suite, user) }
}

describe('a wall after its feed was cut (issue 18)', () => {
  it('shows the states changed while it was offline once the network is back, without a reload', async () => {
    const { user, host, map, browser } = await wallOfOneHost()
    // The page's WebSockets, so that the test can drop the feed's (the app's code is unchanged).
    await browser.context.addInitScript(() => {
      const Native = window.WebSocket
      const sockets: WebSocket[] = []
      Object.assign(window, { sockets_: sockets })
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols)
          sockets.push(this)
        }
      }
    })
    const wall = await browser.tab(`${map.path}/fullscreen`)
    const freshness = wall.getByRole('status').filter({ hasText: /Live|Last confirmed|Reconnecting/ })
    await freshness.filter({ hasText: 'Live' }).waitFor()
    const at = await itemPoint(wall, BOX)
    await waitForColour(wall, at, UP)
    // Survives only as long as the page is not loaded again.
    await wall.evaluate(() => ((window as unknown as { sameWall_: boolean }).sameWall_ = true))

    let failedReconnects = 0
    wall.on('requestfailed', (r) => {
      if (r.url().includes('/api/v1/feed/ticket')) failedReconnects++
    })
    await browser.context.setOffline(true)
    await wall.evaluate(() => (window as unknown as { sockets_: WebSocket[] }).sockets_.forEach((s) => s.close()))
    // SPEC §9: the wall stops calling its states live.
    await wall.locator('[data-feed="closed"], [data-feed="connecting"]').first().waitFor()
    expect((await user.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    // The cut lasts while the wall tries to reconnect (back-off 0.5, 1, 2, 5 s) and fails four times.
    while (failedReconnects < 4) await wall.waitForEvent('requestfailed', { timeout: 30_000 })
    // Offline, the change could not reach the wall: it still shows the host up, and not as live.
    await waitForColour(wall, at, UP)
    expect(await freshness.textContent()).not.toBe('Live')

    await browser.context.setOffline(false)
    await freshness.filter({ hasText: 'Live' }).waitFor({ timeout: 40_000 })
    await waitForColour(wall, at, DOWN)
    expect(await wall.evaluate(() => (window as unknown as { sameWall_?: boolean }).sameWall_)).toBe(true)
  })

  it('shows a change made before the server confirmed its subscription, once it does', async () => {
    const { user, host, map, browser } = await wallOfOneHost()
    const release = await holdFeedSubscriptions(browser.context)
    const wall = await browser.tab(`${map.path}/fullscreen`)
    const at = await itemPoint(wall, BOX)
    await waitForColour(wall, at, UP)
    expect((await user.api.post('/api/v1/results', { host: host.name, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    expect((await user.api.get(`/api/v1/hosts/${encodeURIComponent(host.name)}`)).body).toMatchObject({ state: 'down' })
    release()
    await waitForColour(wall, at, DOWN)
  })
})
