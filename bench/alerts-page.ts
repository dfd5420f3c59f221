/**
 * The alerts page with many problems (issue 4 "Live": "With 5,000 problems in the database the alerts page
 * shows its first page in under 1 s and stays responsive"):
 *
 *   alerts-page: problems=5000 first_page_ms=… cold_frames_over_17ms=… update_frame_p99_ms=… frames_over_17ms=… missed_vsyncs=…
 *
 * The real server (fresh SQLite, engine without active checks) gets 5,000 problems bulk-inserted straight
 * into its tables (1,000 passive hosts, 20 of them down; 5 resources each, 4,980 of them critical, warning
 * or unknown), then the built app (`npx vite build`) opens /monitoring/problems in headless Chromium.
 *
 * first_page_ms        navigation start → the first problem row in the DOM (cold browser cache, logging in
 *                      with the SPEC §2 token URL option: the shell, guard, user and the page's requests).
 * update_frame_p99_ms  p99 of the browser's frame intervals (requestAnimationFrame) while 100 state
 *                      changes per second arrive through POST /api/v1/results and the live feed: half of them
 *                      new output for rows on screen (the down hosts, patched in place), half state changes
 *                      anywhere (critical ↔ warning ↔ unknown, which refresh the table in the background and
 *                      bring the newly critical resources onto the first page), over --seconds after --warmup
 *                      seconds of the same changes: the page an operator keeps open, as wall-soak measures after
 *                      its first minute. The run fails unless the table then shows both kinds of change. The p99
 *                      moves in whole vsyncs (16.7, 33.3, 50 ms) from run to run; `frames_over_17ms` (intervals
 *                      over one vsync) and `missed_vsyncs` (over all intervals, the vsyncs each one missed) tell
 *                      runs apart finer.
 * cold_frames_over_17ms the same count over the first --seconds of changes, right after the page opened. V8 is
 *                      still compiling the update path then: in one run 200 Maglev and 68 TurboFan compilations,
 *                      about 0.5 s of CPU on the renderer's worker threads, fell in those 10 s (2 cores). Frames
 *                      over 17 ms per 10 s of changes in six runs: 2–9 in the first 10 s, 0–5 in the fourth.
 *
 *   npm run bench -- alerts-page [--seconds=10] [--warmup=30] [--rate=100] [--dist=DIR] [--profile=FILE] [--trace=FILE] [--control]
 *
 * --control hides the problems table (display: none) under the same server, results and background refreshes, and
 * prints `alerts-page-control`: the frames this machine drops with no table to draw, the floor the figure stands on.
 * The page's and the server's CPU share two cores, and its frame figures drift by the hour (frames_over_17ms 6–10
 * in one hour, 12–25 in another, same build), so read a run against a control run made next to it.
 * --dist serves another build (before/after comparisons back to back: `npx vite build --outDir DIR`; a build
 * with `--minify false` keeps function names for the profile). --profile writes Chromium's CPU profile of the
 * page over the updates (.cpuprofile, opens in the developer tools) and prints where its time went; --trace
 * writes Chromium's performance trace (Performance panel) and what the main thread's long tasks were made of; both
 * cover the measured seconds after the warm-up.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { startServer } from '../tests/helpers/server'
import { adminClient, makeTenant } from '../tests/helpers/api'
import type { Page } from 'playwright-core'
import { launchChromium } from '../e2e/browser'
import type { Database } from '../src/server/store/db'
import { summariseProfile } from './lib/cpu'
import { startTrace, stopTrace, summariseTrace } from './lib/trace'
import { figuresLine, percentile, VSYNC_MS } from './lib/stats'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const SECONDS = Number(arg('seconds') ?? 10)
const WARMUP = Number(arg('warmup') ?? 30)
const RATE = Number(arg('rate') ?? 100)
const DIST = path.resolve(arg('dist') ?? 'dist')
const PROFILE = arg('profile')
const TRACE = arg('trace')
const CONTROL = process.argv.includes('--control')
const HOSTS = 1000
const RESOURCES_PER_HOST = 5
const DOWN_HOSTS = 20
const OK_RESOURCES = 20
const RESOURCE_STATES = ['critical', 'warning', 'unknown'] as const
const EXIT = { ok: 0, warning: 1, critical: 2, unknown: 3 } as const
/** A host check's exit status 2 is down (engine/state/host.ts; 1 is up). */
const HOST_DOWN = 2
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const fmt = (x: number) => x.toFixed(1)

/** Multi-row inserts in one transaction (the engine's own bulk path would take the API's limits). */
async function insertProblems(db: Kysely<Database>, environmentId: number, now: number) {
  return db.transaction().execute(async (tx) => {
    const hostIds: number[] = []
    for (let start = 0; start < HOSTS; start += 250) {
      const rows = Array.from({ length: Math.min(250, HOSTS - start) }, (_, k) => {
        const i = start + k
        const down = i < DOWN_HOSTS
        return {
          name: `bench-host-${String(i).padStart(4, '0')}`,
          hostgroup_id: environmentId,
          hosttype: ['linux', 'windows', 'switch', 'ping'][i % 4],
          ip_address: `10.${i >> 8}.${i & 255}.1`,
          state: down ? 'down' : 'up',
          state_type: 'HARD',
          check_type: '1',
          max_check_attempts: 1,
          plugin_output: down ? `PING CRITICAL - host ${i} unreachable` : 'PING OK',
          last_state_change: now - 60 * i,
          last_check: now - 30,
          created_time: now,
          updated_time: now,
        }
      })
      hostIds.push(...(await tx.insertInto('hosts').values(rows).returning('id').execute()).map((r) => r.id))
    }
    const resourceIds: number[] = []
    const all = hostIds.flatMap((hostId, h) =>
      Array.from({ length: RESOURCES_PER_HOST }, (_, k) => ({ hostId, h, n: h * RESOURCES_PER_HOST + k, k })),
    )
    for (let start = 0; start < all.length; start += 250) {
      const rows = all.slice(start, start + 250).map(({ hostId, h, n, k }) => {
        const state = n < OK_RESOURCES ? 'ok' : RESOURCE_STATES[n % 3]
        return {
          host_id: hostId,
          hostgroup_id: environmentId,
          host_name: `bench-host-${String(h).padStart(4, '0')}`,
          name: `check-${k}`,
          display_name: `check-${k}`,
          state,
          state_type: 'HARD',
          check_type: '1',
          max_check_attempts: 1,
          plugin_output: `${state.toUpperCase()} - value ${n}`,
          last_state_change: now - 7 * n,
          last_check: now - 30,
          created_time: now,
          updated_time: now,
        }
      })
      resourceIds.push(...(await tx.insertInto('resources').values(rows).returning('id').execute()).map((r) => r.id))
    }
    return { hostIds, resourceIds }
  })
}

/**
 * The updates really reached the table: every down host shows the last output sent to it (patched in place),
 * and some critical resource on the first page is one the updates made critical (the background refresh).
 */
async function expectRowsChanged(page: Page, hostOutputs: string[]) {
  await page.waitForFunction(
    (outputs) => {
      const text = document.querySelector('table tbody')?.textContent ?? ''
      return outputs.every((o) => text.includes(o)) && /CRITICAL - changed \d+/.test(text)
    },
    hostOutputs,
    { timeout: 10_000 },
  )
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error(`${DIST} is missing: run \`npx vite build\` before this benchmark`)
  const server = await startServer({ env: { VIGIL_DIST_DIR: DIST } })
  try {
    const tenant = await makeTenant(server, await adminClient(server), 'engineer')
    const now = Math.floor(Date.now() / 1000)
    const t0 = Date.now()
    const { hostIds, resourceIds } = await insertProblems(server.vigil.store.db, tenant.environmentId, now)
    // The engine learns of rows written behind its back as it does after a host is saved.
    await server.vigil.engine.refresh('host', hostIds)
    await server.vigil.engine.refresh('resource', resourceIds)
    const problems = DOWN_HOSTS + resourceIds.length - OK_RESOURCES
    console.log(`inserted ${hostIds.length} hosts and ${resourceIds.length} resources (${problems} problems) in ${Date.now() - t0} ms`)

    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tenant.username, password: tenant.password }),
    })
    const { token } = (await login.json()) as { token: string }
    const browser = await launchChromium()
    try {
      // The control's style sheet is inline, which the app's CSP refuses.
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: CONTROL })
      const page = await context.newPage()
      // Marks the moment the first problem row exists, measured from navigation start in the page's own clock.
      await page.addInitScript(() => {
        const w = window as unknown as { firstRowAt?: number }
        new MutationObserver((_, observer) => {
          if (document.querySelector('table tbody tr[tabindex]')) {
            w.firstRowAt = performance.now()
            observer.disconnect()
          }
        }).observe(document, { childList: true, subtree: true })
      })
      await page.goto(`${server.baseUrl}/#/monitoring/problems?token=${encodeURIComponent(token)}`)
      await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt !== undefined, undefined, {
        timeout: 60_000,
      })
      const firstPageMs = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt)
      const rowsShown = await page.locator('table tbody tr[tabindex]').count()
      // Hidden, the rows still render and patch (expectRowsChanged reads their text), but are neither laid out nor painted.
      if (CONTROL) await page.addStyleTag({ content: 'table { display: none !important }' })
      console.log(`first page: ${rowsShown} rows after ${fmt(firstPageMs)} ms`)
      if (process.env.BENCH_TRACE) {
        const entries = (await page.evaluate(
          'performance.getEntriesByType("resource").map((e) => [e.name.replace(location.origin, ""), Math.round(e.startTime), Math.round(e.responseEnd)])',
        )) as [string, number, number][]
        for (const [name, start, end] of entries)
          console.log(`  ${String(start).padStart(5)} → ${String(end).padStart(5)}  ${decodeURIComponent(name).slice(0, 160)}`)
      }

      // Rows on screen for the in-place half: the down hosts, the table's first rows whatever the state changes do
      // (the critical resources after them are replaced by newer ones at every background refresh).
      const downHosts = hostIds.slice(0, DOWN_HOSTS)
      const hostOutput = new Map<number, string>()
      const current = new Map<number, keyof typeof EXIT>(resourceIds.map((id, n) => [id, n < OK_RESOURCES ? 'ok' : RESOURCE_STATES[n % 3]]))

      // A string, so that the bundler's helpers never reach the page: records every frame's timestamp.
      await page.evaluate(`(() => {
        window.frames_ = []
        window.recording_ = true
        const tick = (t) => { window.frames_.push(t); if (window.recording_) requestAnimationFrame(tick) }
        requestAnimationFrame(tick)
      })()`)
      const cdp = PROFILE || TRACE ? await context.newCDPSession(page) : null
      let recording = false
      const startRecording = async () => {
        recording = true
        if (cdp && TRACE) await startTrace(cdp)
        if (cdp && PROFILE) {
          await cdp.send('Profiler.enable')
          await cdp.send('Profiler.start')
        }
      }
      const perBatch = Math.max(1, Math.round(RATE / 10))
      let sent = 0
      let seq = 0
      const started = Date.now()
      for (let batch = 0; Date.now() - started < (WARMUP + SECONDS) * 1000; batch++) {
        const due = started + batch * 100
        if (due > Date.now()) await sleep(due - Date.now())
        if (!recording && Date.now() - started >= WARMUP * 1000) await startRecording()
        const results = Array.from({ length: perBatch }, (_, i) => {
          seq++
          if (i % 2 === 0) {
            const id = downHosts[(seq >> 1) % downHosts.length]
            hostOutput.set(id, `PING CRITICAL - update ${seq}`)
            return { host_id: id, exit_status: HOST_DOWN, output: hostOutput.get(id)! }
          }
          const id = resourceIds[OK_RESOURCES + ((seq * 7919) % (resourceIds.length - OK_RESOURCES))]
          const next = RESOURCE_STATES[(RESOURCE_STATES.indexOf(current.get(id) as (typeof RESOURCE_STATES)[number]) + 1) % 3]
          current.set(id, next)
          return { resource_id: id, exit_status: EXIT[next], output: `${next.toUpperCase()} - changed ${seq}` }
        })
        const r = await tenant.api.post('/api/v1/results', { results })
        if (r.status !== 200) throw new Error(`results: ${r.status} ${JSON.stringify(r.body)}`)
        sent += results.length
      }
      const frames = (await page.evaluate('(() => { window.recording_ = false; return window.frames_ })()')) as number[]
      if (cdp && TRACE) {
        await stopTrace(cdp, TRACE)
        for (const line of summariseTrace(TRACE)) console.log(line)
      }
      if (cdp && PROFILE) {
        const { profile } = await cdp.send('Profiler.stop')
        fs.writeFileSync(PROFILE!, JSON.stringify(profile))
        for (const line of summariseProfile(PROFILE!, 25)) console.log(line)
      }
      await expectRowsChanged(page, [...hostOutput.values()])
      // Frame intervals by when they ended, from the first frame (the changes began with it).
      const intervalsIn = (from: number, to: number) =>
        frames.slice(1).flatMap((t, i) => (t - frames[0] >= from * 1000 && t - frames[0] < to * 1000 ? [t - frames[i]] : []))
      const overOneVsync = (ms: number) => ms > 17.5
      const cold = intervalsIn(0, SECONDS)
      const intervals = intervalsIn(WARMUP, WARMUP + SECONDS)
      console.log(
        `sent ${sent} results in ${((Date.now() - started) / 1000).toFixed(1)} s; ${intervals.length} frames measured after ${WARMUP} s, p50 ${fmt(percentile(intervals, 50))} ms, max ${fmt(Math.max(...intervals))} ms`,
      )
      console.log(
        figuresLine(CONTROL ? 'alerts-page-control' : 'alerts-page', {
          problems,
          first_page_ms: Math.round(firstPageMs),
          cold_frames_over_17ms: cold.filter(overOneVsync).length,
          update_frame_p99_ms: fmt(percentile(intervals, 99)),
          frames_over_17ms: intervals.filter(overOneVsync).length,
          missed_vsyncs: intervals.reduce((n, ms) => n + Math.max(0, Math.round(ms / VSYNC_MS) - 1), 0),
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
