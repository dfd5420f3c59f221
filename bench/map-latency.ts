/**
 * How long a state change takes to reach the wall (issue 7: "a check result written on the server to the
 * pixel changing", goal p95 < 1 s):
 *
 *   map-latency: items=1000 samples=40 p50_ms=… p95_ms=… p50_10000_ms=… p95_10000_ms=…
 *
 * A published map of 1,000 hosts (bench/map-viewer.ts seeds it) is open fullscreen in headless Chromium, then
 * one of 10,000 (issue 18: p95 ≤ 1 s at 10,000 items too); each size has a line of its own, and the last line
 * gathers them (the first size's keys unsuffixed, the others' suffixed by their size).
 * Each sample takes one host down (or up again) through POST /api/v1/results and waits in the page, frame
 * by frame, for the pixel at the host's item to turn the new state's colour. Latency = the page's clock
 * when it changed − the clock just before the POST (one machine, one clock): the HTTP call, the engine, the
 * feed, the viewer's frame batching and the repaint.
 *
 *   npm run bench -- map-latency [--items=1000,10000] [--samples=40]
 */
import fs from 'node:fs'
import path from 'node:path'
import { launchChromium } from '../e2e/browser'
import { figuresLine, percentile } from './lib/stats'
import { bigMap, gridItemBox, openMap } from './map-viewer'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
/** The light theme's SPEC §4 MAP colours (src/shared/maps/draw/palette.ts): up and down. */
const UP = [46, 158, 68],
  DOWN = [215, 38, 61]

/** `samples` latencies on a fresh server with a map of `n` hosts. */
async function latencies(n: number, samples: number): Promise<number[]> {
  const m = await bigMap(n)
  const browser = await launchChromium()
  try {
    const { page } = await openMap(browser, m)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 60_000 })
    const camera = JSON.parse((await page.locator('.vigil-map-canvas').getAttribute('data-camera'))!) as {
      x: number
      y: number
      scale: number
    }
    const latencies: number[] = []
    // Each host goes down, then up again: two samples, each waiting for its own colour.
    for (let k = 0; latencies.length < samples; k++) {
      const i = (k * 37) % n
      const b = gridItemBox(i, n)
      const x = Math.round((b.x + b.w / 2) * camera.scale + camera.x),
        y = Math.round((b.y + b.h / 2) * camera.scale + camera.y)
      for (const down of [true, false]) {
        const rgb = down ? DOWN : UP
        // Armed before the POST: resolves with Date.now() in the first frame whose live layer shows the colour.
        await page.evaluate(`(() => { window.changed_ = new Promise((resolve) => {
          const c = [...document.querySelectorAll('.vigil-map-canvas canvas')].pop()
          const g = c.getContext('2d')
          const tick = () => {
            const [r, gr, b] = g.getImageData(${x}, ${y}, 1, 1).data
            if (Math.abs(r - ${rgb[0]}) < 6 && Math.abs(gr - ${rgb[1]}) < 6 && Math.abs(b - ${rgb[2]}) < 6) resolve(Date.now())
            else requestAnimationFrame(tick)
          }
          requestAnimationFrame(tick)
        }); return true })()`)
        const sent = Date.now()
        const r = await m.tenant.api.post('/api/v1/results', {
          host: m.hostNames[i],
          exit_status: down ? 2 : 0,
          output: down ? 'PING CRITICAL' : 'PING OK',
        })
        if (r.status !== 200) throw new Error(`results: ${r.status} ${JSON.stringify(r.body)}`)
        latencies.push(((await page.evaluate('window.changed_')) as number) - sent)
      }
    }
    return latencies
  } finally {
    await browser.close()
    await m.server.close()
  }
}

async function main() {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` before this benchmark')
  const SIZES = (arg('items') ?? '1000,10000').split(',').map(Number)
  const SAMPLES = Number(arg('samples') ?? 40)
  const figures: Record<string, number> = {}
  for (const [k, n] of SIZES.entries()) {
    const ms = await latencies(n, SAMPLES)
    console.log(`latencies ms at ${n} items: ${ms.join(' ')}`)
    const line = { items: n, samples: ms.length, p50_ms: percentile(ms, 50), p95_ms: percentile(ms, 95) }
    console.log(figuresLine('map-latency', line))
    if (k === 0) Object.assign(figures, line)
    else Object.assign(figures, { [`p50_${n}_ms`]: line.p50_ms, [`p95_${n}_ms`]: line.p95_ms })
  }
  if (SIZES.length > 1) console.log(figuresLine('map-latency', figures))
}

await main()
