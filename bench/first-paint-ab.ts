/**
 * Compares the wall's first paint of two builds of the UI (bench/map-viewer's map, measured the same way), on
 * a machine whose speed drifts: one server per build, opens alternating between them in one run, so that both
 * builds meet the same moments of the machine. Consecutive runs of `map-viewer` on this 2-core VM differed by
 * up to 250 ms for the same code, which hides most single changes.
 *
 *   npx vite build --outDir /tmp/a && (change) && npx vite build --outDir /tmp/b
 *   npx tsx bench/first-paint-ab.ts /tmp/a /tmp/b [--opens=8]
 *
 * Prints `first-paint-ab: a_median_ms=… a_mean_ms=… b_median_ms=… b_mean_ms=…` and each open. Both servers
 * run this checkout's server code: it compares UI builds only.
 */
import path from 'node:path'
import { launchChromium } from '../e2e/browser'
import { bigMap, openMap } from './map-viewer'
import { figuresLine, percentile } from './lib/stats'

const [dirA, dirB] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'))
  .map((d) => path.resolve(d))
if (!dirA || !dirB) throw new Error('usage: npx tsx bench/first-paint-ab.ts DIST_A DIST_B [--opens=8]')
const opens = Number(process.argv.find((a) => a.startsWith('--opens='))?.slice(8) ?? 8)
/** `--slow`: every open over bench/map-viewer's VPN link (issue 19 first_paint_slow_ms). */
const slowLink = process.argv.includes('--slow')

const maps = [await bigMap(10_000, { VIGIL_DIST_DIR: dirA }), await bigMap(10_000, { VIGIL_DIST_DIR: dirB })]
const browser = await launchChromium()
const paints: number[][] = [[], []]
try {
  // A first open each: the servers' code warmed, as a running server's is.
  for (const m of maps) await (await openMap(browser, m)).page.context().close()
  for (let k = 0; k < opens; k++) {
    for (const i of k % 2 ? [1, 0] : [0, 1]) {
      const open = await openMap(browser, maps[i], undefined, slowLink)
      paints[i].push(open.firstPaintMs)
      await open.page.context().close()
    }
  }
} finally {
  await browser.close()
  for (const m of maps) await m.server.close()
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
for (const [i, name] of ['a', 'b'].entries()) console.log(`${name}: ${paints[i].map((x) => Math.round(x)).join(' ')}`)
console.log(
  figuresLine('first-paint-ab', {
    a_median_ms: Math.round(percentile(paints[0], 50)),
    a_mean_ms: Math.round(mean(paints[0])),
    b_median_ms: Math.round(percentile(paints[1], 50)),
    b_mean_ms: Math.round(mean(paints[1])),
  }),
)
