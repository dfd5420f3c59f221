/**
 * The map editor with a 2,000-item map (issue 6 "Figures": dragging an item and undoing 100 edits each
 * complete in under 16 ms per frame in headless Chromium):
 *
 *   map-editor: items=2000 drag_frame_p95_ms=… undo100_ms=… undo_p95_ms=…
 *
 * The real server (fresh SQLite) gets a map whose draft holds 2,000 items (shapes with labels and text, laid
 * out on a grid) and 1,000 connectors; the built app (`npx vite build`) opens its editor in headless Chromium,
 * fitted to the window, so that every item is drawn.
 *
 * drag_frame_p95_ms  p95, over 120 pointer moves dragging one item, of the time from the mousemove event to
 *                    the end of the frame that shows it (the event handler, React, Konva's draw in
 *                    requestAnimationFrame; measured in the page's clock after the frame's callbacks ran).
 * undo100_ms         after 100 edits (arrow-key moves, one history entry each), the time of undoing them one
 *                    ctrl+z at a time: the sum of each undo's time from keydown to the end of its frame, measured
 *                    the same way. undo_p95_ms: the p95 of one.
 * The work is checked in the document the editor saves (GET maps/:id/document?version=draft): the drag moved
 * the item, the 100 edits moved it 100 px, and after the 100 undos it is back where the drag left it.
 *
 *   npm run bench -- map-editor [--items=2000]
 */
import fs from 'node:fs'
import path from 'node:path'
import { startServer } from '../tests/helpers/server'
import { adminClient, makeTenant, type Client } from '../tests/helpers/api'
import { launchChromium } from '../e2e/browser'
import { emptyDocument, itemKinds, type MapDocument } from '../src/shared/maps'
import { extentOf, fitCamera } from '../src/shared/maps/view'
import { figuresLine, percentile } from './lib/stats'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const ITEMS = Number(arg('items') ?? 2000)
const COLUMNS = 50
const fmt = (x: number) => x.toFixed(1)

function seedDocument(): MapDocument {
  const doc = emptyDocument({ width: 3840, height: 2160 })
  for (let i = 0; i < ITEMS; i++) {
    const x = (i % COLUMNS) * 160,
      y = Math.floor(i / COLUMNS) * 120
    const id = `item-${i}`
    doc.items[id] =
      i % 5 === 4
        ? itemKinds.text.defaults({ id, x, y, z: i, text: `Note ${i}` })
        : itemKinds.shape.defaults({
            id,
            x,
            y,
            z: i,
            icon: (['rectangle', 'router', 'switch', 'server', 'cloud'] as const)[i % 5],
            label: `node-${i}`,
            style: { sketch: i % 10 === 0 },
          })
  }
  for (let i = 0; i + 1 < ITEMS && i < 2000; i += 2) {
    const id = `link-${i}`
    doc.connectors[id] = { id, from: `item-${i}`, to: `item-${i + 1}`, z: i, kind: 'plain', width: 2, dash: false }
  }
  return doc
}

interface Point {
  x: number
  y: number
}

/** Waits until the saved draft has `item` where `done` says (the editor saves a moment after an edit); its last place. */
async function savedPlace(api: Client, mapId: number, item: string, done: (p: Point) => boolean, what: string): Promise<Point> {
  let p: Point | undefined
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const r = await api.get(`/api/v1/maps/${mapId}/document?version=draft`)
    if (r.status !== 200) throw new Error(`draft: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`)
    p = { x: r.body.document.items[item].x, y: r.body.document.items[item].y }
    if (done(p)) return p
  }
  throw new Error(`${what}: ${item} is saved at ${JSON.stringify(p)}`)
}

/** In the page: the time from each `type` event (passing `filter`) to the end of the frame that follows it. */
const RECORDER = (type: string, filter = 'true') => `(() => {
  window.frameTimes_ = []
  window.handlerTimes_ = []
  window.rafTimes_ = []
  let t0 = 0
  window.addEventListener('${type}', (e) => { if (${filter}) window.handlerTimes_.push(performance.now() - t0) })
  window.addEventListener('${type}', (e) => {
    if (!(${filter})) return
    t0 = performance.now()
    requestAnimationFrame(() => {
      window.rafTimes_.push(performance.now() - t0)
      const channel = new MessageChannel()
      channel.port1.onmessage = () => window.frameTimes_.push(performance.now() - t0)
      channel.port2.postMessage(0)
    })
  }, { capture: true })
})()`

async function main() {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` before this benchmark')
  const server = await startServer()
  try {
    const tenant = await makeTenant(server, await adminClient(server), 'engineer')
    const created = await tenant.api.post('/api/v1/maps', { alias: 'Bench map', hostgroup_id: tenant.environmentId, layout: 2 })
    if (created.status !== 201) throw new Error(`map: ${JSON.stringify(created.body)}`)
    const map = created.body as { id: number; name: string; hostgroup_name: string }
    const doc = seedDocument()
    await tenant.api.post(`/api/v1/maps/${map.id}/lock`)
    const put = await tenant.api.put(`/api/v1/maps/${map.id}/document`, { document: doc })
    if (put.status !== 200) throw new Error(`document: ${put.status} ${JSON.stringify(put.body).slice(0, 500)}`)
    await tenant.api.del(`/api/v1/maps/${map.id}/lock`)
    console.log(`seeded ${Object.keys(doc.items).length} items and ${Object.keys(doc.connectors).length} connectors`)

    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tenant.username, password: tenant.password }),
    })
    const { token } = (await login.json()) as { token: string }
    const browser = await launchChromium()
    try {
      const page = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage()
      const t0 = Date.now()
      await page.goto(`${server.baseUrl}/#/maps/${map.hostgroup_name}/${map.name}/edit?token=${encodeURIComponent(token)}`)
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 60_000 })
      const canvas = page.getByRole('application', { name: 'Map canvas' })
      await canvas.locator('canvas').first().waitFor()
      console.log(`editor open after ${Date.now() - t0} ms`)

      // Where item-0 is on screen: the editor opens fitted to the window (zoom to fit).
      const box = (await canvas.boundingBox())!
      const camera = fitCamera(extentOf(Object.values(doc.items))!, Math.floor(box.width) - 2, Math.floor(box.height) - 2)
      const item = doc.items['item-0']
      const at = {
        x: box.x + 1 + camera.x + (item.x + item.w / 2) * camera.scale,
        y: box.y + 1 + camera.y + (item.y + item.h / 2) * camera.scale,
      }

      await page.evaluate(RECORDER('mousemove'))
      await page.mouse.move(at.x, at.y)
      await page.mouse.down()
      for (let i = 1; i <= 120; i++) await page.mouse.move(at.x + i * 3, at.y + i * 2)
      await page.mouse.up()
      const drag = (await page.evaluate('window.frameTimes_')) as number[]
      const moved = await page
        .getByRole('status')
        .filter({ hasText: /Unsaved changes|Saving|All changes saved/ })
        .textContent()
      console.log(`drag: ${drag.length} frames, p50 ${fmt(percentile(drag, 50))} ms, max ${fmt(Math.max(...drag))} ms (${moved})`)
      // The drag moved the item by (360, 240) screen pixels: far more than a grid step in map units.
      const dragged = await savedPlace(tenant.api, map.id, 'item-0', (p) => p.x > item.x + 100 && p.y > item.y + 100, 'the drag')

      // 100 edits (each one history entry, 1 px right), then 100 undos, one per frame.
      for (let i = 0; i < 100; i++) await page.keyboard.press('ArrowRight')
      await savedPlace(tenant.api, map.id, 'item-0', (p) => p.x === dragged.x + 100 && p.y === dragged.y, 'the 100 edits')
      // Only the Z of each ctrl+z: pressing Control alone does nothing.
      await page.evaluate(RECORDER('keydown', "e.code === 'KeyZ'"))
      const started = Date.now()
      for (let i = 0; i < 100; i++) await page.keyboard.press('Control+Z')
      const undos = (await page.evaluate('window.frameTimes_')) as number[]
      if (process.env.BENCH_TRACE) {
        const h = (await page.evaluate('window.handlerTimes_')) as number[],
          r = (await page.evaluate('window.rafTimes_')) as number[]
        console.log(
          `undo handler p50 ${fmt(percentile(h, 50))} p95 ${fmt(percentile(h, 95))}; to rAF p50 ${fmt(percentile(r, 50))} p95 ${fmt(percentile(r, 95))}`,
        )
      }
      const undo100 = undos.reduce((a, b) => a + b, 0)
      console.log(
        `undo: ${undos.length} frames in ${Date.now() - started} ms of wall clock, p50 ${fmt(percentile(undos, 50))} ms, max ${fmt(Math.max(...undos))} ms, sum ${fmt(undo100)} ms`,
      )
      if (undos.length !== 100) throw new Error(`${undos.length} undo frames recorded, not 100`)
      // Every undo happened: the document is back where the drag left it.
      await savedPlace(tenant.api, map.id, 'item-0', (p) => p.x === dragged.x && p.y === dragged.y, 'the 100 undos')
      console.log(
        figuresLine('map-editor', {
          items: ITEMS,
          drag_frame_p95_ms: fmt(percentile(drag, 95)),
          undo100_ms: fmt(undo100),
          undo_p95_ms: fmt(percentile(undos, 95)),
        }),
      )
    } finally {
      await browser.close()
    }
  } finally {
    await server.close()
  }
}

await main()
