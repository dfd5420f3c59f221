/**
 * Sustained load (issue 20 "Proof"): one real server, N live-feed clients and R API requests per second for
 * D seconds, on SQLite and (when PG_URL is set) on PostgreSQL:
 *
 *   load: db=sqlite clients=500 rps=200 duration_s=600 requests=… errors=… p99_ms=… deltas_received=… rss_growth_mb=… undelivered=…
 *
 *   npm run bench -- load [--clients=500] [--rps=200] [--duration=600] [--db=sqlite|pg] [--profile]
 *
 * --db runs one database only; --profile takes a V8 CPU profile of the server over the measuring window and prints
 * where its time went (bench/lib/cpu.ts; the profiler slows the server a little, so compare profiled runs with each other);
 * the .cpuprofile files stay in the directory it names at the end.
 *
 * Three processes, so that none measures another's work: the server (engine without active checks; state
 * changes come from passive results), the feed clients, and this one, which sends the requests. Setup, through
 * the API as the server admin: a customer organization with 5 environments, 20 hosts each with 10 passive
 * resources, and an administrator of that organization whose session everything below uses.
 *
 * Feed clients open the socket as the browser does (one-time ticket, then `subscribe`): a quarter watch every
 * environment of the customer (an overview), the rest one environment each (a list filtered to it), every tenth
 * one host besides (a host's page); they ping every 25 s as the browser does.
 *
 * Requests, open-loop at a fixed rate (a slow answer does not slow the rate), out of every 20: 7 resource lists
 * (problems by last change), 4 host lists, 2 grouped counts, 2 timeline pages, 4 passive results (POST /results,
 * each a state change: a resource alternates between OK and CRITICAL) and 1 acknowledgement of a resource made
 * CRITICAL at least 3 s before and not about to turn OK (a list read while there is none to acknowledge). They share 64 keep-alive
 * connections, as a crowd of browsers would hold them; a request's latency runs from its start, so the wait for a
 * free connection counts (when the server falls behind, the queue shows in the latency, not in a slower rate).
 *
 * Checked, not assumed: `errors` counts answers other than 2xx, failed requests, requests without an answer
 * within 10 s of their start (not in p99, which is of the answered ones) and feed sockets that failed or closed; `undelivered` counts (client, result) pairs whose state
 * delta never reached a client subscribed to it (each result carries a unique plugin output). `deltas_received`
 * counts every delta the clients got (state, event and action deltas). `rss_growth_mb` is the server
 * process's resident memory at the end (median of the last 10 s) minus that at the end of the first minute (median
 * of its last 10 s; of the first half when the run is shorter than 2 minutes). Goal: 0 errors, p99 ≤ 100 ms.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Session } from 'node:inspector/promises'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import pg from 'pg'
import { startServer } from '../tests/helpers/server'
import { arg, runChild, tell, hear, type Message } from './lib/child'
import { busyShare, machineCpu, summariseProfile } from './lib/cpu'
import { figuresLine, percentile } from './lib/stats'

const MARK = 'load '
const ENVIRONMENTS = 5
const HOSTS_PER_ENVIRONMENT = 20
const RESOURCES_PER_HOST = 10
const TIMEOUT_MS = 10_000
/** HTTP connections the requests share (keep-alive). */
const CONNECTIONS = 64
const PING_MS = 25_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const self = fileURLToPath(import.meta.url)
const median = (xs: number[]) => percentile(xs, 50)
const keyOf = (body: string) => {
  try {
    return String((JSON.parse(body) as { error?: { key?: string } }).error?.key ?? '')
  } catch {
    return ''
  }
}

/** The server process: the real server; samples its own resident memory once a second from `measure` on. */
/**
 * The server's PostgreSQL pools, watched from outside: how long each checkout waited for a connection, and per
 * second the connections open, idle and the checkouts waiting (a stall with the database idle shows here).
 */
function watchPools() {
  const pools = new Set<pg.Pool>()
  const waits: number[] = []
  const connect = pg.Pool.prototype.connect as (this: pg.Pool) => Promise<pg.PoolClient>
  pg.Pool.prototype.connect = function (this: pg.Pool) {
    pools.add(this)
    const t0 = performance.now()
    const client = connect.call(this)
    void client.then(
      () => waits.push(performance.now() - t0),
      () => {},
    )
    return client
  } as typeof pg.Pool.prototype.connect
  const sum = (f: (p: pg.Pool) => number) => [...pools].reduce((n, p) => n + f(p), 0)
  return {
    waits,
    sample: () => ({ total: sum((p) => p.totalCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) }),
  }
}

async function serverPhase() {
  const db = arg('db') === 'pg' ? 'pg' : 'sqlite'
  const pools = db === 'pg' ? watchPools() : null
  const poolSeconds: { at: number; total: number; idle: number; waiting: number }[] = []
  const server = await startServer({ db, env: { VIGIL_ENGINE: '0' } })
  const rss: [number, number][] = []
  let timer: NodeJS.Timeout | undefined
  let cpu0 = process.cpuUsage()
  // Where a late answer waited: the server's event loop (a long task, a garbage collection) or elsewhere.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 })
  const gcPauses: number[] = []
  const gcObserver = new PerformanceObserver((list) => gcPauses.push(...list.getEntries().map((e) => e.duration)))
  // --profile=FILE: a CPU profile of the measuring window only (not of setup).
  const profileFile = arg('profile')
  const inspector = profileFile ? new Session() : null
  process.on('message', async (m: Message) => {
    if (m.type === 'measure') {
      const t0 = Date.now()
      cpu0 = process.cpuUsage()
      if (pools) pools.waits.length = 0
      timer = setInterval(() => {
        rss.push([(Date.now() - t0) / 1000, process.memoryUsage().rss])
        if (pools) poolSeconds.push({ at: Math.round((Date.now() - t0) / 1000), ...pools.sample() })
      }, 1000)
      loopDelay.enable()
      gcObserver.observe({ entryTypes: ['gc'] })
      if (inspector) {
        inspector.connect()
        await inspector.post('Profiler.enable')
        await inspector.post('Profiler.start')
      }
    }
    if (m.type === 'report') {
      clearInterval(timer)
      loopDelay.disable()
      gcObserver.disconnect()
      const cpu = process.cpuUsage(cpu0)
      if (inspector) {
        const { profile } = await inspector.post('Profiler.stop')
        fs.writeFileSync(profileFile!, JSON.stringify(profile))
        inspector.disconnect()
      }
      void tell({
        type: 'report',
        rss,
        cpuUs: cpu.user + cpu.system,
        loop: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
        pool: pools && {
          checkouts: pools.waits.length,
          p99: percentile(pools.waits, 99),
          max: pools.waits.reduce((a, b) => Math.max(a, b), 0),
          busySeconds: poolSeconds.filter((x) => x.waiting > 10),
        },
        gc: {
          count: gcPauses.length,
          over20: gcPauses.filter((ms) => ms > 20).length,
          max: Math.max(0, ...gcPauses),
          total: gcPauses.reduce((a, b) => a + b, 0),
        },
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

interface ClientPlan {
  topics: string[]
}

/**
 * The feed clients' process: opens the sockets, counts deltas, and records which marked results each client got
 * (a bit per (client, result)); on `report` compares them with the results the parent sent.
 */
async function clientsPhase() {
  const { baseUrl, token, plans, maxResults } = await hear<
    Message & { baseUrl: string; token: string; plans: ClientPlan[]; maxResults: number }
  >('start')
  const got = plans.map(() => new Uint8Array(maxResults))
  let deltas = 0
  let duplicates = 0
  let socketErrors = 0
  let ending = false
  const sockets: WebSocket[] = []
  const ticket = async () => {
    const r = await fetch(`${baseUrl}/api/v1/feed/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    if (!r.ok) throw new Error(`feed ticket: ${r.status} ${await r.text()}`)
    return ((await r.json()) as { ticket: string }).ticket
  }
  const open = async (c: number) => {
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/v1/feed?ticket=${encodeURIComponent(await ticket())}`
    return new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url)
      let ready = false
      ws.on('error', (err) => {
        if (!ready) reject(err)
        else socketErrors++
      })
      ws.on('close', (code) => {
        if (ready && !ending) {
          socketErrors++
          console.error(`feed client ${c} closed (${code})`)
        }
      })
      ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', topics: plans[c].topics })))
      ws.on('message', (raw: Buffer) => {
        const m = JSON.parse(raw.toString()) as { op: string; deltas?: { kind: string; plugin_output?: string }[]; refused?: string[] }
        if (m.op === 'subscribed') {
          if (m.refused?.length) reject(new Error(`subscription refused: ${m.refused.join(', ')}`))
          ready = true
          resolve(ws)
        } else if (m.op === 'deltas') {
          for (const d of m.deltas ?? []) {
            deltas++
            if (d.kind !== 'state' || !d.plugin_output?.startsWith(MARK)) continue
            const i = Number(d.plugin_output.slice(MARK.length))
            if (got[c][i]) duplicates++
            got[c][i] = 1
          }
        }
      })
    })
  }
  for (let i = 0; i < plans.length; i += 50)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, plans.length - i) }, (_, k) => open(i + k)))))
  const ping = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: 'ping' }))
  }, PING_MS)
  const cpu0 = process.cpuUsage()
  await tell({ type: 'connected', clients: sockets.length })

  const report = await hear<Message & { results: [number, string[]][] }>('report')
  // Stragglers: at most 5 s for every subscribed client to have every result.
  const missing = () => {
    let n = 0
    for (const [i, topics] of report.results)
      plans.forEach((p, c) => {
        if (!got[c][i] && p.topics.some((t) => topics.includes(t))) n++
      })
    return n
  }
  const deadline = Date.now() + 5000
  let undelivered = missing()
  while (undelivered > 0 && Date.now() < deadline) {
    await sleep(250)
    undelivered = missing()
  }
  let delivered = 0
  for (const g of got) for (const b of g) delivered += b
  clearInterval(ping)
  ending = true
  for (const ws of sockets) ws.terminate()
  const cpu = process.cpuUsage(cpu0)
  await tell({ type: 'report', deltas, delivered, undelivered, duplicates, socketErrors, cpuUs: cpu.user + cpu.system })
}

interface Target {
  id: number
  hostId: number
  environmentId: number
}

/** One run against one database; returns the figures line. */
async function run(db: 'sqlite' | 'pg', clients: number, rps: number, duration: number, profileFile?: string): Promise<string> {
  const server = runChild(self, ['--phase=server', `--db=${db}`, ...(profileFile ? [`--profile=${profileFile}`] : [])])
  const feed = runChild(self, ['--phase=clients'])
  try {
    const { baseUrl, adminPassword } = await server.next<Message & { baseUrl: string; adminPassword: string }>('ready', 120_000)
    const call = async <T = Record<string, unknown>>(method: string, url: string, token: string | null, body?: unknown): Promise<T> => {
      const r = await fetch(baseUrl + url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`)
      return r.json() as Promise<T>
    }
    const login = async (username: string, password: string) =>
      (await call<{ token: string }>('POST', '/api/v1/auth/login', null, { username, password })).token

    // The customer: organization, quotas for hundreds of sockets of one user from one address, environments, user.
    const admin = await login('admin', adminPassword)
    const org = await call<{ id: number }>('POST', '/api/v1/organizations/', admin, { name: `load-${randomBytes(3).toString('hex')}` })
    await call('PUT', `/api/v1/organizations/${org.id}/quotas`, admin, {
      feed_connections_per_user: 10_000,
      feed_connections_per_address: 10_000,
      sessions_per_user: 10_000,
    })
    const environments: number[] = []
    for (let e = 0; e < ENVIRONMENTS; e++)
      environments.push(
        (await call<{ id: number }>('POST', '/api/v1/hostgroups/', admin, { name: `load-env-${e}`, organization_id: org.id })).id,
      )
    const user = { username: `load-operator-${randomBytes(3).toString('hex')}`, password: `Load-${randomBytes(12).toString('hex')}` }
    await call('POST', '/api/v1/users/', admin, {
      ...user,
      organization_id: org.id,
      authorizations: [{ organization_id: org.id, hostgroup_id: null, group: 'administrator' }],
    })
    const token = await login(user.username, user.password)

    // Hosts and passive resources; one attempt, so that every result is a hard state change.
    const targets: Target[] = []
    const started = Date.now()
    await Promise.all(
      Array.from({ length: ENVIRONMENTS * HOSTS_PER_ENVIRONMENT }, async (_, h) => {
        const environmentId = environments[h % ENVIRONMENTS]
        const host = await call<{ id: number }>('POST', '/api/v1/hosts/', token, {
          name: `load-host-${h}`,
          hostgroup_id: environmentId,
          check_type: '1',
          max_check_attempts: 1,
        })
        for (let r = 0; r < RESOURCES_PER_HOST; r++) {
          const res = await call<{ id: number }>('POST', '/api/v1/resources/', token, {
            host_id: host.id,
            name: `load-check-${r}`,
            check_type: '1',
            max_check_attempts: 1,
          })
          targets.push({ id: res.id, hostId: host.id, environmentId })
        }
      }),
    )
    targets.sort((a, b) => a.id - b.id)
    console.log(
      `[${db}] ${targets.length} resources on ${ENVIRONMENTS * HOSTS_PER_ENVIRONMENT} hosts made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )

    // The clients' screens.
    const hostIds = [...new Set(targets.map((t) => t.hostId))]
    const plans: ClientPlan[] = Array.from({ length: clients }, (_, c) => {
      const topics = c % 4 === 0 ? environments.map((e) => `environment:${e}`) : [`environment:${environments[c % ENVIRONMENTS]}`]
      if (c % 10 === 1) topics.push(`host:${hostIds[c % hostIds.length]}`)
      return { topics }
    })
    const maxResults = Math.ceil(duration * rps) + 100
    feed.send({ type: 'start', baseUrl, token, plans, maxResults })
    const connectStarted = Date.now()
    await feed.next('connected', 600_000)
    console.log(`[${db}] ${clients} feed clients connected and subscribed in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`)

    const range = () => {
      const now = Math.floor(Date.now() / 1000)
      return `start_time=${now - 86400}&end_time=${now + 86400}`
    }
    const q = (params: Record<string, unknown>) =>
      new URLSearchParams(
        Object.entries(params).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)]),
      )
    const reads = [
      (i: number) =>
        `/api/v1/resources/?${q({ limit: 50, order: '-last_state_change', environment_ids: environments[i % ENVIRONMENTS], advanced_filter: [['state', 'not_equals', 0]] })}`,
      (i: number) =>
        `/api/v1/hosts/?${q({ limit: 50, order: 'name', environment_ids: environments.slice(0, 1 + (i % ENVIRONMENTS)).join(',') })}`,
      () => `/api/v1/resources/grouped?${q({ group_by: 'state', limit: 0 })}`,
      () => `/api/v1/events?${range()}&no_future_events=true&limit=50`,
    ]
    // Out of every 20 requests: which kind (R resources, H hosts, G grouped, E events, P results, A acknowledgement).
    const MIX = 'RPRHRPGRHEPRHRAPGRHE'

    const latencies: number[] = []
    // Per second of the run (by a request's start): answers and the slowest, to tell a stall from a steady tail.
    const slowestBySecond = new Map<number, { n: number; max: number }>()
    let runStart = performance.now()
    const byKind = new Map<string, number[]>()
    let errors = 0
    let requests = 0
    const errorKinds = new Map<string, number>()
    const fail = (what: string) => {
      errors++
      errorKinds.set(what, (errorKinds.get(what) ?? 0) + 1)
    }
    const lastExit = new Map<number, number>()
    const lastSent = new Map<number, number>()
    // Resources made CRITICAL (by result number), oldest first, to be acknowledged within half the time until their
    // next result, which comes round after targets / (results a second) seconds.
    const resultsPerSecond = (rps * [...MIX].filter((k) => k === 'P').length) / MIX.length
    const ACK_BEFORE_NEXT_RESULT_S = targets.length / resultsPerSecond / 2
    const critical: { target: Target; seq: number; at: number }[] = []
    const results: [number, string[]][] = []
    let seq = 0
    let rotation = 0
    // Connections as a crowd of browsers would hold them, reused; a request waits for a free one, and that wait counts.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
    const send = (kind: string, method: string, url: string, body?: unknown) =>
      new Promise<boolean>((resolve) => {
        const label = kind === 'read' ? url.replace(/\?.*/, '') : kind
        const t0 = performance.now()
        const payload = body === undefined ? undefined : JSON.stringify(body)
        let settled = false
        const settle = (error: string | null) => {
          if (settled) return
          settled = true
          clearTimeout(deadline)
          if (error) fail(`${kind} ${error}`)
          else {
            const ms = performance.now() - t0
            latencies.push(ms)
            const second = Math.floor((t0 - runStart) / 1000)
            const s = slowestBySecond.get(second) ?? { n: 0, max: 0 }
            slowestBySecond.set(second, { n: s.n + 1, max: Math.max(s.max, ms) })
            if (!byKind.has(label)) byKind.set(label, [])
            byKind.get(label)!.push(ms)
          }
          resolve(!error)
        }
        const req = http.request(
          baseUrl + url,
          {
            method,
            agent,
            headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
          },
          (res) => {
            const ok = res.statusCode! >= 200 && res.statusCode! < 300
            // A refusal is named by its SPEC §8 key, so that a run's errors say what the server refused.
            let body = ''
            if (ok) res.resume()
            else res.on('data', (d: Buffer) => (body += d))
            res.on('end', () => settle(ok ? null : `${res.statusCode} ${keyOf(body)}`))
          },
        )
        // Counted from the request's start, queueing for a connection included.
        const deadline = setTimeout(() => {
          settle('timeout')
          req.destroy()
        }, TIMEOUT_MS)
        req.on('error', (err) => settle(err.message))
        req.on('close', () => settle('closed without an answer'))
        req.end(payload)
      })
    const request = (i: number): Promise<unknown> => {
      const kind = MIX[i % MIX.length]
      if (kind === 'P') {
        const target = targets[rotation++ % targets.length]
        const exit = lastExit.get(target.id) === 2 ? 0 : 2
        const n = seq++
        lastExit.set(target.id, exit)
        lastSent.set(target.id, n)
        return send('result', 'POST', '/api/v1/results', { resource_id: target.id, exit_status: exit, output: `${MARK}${n}` }).then(
          (ok) => {
            if (!ok) return
            results.push([n, [`environment:${target.environmentId}`, `host:${target.hostId}`]])
            if (exit === 2) critical.push({ target, seq: n, at: performance.now() })
          },
        )
      }
      if (kind === 'A') {
        // The oldest CRITICAL resource not changed since, at least 3 s after its result was answered. Not one near
        // its next result (each comes round every targets / results-per-second seconds): that result, sent while the
        // acknowledgement is on its way, may turn it OK first, and the server rightly refuses to acknowledge an OK
        // resource (acknowledgement_add_failed, no_problem).
        const fresh = (c: (typeof critical)[number]) =>
          lastSent.get(c.target.id) === c.seq && performance.now() - c.at < ACK_BEFORE_NEXT_RESULT_S * 1000
        while (critical.length && !fresh(critical[0])) critical.shift()
        if (critical.length && performance.now() - critical[0].at >= 3000) {
          const { target } = critical.shift()!
          return send('acknowledgement', 'POST', `/api/v1/resources/${target.id}/acknowledgements`, {
            comment: 'load bench: looking into it',
          })
        }
      }
      return send('read', 'GET', reads[i % reads.length](i))
    }

    const cpu0 = machineCpu()
    const load0 = os.loadavg()[0]
    server.send({ type: 'measure' })
    const inflight = new Set<Promise<unknown>>()
    const total = Math.round(duration * rps)
    const t0 = performance.now()
    runStart = t0
    let lagMs = 0
    for (let i = 0; i < total; i++) {
      // Always yields: a sender that fell behind catches up at most one request a timer tick, not in one burst.
      const wait = t0 + (i * 1000) / rps - performance.now()
      lagMs = Math.max(lagMs, -wait)
      await sleep(Math.max(0, wait))
      requests++
      const p = request(i).finally(() => inflight.delete(p))
      inflight.add(p)
      if (i % (rps * 30) === 0 && i > 0)
        console.log(`[${db}] ${Math.round(i / rps)} s: ${requests} requests, ${errors} errors, ${inflight.size} in flight`)
    }
    console.log(`[${db}] all ${requests} requests sent; ${inflight.size} in flight`)
    await Promise.all(inflight)
    const windowS = (performance.now() - t0) / 1000
    const busy = busyShare(cpu0, machineCpu())
    server.send({ type: 'report' })
    const srv = await server.next<
      Message & {
        rss: [number, number][]
        cpuUs: number
        loop: Record<'p99' | 'max', number>
        pool: { checkouts: number; p99: number; max: number; busySeconds: Record<'at' | 'total' | 'idle' | 'waiting', number>[] } | null
        gc: Record<'count' | 'over20' | 'max' | 'total', number>
      }
    >('report')
    feed.send({ type: 'report', results })
    console.log(`[${db}] counting the deliveries of ${results.length} results`)
    const fed = await feed.next<Message & Record<'deltas' | 'delivered' | 'undelivered' | 'duplicates' | 'socketErrors' | 'cpuUs', number>>(
      'report',
    )
    errors += fed.socketErrors

    const baseAt = Math.min(60, duration / 2)
    const mb = (xs: [number, number][]) => median(xs.map(([, b]) => b)) / 1024 ** 2
    const rssBase = mb(srv.rss.filter(([t]) => t > baseAt - 10 && t <= baseAt))
    const rssEnd = mb(srv.rss.slice(-10))
    const p99 = percentile(latencies, 99)
    console.log(
      `[${db}] ${requests} requests in ${windowS.toFixed(0)} s (${results.length} results, ${latencies.length} answered): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
    )
    for (const [label, ms] of byKind)
      console.log(`  ${label}: ${ms.length} answered, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`)
    const stalls = [...slowestBySecond]
      .filter(([, s]) => s.max > 500)
      .sort((a, b) => a[0] - b[0])
      .map(([second, s]) => `${second} s (max ${s.max.toFixed(0)} ms)`)
    console.log(`[${db}] seconds whose requests waited over 500 ms: ${stalls.length ? stalls.join(', ') : 'none'}`)
    console.log(`[${db}] sender: at most ${lagMs.toFixed(0)} ms behind its schedule (this process's own delay, counted in no latency)`)
    if (errorKinds.size) console.log(`[${db}] errors: ${[...errorKinds].map(([k, n]) => `${k} ×${n}`).join(', ')}`)
    console.log(
      `[${db}] feed: ${fed.deltas} deltas received, ${fed.delivered} marked result deltas delivered, ${fed.undelivered} undelivered, ${fed.duplicates} duplicates, ${fed.socketErrors} socket errors`,
    )
    console.log(
      `[${db}] server: CPU ${((srv.cpuUs / 1e6 / windowS) * 100).toFixed(0)} % of a core, RSS ${rssBase.toFixed(0)} MB at ${baseAt.toFixed(0)} s → ${rssEnd.toFixed(0)} MB at the end; ` +
        `clients process CPU ${((fed.cpuUs / 1e6 / windowS) * 100).toFixed(0)} % of a core; ` +
        `machine ${(busy * 100).toFixed(0)} % busy over ${os.cpus().length} cores, load average ${load0.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} (other work on the machine slows every figure)`,
    )
    console.log(
      `[${db}] server event loop: delay p99 ${srv.loop.p99.toFixed(1)} ms, max ${srv.loop.max.toFixed(0)} ms; garbage collection: ${srv.gc.count} pauses, ${srv.gc.total.toFixed(0)} ms in all, ${srv.gc.over20} over 20 ms, longest ${srv.gc.max.toFixed(1)} ms`,
    )
    if (srv.pool)
      console.log(
        `[${db}] server's PostgreSQL pools: ${srv.pool.checkouts} checkouts, wait for a connection p99 ${srv.pool.p99.toFixed(1)} ms, max ${srv.pool.max.toFixed(0)} ms; ` +
          `seconds with over 10 checkouts waiting: ${srv.pool.busySeconds.length ? srv.pool.busySeconds.map((x) => `${x.at} s (${x.waiting} waiting, ${x.total} open, ${x.idle} idle)`).join(', ') : 'none'}`,
      )
    if (profileFile) for (const line of summariseProfile(profileFile, 25)) console.log(`[${db}] ${line}`)
    const ok = errors === 0 && fed.undelivered === 0 && p99 <= 100
    console.log(`[${db}] goal: 0 errors, 0 undelivered, p99 ≤ 100 ms: ${ok ? 'met' : 'missed'}`)
    return figuresLine('load', {
      db,
      clients,
      rps,
      duration_s: duration,
      requests,
      errors,
      p99_ms: p99.toFixed(1),
      deltas_received: fed.deltas,
      rss_growth_mb: (rssEnd - rssBase).toFixed(1),
      undelivered: fed.undelivered,
    })
  } finally {
    await feed.stop()
    await server.stop()
  }
}

const phase = arg('phase')
if (phase === 'server') await serverPhase()
else if (phase === 'clients') {
  await clientsPhase()
  process.exit(0)
} else {
  const clients = Number(arg('clients') ?? 500)
  const rps = Number(arg('rps') ?? 200)
  const duration = Number(arg('duration') ?? 600)
  const only = arg('db')
  const profileDir = process.argv.includes('--profile') ? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-prof-')) : null
  const lines: string[] = []
  for (const db of process.env.PG_URL ? (['sqlite', 'pg'] as const) : (['sqlite'] as const))
    if (!only || only === db)
      lines.push(await run(db, clients, rps, duration, profileDir ? path.join(profileDir, `load-${db}.cpuprofile`) : undefined))
  // Kept for a closer look (callers of a hot function): the summaries above are only the top of it.
  if (profileDir) console.log(`profiles kept in ${profileDir}`)
  for (const line of lines) console.log(line)
  process.exit(0)
}
