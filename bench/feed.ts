/**
 * Live feed latency with many clients (issue 3 "Figures"):
 *
 *   feed: clients=500 undelivered=… duplicates=… p50_ms=… p99_ms=…
 *
 * The real server runs in a process of its own (a fresh SQLite database, engine without active checks).
 * This process connects 500 WebSocket clients to /api/v1/feed (one admin token), each subscribed to
 * `environment:1`, then writes passive results for one host through POST /api/v1/results at a steady rate
 * (20/s for 10 s; exit status alternating 0/2, so that every result is a state change) and measures, for
 * every (client, result) pair, the time from just before the POST to the client's receipt of the state
 * delta carrying that result's unique plugin output. Goal: p99 under 100 ms.
 *
 * Issue 20: `undelivered` counts the (client, result) pairs whose delta never came (within 5 s after the last
 * POST); latencies of the deltas that did come say nothing about the ones that did not, so any undelivered delta
 * fails the figure (`p50_ms=failed p99_ms=failed`). A delta a client got twice counts once (`duplicates`).
 *
 * Also printed (not figures): where the time goes, split at the moment the server published the delta on
 * its bus (clocks of both processes: performance.timeOrigin + now()): POST → publish (request, batching,
 * commit) and publish → receipt (fan-out to 500 sockets, loopback, the client process's own queue).
 *
 *   npm run bench -- feed [--clients=500] [--rate=20] [--seconds=10] [--profile=FILE]
 *
 * --profile writes a CPU profile of the server process over the measured results (.cpuprofile).
 */
import fs from 'node:fs'
import { Session } from 'node:inspector/promises'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import WebSocket from 'ws'
import { startServer } from '../tests/helpers/server'
import { arg, runChild, tell, type Message } from './lib/child'
import { figuresLine, percentile } from './lib/stats'

const MARK = 'feed-bench '
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes of one machine. */
const clock = () => performance.timeOrigin + performance.now()
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a')

/** The server process: the real server; reports when each bench delta was published on the bus. */
async function serverPhase() {
  const server = await startServer({ env: { VIGIL_ENGINE: '0' } })
  // 500 sockets of one user from one address: far past the organization's default feed quotas (issue 13).
  await server.vigil.store.db
    .updateTable('organizations')
    .set({ quotas: JSON.stringify({ feed_connections_per_user: 10_000, feed_connections_per_address: 10_000 }) })
    .where('id', '=', 1)
    .execute()
  // The moment the engine publishes, before the feed's fan-out (which runs inside publish).
  const published = new Map<string, number>()
  const bus = server.vigil.bus
  const publish = bus.publish.bind(bus)
  bus.publish = (d) => {
    if (d.kind === 'state' && d.plugin_output.startsWith(MARK)) published.set(d.plugin_output, clock())
    publish(d)
  }
  const loop = monitorEventLoopDelay({ resolution: 5 })
  let cpu0 = process.cpuUsage()
  // --profile=FILE: a CPU profile of the server over the measured results.
  const profileFile = arg('profile')
  const inspector = profileFile ? new Session() : null
  process.on('message', async (m: Message) => {
    if (m.type === 'measure') {
      loop.reset()
      loop.enable()
      cpu0 = process.cpuUsage()
      if (inspector) {
        inspector.connect()
        await inspector.post('Profiler.enable')
        await inspector.post('Profiler.start')
      }
    }
    if (m.type === 'report') {
      loop.disable()
      if (inspector) {
        const { profile } = await inspector.post('Profiler.stop')
        fs.writeFileSync(profileFile!, JSON.stringify(profile))
        inspector.disconnect()
      }
      const cpu = process.cpuUsage(cpu0)
      void tell({
        type: 'report',
        published: [...published],
        cpuUs: cpu.user + cpu.system,
        loopP99Ms: loop.percentile(99) / 1e6,
        loopMaxMs: loop.max / 1e6,
      })
    }
  })
  const end = async () => {
    await server.close()
    process.exit(0)
  }
  process.once('SIGTERM', end)
  process.once('disconnect', end)
  await tell({ type: 'ready', baseUrl: server.baseUrl, adminPassword: server.adminPassword })
}

async function main() {
  const clients = Number(arg('clients') ?? 500)
  const rate = Number(arg('rate') ?? 20)
  const seconds = Number(arg('seconds') ?? 10)
  const results = Math.round(rate * seconds)

  const profile = arg('profile')
  const server = runChild(fileURLToPath(import.meta.url), ['--phase=server', ...(profile ? [`--profile=${profile}`] : [])])
  const sockets: WebSocket[] = []
  try {
    const { baseUrl, adminPassword } = await server.next<Message & { baseUrl: string; adminPassword: string }>('ready', 60_000)
    const call = async (method: string, url: string, token: string | null, body: unknown) => {
      const r = await fetch(baseUrl + url, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
      if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`)
      return r.json() as Promise<Record<string, unknown>>
    }
    const { token } = (await call('POST', '/api/v1/auth/login', null, { username: 'admin', password: adminPassword })) as { token: string }
    const host = 'feed-bench-host'
    await call('POST', '/api/v1/hosts/', token, { name: host, hostgroup_id: 1, check_type: '1' })

    // Latencies by result: sent[i] is set just before result i's POST.
    const sent: number[] = []
    const sentClock: number[] = []
    const received: number[][] = Array.from({ length: results }, () => [])
    // Which clients got result i's delta: a second copy is counted apart, not as another client's.
    const seen = Array.from({ length: results }, () => new Set<WebSocket>())
    let duplicates = 0
    // Each socket opens with a one-time ticket, as a browser's does.
    const feedUrl = async () =>
      `${baseUrl.replace(/^http/, 'ws')}/api/v1/feed?ticket=${encodeURIComponent(String((await call('POST', '/api/v1/feed/ticket', token, {})).ticket))}`
    const open = (url: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url)
        ws.on('error', reject)
        ws.on('message', (raw: Buffer) => {
          const at = performance.now()
          const m = JSON.parse(raw.toString()) as { op: string; deltas?: { kind: string; plugin_output?: string }[]; refused?: string[] }
          if (m.op === 'subscribed') {
            if (m.refused?.length) reject(new Error(`subscription refused: ${m.refused.join(', ')}`))
            else resolve(ws)
          } else if (m.op === 'deltas') {
            for (const d of m.deltas ?? []) {
              if (d.kind !== 'state' || !d.plugin_output?.startsWith(MARK)) continue
              const i = Number(d.plugin_output.slice(MARK.length))
              if (!seen[i]) continue
              if (seen[i].has(ws)) duplicates++
              else {
                seen[i].add(ws)
                received[i].push(at - sent[i])
              }
            }
          }
        })
        ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', topics: ['environment:1'] })))
      })
    const connect = async () => open(await feedUrl())
    const started = Date.now()
    for (let i = 0; i < clients; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, clients - i) }, connect))))
    console.log(`${sockets.length} clients connected and subscribed in ${((Date.now() - started) / 1000).toFixed(1)} s`)

    // A few unmeasured results first (first request, first series and events), then the measured ones.
    for (let w = 0; w < 5; w++) await call('POST', '/api/v1/results', token, { host, exit_status: w % 2 ? 2 : 0, output: `warm-up ${w}` })
    await sleep(500)
    server.send({ type: 'measure' })
    const postMs: number[] = []
    const posts: Promise<void>[] = []
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    for (let i = 0; i < results; i++) {
      const due = t0 + (i * 1000) / rate
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      sent[i] = performance.now()
      sentClock[i] = clock()
      posts.push(
        call('POST', '/api/v1/results', token, { host, exit_status: i % 2 ? 0 : 2, output: `${MARK}${i}` }).then(() => {
          postMs.push(performance.now() - sent[i])
        }),
      )
    }
    await Promise.all(posts)
    // Stragglers: wait until every client has every result, at most 5 s.
    const deadline = performance.now() + 5000
    while (received.some((r) => r.length < sockets.length) && performance.now() < deadline) await sleep(50)
    const clientCpu = process.cpuUsage(cpu0)
    server.send({ type: 'report' })
    const report = await server.next<Message & { published: [string, number][]; cpuUs: number; loopP99Ms: number; loopMaxMs: number }>(
      'report',
    )

    const all = received.flat()
    const missing = results * sockets.length - all.length
    // Where the time goes: POST → publish on the server's bus, then publish → the first and the last client.
    const published = new Map(report.published)
    const toPublish: number[] = []
    const fanFirst: number[] = []
    const fanLast: number[] = []
    received.forEach((lat, i) => {
      const pub = published.get(`${MARK}${i}`)
      const at = sentClock[i]
      if (pub === undefined || !lat.length) return
      toPublish.push(pub - at)
      fanFirst.push(Math.min(...lat) - (pub - at))
      fanLast.push(Math.max(...lat) - (pub - at))
    })
    const windowS = (performance.now() - t0) / 1000
    console.log(
      `${results} results at ${rate}/s to ${sockets.length} clients: ${all.length} deliveries, ${missing} undelivered, ${duplicates} duplicates`,
    )
    console.log(`POST /results answered: p50 ${fmt(percentile(postMs, 50))} ms, p99 ${fmt(percentile(postMs, 99))} ms`)
    console.log(
      `POST → published on the bus: p50 ${fmt(percentile(toPublish, 50))} ms, p99 ${fmt(percentile(toPublish, 99))} ms (request, engine batch wait, commit)`,
    )
    console.log(
      `published → first client: p50 ${fmt(percentile(fanFirst, 50))} ms; → last client: p50 ${fmt(percentile(fanLast, 50))} ms, p99 ${fmt(percentile(fanLast, 99))} ms (fan-out, loopback, client queue)`,
    )
    console.log(
      `server: CPU ${((report.cpuUs / 1e6 / windowS) * 100).toFixed(0)} % of a core, ${(report.cpuUs / 1000 / results).toFixed(1)} ms CPU per result, event loop delay p99 ${fmt(report.loopP99Ms)} ms, max ${fmt(report.loopMaxMs)} ms; ` +
        `clients process: CPU ${(((clientCpu.user + clientCpu.system) / 1e6 / windowS) * 100).toFixed(0)} % of a core`,
    )
    const latency = (p: number) => (missing > 0 ? 'failed' : fmt(percentile(all, p)))
    console.log(
      figuresLine('feed', { clients: sockets.length, undelivered: missing, duplicates, p50_ms: latency(50), p99_ms: latency(99) }),
    )
  } finally {
    for (const ws of sockets) ws.terminate()
    await server.stop()
  }
}

if (arg('phase') === 'server') await serverPhase()
else {
  await main()
  process.exit(0)
}
