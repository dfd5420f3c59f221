/**
 * How long a state change takes to reach the wall (issue 7: "a check result written on the server to the
 * pixel changing", goal p95 < 1 s):
 *
 *   map-latency: items=1000 samples=40 p50_ms=… p95_ms=…
 *
 * A published map of 1,000 hosts (bench/map-viewer.ts seeds it) is open fullscreen in headless Chromium.
 * Each sample takes one host down (or up again) through POST /api/v1/results and waits in the page, frame
 * by frame, for the pixel at the host's item to turn the new state's colour. Latency = the page's clock
 * when it changed − the clock just before the POST (one machine, one clock): the HTTP call, the engine, the
 * feed, the viewer's frame batching and the repaint.
 *
 *   npm run bench -- map-latency [--items=1000] [--samples=40]
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

async function main() {
  if (!fs.existsSync(path.resolve('dist/index.html'))) throw new Error('dist/ is missing: run `npx vite build` before this benchmark')
  const N = Number(arg('items') ?? 1000)
  const SAMPLES = Number(arg('samples') ?? 40)
  const m = await bigMap(N)
  const browser = await launchChromium()
  try {
    const { page } = await openMap(browser, m)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 30_000 })
    const camera = JSON.parse((await page.locator('.vigil-map-canvas').getAttribute('data-camera'))!) as {
      x: number
      y: number
      scale: number
    }
    const latencies: number[] = []
    // Each host goes down, then up again: two samples, each waiting for its own colour.
    for (let k = 0; latencies.length < SAMPLES; k++) {
      const i = (k * 37) % N
      const b = gridItemBox(i, N)
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
    console.log(`latencies ms: ${latencies.join(' ')}`)
    console.log(
      figuresLine('map-latency', {
        items: N,
        samples: latencies.length,
        p50_ms: percentile(latencies, 50),
        p95_ms: percentile(latencies, 95),
      }),
    )
  } finally {
    await browser.close()
    await m.server.close()
  }
}

await main()
