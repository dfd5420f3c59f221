/**
 * The map viewer as a NOC uses it (issue 7; SPEC §2 viewer routes, §4 MAP/HOST_MAP_STATE), against the built
 * app and the real server in Chromium: a map on a wall in fullscreen turns a host's shape red when a check
 * result says it is down — without a reload, read from the canvas pixels and from the canvas' text
 * alternative — and a click on the shape leads to the host's status page.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { makeTenant, uniq, type Tenant } from '../tests/helpers/api'
import { darkPixels, DOWN, hostItem, itemPoint as point, publishedMap, UP, upHost, waitForColour } from './map-pixels'
import { useBrowserSuite } from './browser'
import { utilisationColour } from '../src/shared/maps/bandwidth'

const suite = useBrowserSuite()

const ITEM = { x: 400, y: 300, w: 200, h: 120 }

async function open(user: Tenant, route: string, viewport = { width: 1400, height: 900 }, stylesheetDelayMs = 0): Promise<Page> {
  const r = await fetch(`${suite.server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  })
  const { token } = (await r.json()) as { token: string }
  const context = await suite.browser.newContext({ viewport })
  suite.contexts.push(context)
  const page = await context.newPage()
  if (stylesheetDelayMs)
    await page.route('**/assets/*.css', async (r) => {
      await new Promise((done) => setTimeout(done, stylesheetDelayMs))
      await r.continue()
    })
  await page.goto(`${suite.server.baseUrl}/#${route}?token=${encodeURIComponent(token)}`)
  return page
}

/** A passive host that is up, drawn as a box on a published map of its environment. */
async function mapWithHost(user: Tenant, resolution = { width: 1280, height: 720 }) {
  const host = await upHost(user)
  return { host: host.name, ...(await publishedMap(user, { h1: hostItem('h1', host, ITEM) }, { resolution })) }
}

const itemPoint = (page: Page, item = ITEM) => point(page, item)

describe('map viewer (issue 7, SPEC §2 Maps routes)', () => {
  it('a fullscreen wall shows a host going down in its state colour without a reload (SPEC §4 MAP)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const { host, path } = await mapWithHost(user)
    // Portrait, as on a rotated NOC screen: the map is fitted whatever the shape of the screen.
    const page = await open(user, `${path}/fullscreen`, { width: 1080, height: 1600 })
    await page.getByTestId('map-fullscreen').waitFor()
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    // No chrome on the wall, not even hidden behind the map (nothing to tab into): no top bar, menu or toolbar.
    await expect(page.getByRole('link', { name: 'Fullscreen' }).count()).resolves.toBe(0)
    await expect(page.getByRole('banner').count()).resolves.toBe(0)
    await expect(page.locator('#main-menu').count()).resolves.toBe(0)
    const at = await itemPoint(page)
    await waitForColour(page, at, UP)
    await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
    })

    expect((await user.api.post('/api/v1/results', { host, exit_status: 2, output: 'PING CRITICAL - Packet loss = 100%' })).status).toBe(
      200,
    )
    await waitForColour(page, at, DOWN)
    // The text alternative says the same to a screen reader.
    await page
      .getByTestId('map-summary')
      .getByRole('button', { name: `${host}: down` })
      .waitFor({ state: 'attached' })
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true)
  })

  it('a fullscreen wall shows a newly published version without a reload (SPEC §3 Map events, §4 Maps lifecycle)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const { id, document, path } = await mapWithHost(user)
    const page = await open(user, `${path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    await waitForColour(page, await itemPoint(page), UP)
    await page.evaluate(() => {
      ;(window as unknown as { notReloaded: boolean }).notReloaded = true
    })

    // Someone adds a second host to the map in the editor and publishes it: a new live version.
    const added = uniq('db')
    const created = await user.api.post('/api/v1/hosts/', {
      name: added,
      hostgroup_id: user.environmentId,
      check_type: '1',
      max_check_attempts: 1,
    })
    expect(created.status).toBe(201)
    expect((await user.api.post('/api/v1/results', { host: added, exit_status: 2, output: 'PING CRITICAL' })).status).toBe(200)
    const box = { x: 700, y: 300, w: 200, h: 120 }
    const item = { id: 'h2', kind: 'host', ...box, z: 2, rotation: 0, host_id: created.body.id, name: added, state_icon: 'box' }
    expect((await user.api.post(`/api/v1/maps/${id}/lock`)).status).toBe(200)
    expect(
      (await user.api.put(`/api/v1/maps/${id}/document`, { document: { ...document, items: { ...document.items, h2: item } } })).status,
    ).toBe(200)
    expect((await user.api.post(`/api/v1/maps/${id}/publish`, { comment: 'second host' })).status).toBe(200)
    expect((await user.api.del(`/api/v1/maps/${id}/lock`)).status).toBe(204)

    // The wall shows the new item in its state (canvas and text alternative), and still the first one.
    await page
      .getByTestId('map-summary')
      .getByRole('button', { name: `${added}: down` })
      .waitFor({ state: 'attached', timeout: 15_000 })
    await waitForColour(page, await itemPoint(page, box), DOWN)
    await waitForColour(page, await itemPoint(page), UP)
    await expect(page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true)
  })

  it('a zoomed-out wall dragged by hand moves with the pointer and keeps its colours (issue 7 pan)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    // A big map fitted to the screen is drawn as blocks, and moved by a picture of its layers while dragged.
    const { path } = await mapWithHost(user, { width: 8000, height: 6000 })
    const page = await open(user, `${path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    expect(await page.locator('.vigil-map-canvas').getAttribute('data-lod')).toBe('blocks')
    const at = await itemPoint(page)
    await waitForColour(page, at, UP)
    await page.mouse.move(at.x, at.y)
    await page.mouse.down()
    await page.mouse.move(at.x + 150, at.y + 100, { steps: 5 })
    await waitForColour(page, { x: at.x + 150, y: at.y + 100 }, UP)
    await waitForColour(page, at, UP, true)
    await page.mouse.up()
    const after = await itemPoint(page)
    expect([Math.round(after.x - at.x), Math.round(after.y - at.y)]).toEqual([150, 100])
    await waitForColour(page, after, UP)
    await waitForColour(page, at, UP, true)
  })

  it('a zoomed-out wall repaints only the items whose colour changed, as a whole repaint draws them (issue 18 wall-soak)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    // Boxes that touch (their anti-aliased edges share pixels) on a big map, fitted as blocks; h4 lies half over h3.
    const hosts = await Promise.all(Array.from({ length: 12 }, () => upHost(user)))
    const boxOf = (k: number) => ({
      x: k === 4 ? 1255 : 100 + (k % 4) * 330,
      y: 100 + (k === 4 ? 0 : Math.floor(k / 4)) * 210,
      w: 330,
      h: 210,
    })
    const items: Record<string, object> = Object.fromEntries(hosts.map((h, k) => [`h${k}`, { ...hostItem(`h${k}`, h, boxOf(k)), z: k }]))
    // Unbound shapes far off, so that three changed items are few enough for a repaint around them (MapCanvas).
    for (let k = 0; k < 24; k++)
      items[`s${k}`] = { kind: 'shape', id: `s${k}`, x: 200 + k * 300, y: 5000, w: 200, h: 200, z: 20, rotation: 0, icon: 'rectangle' }
    const { path } = await publishedMap(user, items, { resolution: { width: 8000, height: 6000 } })
    const page = await open(user, `${path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    expect(await page.locator('.vigil-map-canvas').getAttribute('data-lod')).toBe('blocks')
    for (const k of [0, 5, 3, 4]) await waitForColour(page, await itemPoint(page, boxOf(k)), UP)
    // One item, then three at once: one repaint of items apart and overlapping (their boxes make one clip).
    for (const ks of [[5], [0, 3, 4]]) {
      const results = ks.map((k) => ({ host: hosts[k].name, exit_status: 2, output: 'PING CRITICAL' }))
      expect((await user.api.post('/api/v1/results', { results })).status).toBe(200)
      // Each away from the overlap, where blocks of another colour may be drawn over it.
      for (const k of ks) await waitForColour(page, await point(page, boxOf(k), k === 4 ? 0.9 : 0.1, 0.5), DOWN)
    }
    await waitForColour(page, await itemPoint(page, boxOf(6)), UP)
    // The live layer as the deltas left it, then as a whole repaint for the same camera draws it: the pixels that differ.
    const compared = await page.evaluate(() => {
      const el = document.querySelector('.vigil-map-canvas')!
      // The live layer is the top one.
      const c = [...el.querySelectorAll<HTMLCanvasElement>('.konvajs-content canvas')].pop()!
      const pixels = () => c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      const afterDeltas = pixels()
      // Cleared first, so that what is read next is surely the whole repaint's.
      c.getContext('2d')!.clearRect(0, 0, c.width, c.height)
      el.dispatchEvent(new CustomEvent('vigil:camera', { detail: JSON.parse(el.getAttribute('data-camera')!) }))
      const whole = pixels()
      // A pixel where two boxes of one colour meet may come out a fifth lighter or darker: Skia rasterises a path of a
      // few boxes and one of thousands with different anti-aliasing. A box left out or cleared too far differs wholly.
      let drawn = 0,
        wrong = 0
      for (let i = 0; i < whole.length; i += 4) {
        if (whole[i + 3]) drawn++
        if ([0, 1, 2, 3].some((k) => Math.abs(whole[i + k] - afterDeltas[i + k]) > 64)) wrong++
      }
      return { drawn, wrong }
    })
    expect(compared.drawn).toBeGreaterThan(10_000)
    expect(compared.wrong).toBe(0)
  })

  it('a wall colours a bandwidth link by its utilisation as results come (SPEC §2 bandwidth connections)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const [a, b] = [await upHost(user, ['uplink']), await upHost(user)]
    const A = { x: 100, y: 300, w: 120, h: 80 },
      B = { x: 1000, y: 300, w: 120, h: 80 }
    const bandwidth = { resource_id: a.resources.uplink, in_key: 'in', out_key: 'out', capacity_bps: 1e9 }
    const connectors = { c: { id: 'c', from: 'a', to: 'b', z: 2, kind: 'bandwidth', width: 8, bandwidth } }
    const { path } = await publishedMap(user, { a: hostItem('a', a, A), b: hostItem('b', b, B) }, { extra: { connectors } })
    const page = await open(user, `${path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    // A quarter along the link, clear of its label.
    const onLink = await point(page, { x: 400, y: 340, w: 0, h: 0 })
    await waitForColour(page, await point(page, A), UP)
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
    for (const [bytes, u] of [
      [112_500_000, 0.9],
      [12_500_000, 0.1],
    ]) {
      const perfdata = `in=${bytes}B out=0B`
      expect(
        (await user.api.post('/api/v1/results', { resource_id: a.resources.uplink, exit_status: 0, output: 'OK', perfdata })).status,
      ).toBe(200)
      await waitForColour(page, onLink, rgb(utilisationColour(u)))
    }
  })

  it('a wall panned at full detail draws what comes into view, labels reaching in from outside too (issue 18 rerender)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const [a, b, c] = [await upHost(user), await upHost(user), await upHost(user)]
    const host = (id: string, h: { id: number; name: string }, box: object, more: object = {}) => ({
      id,
      kind: 'host',
      ...box,
      z: 1,
      rotation: 0,
      host_id: h.id,
      name: h.name,
      state_icon: 'box',
      ...more,
    })
    const A = { x: 200, y: 300, w: 120, h: 80 },
      B = { x: 1800, y: 300, w: 120, h: 80 },
      C = { x: 700, y: -140, w: 120, h: 40 }
    // C lies above the screen, but its four-line label below it reaches down into it.
    const items = {
      a: host('a', a, A),
      b: host('b', b, B),
      c: host('c', c, C, { state_icon: 'dot', label: 'C\nC\nC\nC', style: { font_size: 40 } }),
    }
    const { path } = await publishedMap(user, items, { resolution: { width: 4000, height: 1000 } })
    const page = await open(user, `${path}/fullscreen`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    // Zoom 1 with the map's corner at the screen's (the viewer's camera hook): B is off screen to the right.
    await page.evaluate(() =>
      document.querySelector('.vigil-map-canvas')!.dispatchEvent(new CustomEvent('vigil:camera', { detail: { x: 0, y: 0, scale: 1 } })),
    )
    expect(await page.locator('.vigil-map-canvas').getAttribute('data-lod')).toBe('detail')
    await waitForColour(page, await itemPoint(page, A), UP)
    const canvas = (await page.locator('.vigil-map-canvas').boundingBox())!
    expect(await darkPixels(page, { x: canvas.x + 660, y: canvas.y + 5 }, { x: canvas.x + 860, y: canvas.y + 60 })).toBeGreaterThan(20)
    await page.mouse.move(canvas.x + 1000, canvas.y + 500)
    await page.mouse.down()
    await page.mouse.move(canvas.x + 400, canvas.y + 500, { steps: 6 })
    // While dragged and once let go, B is drawn where it now is.
    const at = await itemPoint(page, B)
    expect(Math.round(at.x - canvas.x)).toBe(1800 + 60 - 600)
    await waitForColour(page, at, UP)
    await page.mouse.up()
    await waitForColour(page, await itemPoint(page, B), UP)
  })

  it('a click on a host opens its popover with its output, and its link lands on the host status page', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const { host, path } = await mapWithHost(user)
    const page = await open(user, `${path}/view`)
    await page.getByRole('heading', { name: /Wall/, level: 1 }).waitFor()
    // An engineer holds `write` on the environment (SPEC §6): the toolbar offers to edit the map.
    await expect(page.getByRole('link', { name: 'Edit' }).getAttribute('href')).resolves.toBe(`#${path}/edit`)
    const at = await itemPoint(page)
    await waitForColour(page, at, UP)
    await page.mouse.click(at.x, at.y)
    const popover = page.getByRole('dialog', { name: host })
    await popover.getByText('PING OK').waitFor()
    await popover.getByRole('link', { name: 'Status' }).click()
    await page.waitForURL((url) => url.hash.startsWith(`#/monitoring/hosts/${encodeURIComponent(host)}/status`))
  })

  it('a click on a host deleted since the map was drawn says it cannot be found (SPEC §8)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const host = await upHost(user)
    const { path } = await publishedMap(user, { h1: hostItem('h1', host, ITEM) }, { resolution: { width: 1280, height: 720 } })
    expect((await user.api.del(`/api/v1/hosts/${host.id}`)).status).toBe(204)
    const page = await open(user, `${path}/view`)
    await page.getByRole('heading', { name: /Wall/, level: 1 }).waitFor()
    const at = await itemPoint(page)
    await page.mouse.click(at.x, at.y)
    await page.getByRole('dialog').getByText('Unable to find this object (perhaps removed).').waitFor()
  })

  it("fits the map to its screen even when the theme's stylesheet comes after the map (a slow network)", async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const { path } = await mapWithHost(user)
    // Before the stylesheet, the page around the map has no layout yet: the map waits for a box with area.
    const page = await open(user, `${path}/view`, undefined, 2000)
    const at = await itemPoint(page)
    const camera = JSON.parse((await page.locator('.vigil-map-canvas').getAttribute('data-camera'))!) as { scale: number }
    // The 1280×720 map in the viewer's area of a 1400×900 window: about its own size, not a speck.
    expect(camera.scale).toBeGreaterThan(0.5)
    await waitForColour(page, at, UP)
  })

  it('the map timeline shows the events of the map, such as its publication (SPEC §2 /timeline)', async () => {
    const user = await makeTenant(suite.server, suite.admin, 'engineer')
    const { alias, path } = await mapWithHost(user)
    const page = await open(user, `${path}/timeline`)
    await page.getByRole('heading', { name: `Timeline of ${alias}` }).waitFor()
    await page.getByText(`Map ${alias}`).filter({ hasText: '(version 1)' }).first().waitFor()
    await page.getByRole('link', { name: 'Back to the map' }).click()
    await page.getByRole('heading', { name: alias, level: 1 }).waitFor()
  })
})
