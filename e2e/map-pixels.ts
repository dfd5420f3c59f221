/** What the map browser tests share: a published map of given items, and reading the wall's canvas pixels. */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { uniq, type Tenant } from '../tests/helpers/api'

/** The light theme's SPEC §4 MAP colours (src/shared/maps/draw/palette.ts). */
export const UP = [46, 158, 68],
  DOWN = [215, 38, 61],
  WARNING = [240, 162, 2],
  UNREACHABLE = [111, 66, 193],
  PENDING = [138, 148, 166]

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** A map item bound to `host`, drawn as a box filling `box` (the host's state colours it). */
export const hostItem = (id: string, host: { id: number; name: string }, box: Box) => ({
  id,
  kind: 'host',
  ...box,
  z: 1,
  rotation: 0,
  host_id: host.id,
  name: host.name,
  state_icon: 'box',
})

/** A passive host that is up (its result posted), optionally with passive resources, all OK. */
export async function upHost(user: Tenant, resources: string[] = []) {
  const name = uniq('web')
  const created = await user.api.post('/api/v1/hosts/', { name, hostgroup_id: user.environmentId, check_type: '1', max_check_attempts: 1 })
  expect(created.status).toBe(201)
  expect((await user.api.post('/api/v1/results', { host: name, exit_status: 0, output: 'PING OK' })).status).toBe(200)
  const ids: Record<string, number> = {}
  for (const r of resources) {
    const res = await user.api.post('/api/v1/resources/', { host_id: created.body.id, name: r, check_type: '1', max_check_attempts: 1 })
    expect(res.status).toBe(201)
    ids[r] = res.body.id
    expect((await user.api.post('/api/v1/results', { resource_id: res.body.id, exit_status: 0, output: `${r} OK` })).status).toBe(200)
  }
  return { name, id: created.body.id as number, resources: ids }
}

/** A map of the user's environment holding `items`, published; `extra` adds document fields (view options). */
export async function publishedMap(
  user: Tenant,
  items: Record<string, unknown>,
  {
    resolution = { width: 1280, height: 720 },
    extra = {},
    alias = uniq('Wall'),
  }: { resolution?: object; extra?: object; alias?: string } = {},
) {
  const map = await user.api.post('/api/v1/maps', { alias, hostgroup_id: user.environmentId, layout: 2 })
  expect(map.status).toBe(201)
  const id = map.body.id as number
  const document = {
    schema_version: 1,
    resolution,
    background: { colour: '#ffffff', image_id: null },
    grid: { visible: true, snap: true, size: 16 },
    items,
    connectors: {},
    ...extra,
  }
  expect((await user.api.post(`/api/v1/maps/${id}/lock`)).status).toBe(200)
  const put = await user.api.put(`/api/v1/maps/${id}/document`, { document })
  expect(put.status, JSON.stringify(put.body)).toBe(200)
  expect((await user.api.post(`/api/v1/maps/${id}/publish`, { comment: 'wall' })).status).toBe(200)
  expect((await user.api.del(`/api/v1/maps/${id}/lock`)).status).toBe(204)
  return { id, alias, document, path: `/maps/${encodeURIComponent(map.body.hostgroup_name)}/${encodeURIComponent(map.body.name)}` }
}

/** A point of `item` on screen (from the camera the canvas exposes): at (fx, fy) of its box, clear of a centred label by default. */
export async function itemPoint(page: Page, item: Box, fx = 0.5, fy = 0.25): Promise<{ x: number; y: number }> {
  const canvas = page.locator('.vigil-map-canvas')
  await canvas.locator('canvas').first().waitFor()
  // The map may be drawn before the theme's stylesheet has come; the page around it moves once it has.
  await page.waitForFunction(() => document.documentElement.dataset.theme !== undefined)
  const camera = JSON.parse((await canvas.getAttribute('data-camera'))!) as { x: number; y: number; scale: number }
  const box = (await canvas.boundingBox())!
  return { x: box.x + (item.x + item.w * fx) * camera.scale + camera.x, y: box.y + (item.y + item.h * fy) * camera.scale + camera.y }
}

/**
 * Waits until the pixel at `at` (of the top visible canvas that draws there) has `rgb` — or, with `not`, until
 * it has not (nothing drawn there counts as not).
 */
export async function waitForColour(page: Page, at: { x: number; y: number }, rgb: number[], not = false) {
  await page.waitForFunction(
    ([x, y, r, g, b, not]) => {
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.vigil-map-canvas canvas')].reverse()
      for (const c of canvases) {
        // What is on screen: while the camera moves, a picture of the layers stands in for them.
        if (!c.checkVisibility({ visibilityProperty: true })) continue
        const rect = c.getBoundingClientRect()
        const ratio = c.width / rect.width
        const px = Math.round((x - rect.left) * ratio),
          py = Math.round((y - rect.top) * ratio)
        if (px < 0 || py < 0 || px >= c.width || py >= c.height) continue
        const [pr, pg, pb, pa] = c.getContext('2d')!.getImageData(px, py, 1, 1).data
        if (pa === 0) continue
        return (Math.abs(pr - r) < 6 && Math.abs(pg - g) < 6 && Math.abs(pb - b) < 6) !== !!not
      }
      return !!not
    },
    [at.x, at.y, ...rgb, not ? 1 : 0],
    { timeout: 15_000 },
  )
}

/** How many darkish pixels (text, even small and antialiased) the canvases draw inside a screen rectangle: a label is there or not. */
export async function darkPixels(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<number> {
  return page.evaluate(
    ([x0, y0, x1, y1]) => {
      let n = 0
      for (const c of document.querySelectorAll<HTMLCanvasElement>('.vigil-map-canvas canvas')) {
        if (!c.checkVisibility({ visibilityProperty: true })) continue
        const rect = c.getBoundingClientRect()
        const ratio = c.width / rect.width
        const px = Math.max(0, Math.round((x0 - rect.left) * ratio)),
          py = Math.max(0, Math.round((y0 - rect.top) * ratio))
        const w = Math.min(c.width - px, Math.round((x1 - x0) * ratio)),
          h = Math.min(c.height - py, Math.round((y1 - y0) * ratio))
        if (w <= 0 || h <= 0) continue
        const data = c.getContext('2d')!.getImageData(px, py, w, h).data
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 3 * 180) n++
      }
      return n
    },
    [from.x, from.y, to.x, to.y],
  )
}
