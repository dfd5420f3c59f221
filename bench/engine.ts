/**
 * Engine throughput and memory (issue 3 "Figures"):
 *
 *   engine: checks_per_s=… bare_per_s=… engine_vs_bare=… fork_checks_per_s=… fork_ratio=… http_checks_per_s=… probe_checks_per_s=… probe_vs_engine=… rss_mb_100k=…
 *
 * Issue 20: every rate counts only checks that SUCCEEDED (an OK result, a `TCP OK` line, a completed connect), so a
 * run whose checks time out or are refused cannot pass for a fast one; what was written in all is printed beside.
 *
 * - checks_per_s: the real engine (createVigil: scheduler, checks in its worker threads, soft/hard and flapping,
 *   batched writes through ingest) running TCP checks of 20,000 resources at a 1 s interval against local
 *   listeners on 127.0.0.1…127.0.0.9 (another process), so it is saturated. Counted: results WRITTEN, i.e. the
 *   state deltas the engine publishes after each commit (not the stale sweep's), over a 10 s window after a
 *   warm-up that lasts until every resource has been written once, of which only OK results count; cross-checked
 *   against the perf_points rows
 *   of that window. The listeners behave as a service: they wait for the check to hang up. The same run
 *   against lean listeners (accept and close at once: about 60 % of the targets' CPU per check, which in real
 *   use would be other machines' CPU, not the engine's) is printed beside it, not a figure: the early close
 *   also costs the engine more when it is slow to hang up, so it is not simply a cheaper target.
 * - bare_per_s: the machine's ceiling for the same work: a bare Node loop that connects to the same service-like
 *   targets and hangs up, nothing else, at the same concurrency, in one process per core. engine_vs_bare is
 *   checks_per_s / bare_per_s, the engine's share of what the machine can physically do.
 * - fork_checks_per_s: Debian's /usr/lib/nagios/plugins/check_tcp run once per check (the Nagios
 *   fork-per-check model) through `xargs -P 8` against the same listeners, for the same window.
 * - http_checks_per_s: as checks_per_s with `http` checks of 10,000 resources against node:http servers.
 * - probe_checks_per_s: as checks_per_s, but the checks run in a probe process (src/probe, issue 20) that sends its
 *   results to the server over its HTTP link, where they are written as the engine's own; probe_vs_engine is its
 *   share of checks_per_s.
 * - rss_mb_100k: RSS of a fresh server process whose engine has 100,000 resources scheduled (interval one day,
 *   so none runs), after a forced GC. The same process with none is shown beside it.
 *
 *   npm run bench -- engine [--window=10] [--warmup=4] [--tcp=20000] [--http=10000] [--concurrency=256] [--workers=N] [--profile] [--only=tcp,lean,fork,bare,http,probe,rss]
 *
 * Also printed (not figures): the bare loop against lean targets, the CPU per check of the engine and of the targets, how busy the machine was (other load skews the rates; the
 * CPU per check much less), and the memory per scheduled resource.
 * --profile adds a short TCP run under the V8 CPU profiler (its window only) and prints where the engine's main
 * thread spends its CPU (scheduling, state, writes; the check threads are not in it); --only runs some phases
 * (the figures of the others print as n/a).
 * Every phase runs in its own process (bench/lib/child.ts). Figures are never pass/fail.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Session } from 'node:inspector/promises'
import type SQLite from 'better-sqlite3'
import { loadConfig } from '../src/server/config'
import { createVigil } from '../src/server/vigil'
import { arg, hear, runChild, tell, type Message } from './lib/child'
import { busyShare, machineCpu, summariseProfile } from './lib/cpu'
import { figuresLine } from './lib/stats'
import type { Endpoint } from './lib/targets-child'

const here = path.dirname(fileURLToPath(import.meta.url))
const self = fileURLToPath(import.meta.url)
const CHECK_TCP = '/usr/lib/nagios/plugins/check_tcp'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const nowS = () => Math.floor(Date.now() / 1000)
const ADMIN_PASSWORD = 'bench-admin-password'
const round = (x: number, digits = 0) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : 'n/a')

interface RunResult extends Message {
  warmupS: number
  /** results written per second, OK or not */
  writtenPerS: number
  /** OK results per second: the figure */
  checksPerS: number
  ok: number
  notOk: number
  sampleNotOk: string
  dbPerS: number
  cpuUsPerCheck: number
  machineBusy: number
  inFlightAvg: number
  loopDelayP99Ms: number
  threads: number
}

// ---------------------------------------------------------------------------------------------------------
// Child phases

/** A fresh database (migrations, first-start seed), filled with rows straight into the tables. */
async function freshDatabase(fill: (db: SQLite.Database, now: number) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-engine-'))
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: path.join(dir, 'vigil.db'),
    VIGIL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    VIGIL_SECRET_KEY: Buffer.from('vigil-bench-secret-key-32-bytes!').toString('base64'),
    VIGIL_ENGINE: '0',
    VIGIL_LOCAL_HOSTS: '0',
    LOG_LEVEL: 'silent',
  })
  const setup = await createVigil(config)
  const db = setup.store.sqlite!
  db.transaction(() => fill(db, nowS()))()
  await setup.close()
  return { dir, config: { ...config, engine: true } }
}

/** Hosts without a check of their own (so only resources run), one per address. */
function insertHosts(db: SQLite.Database, now: number, addresses: string[]): number[] {
  const ins = db.prepare(
    `INSERT INTO hosts (name, hostgroup_id, ip_address, check_kind, check_trusted, created_time, updated_time) VALUES (?, 1, ?, '', 1, ?, ?)`,
  )
  return addresses.map((ip, i) => Number(ins.run(`bench-host-${i}`, ip, now, now).lastInsertRowid))
}

function insertResources(
  db: SQLite.Database,
  now: number,
  n: number,
  hostIds: number[],
  kind: string,
  config: (i: number) => unknown,
  interval: number,
  nextCheck: number,
) {
  const ins =
    db.prepare(`INSERT INTO resources (host_id, hostgroup_id, host_name, name, display_name, check_kind, check_config, check_interval, retry_interval,
    next_check, created_time, updated_time, check_trusted) VALUES (?, 1, (SELECT name FROM hosts WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`)
  for (let i = 0; i < n; i++)
    ins.run(
      hostIds[i % hostIds.length],
      hostIds[i % hostIds.length],
      `r${i}`,
      `${kind} ${i}`,
      kind,
      JSON.stringify(config(i)),
      interval,
      interval,
      nextCheck,
      now,
      now,
    )
}

/** One saturated engine run: `n` resources of `kind` at a 1 s interval over the endpoints the parent sends. */
async function runPhase() {
  const kind = arg('kind') as 'tcp' | 'http'
  const n = Number(arg('n'))
  const warmupS = Number(arg('warmup'))
  const windowS = Number(arg('window'))
  const concurrency = Number(arg('concurrency'))
  const { endpoints } = await hear<Message & { endpoints: Endpoint[] }>('endpoints')
  const addresses = [...new Set(endpoints.map((e) => e.host))]
  const portsOf = new Map(addresses.map((a) => [a, endpoints.filter((e) => e.host === a).map((e) => e.port)]))
  const { dir, config } = await freshDatabase((db, now) => {
    const hostIds = insertHosts(db, now, addresses)
    // Resource i belongs to host i % hosts, so consecutive checks go to different addresses and ports.
    insertResources(
      db,
      now,
      n,
      hostIds,
      kind,
      (i) => {
        const ports = portsOf.get(addresses[i % addresses.length])!
        return kind === 'tcp'
          ? { port: ports[Math.floor(i / addresses.length) % ports.length] }
          : { port: ports[Math.floor(i / addresses.length) % ports.length], path: '/' }
      },
      1,
      now,
    )
  })

  const workers = arg('workers')
  const vigil = await createVigil(config, { concurrency, ...(workers ? { workers: Number(workers) } : {}) })
  // --via=probe: the checks run in a probe process (issue 20) and reach this server over its HTTP link.
  const probe = arg('via') === 'probe' ? await startProbe(vigil, dir, workers) : null
  let written = 0
  let ok = 0
  let sampleNotOk = ''
  let measuring = false
  const seen = new Set<number>()
  vigil.bus.subscribe((d) => {
    // Results only: the stale sweep publishes state deltas too (is_stale, nothing written but the flag).
    if (d.kind !== 'state' || d.object !== 'resource' || d.is_stale) return
    written++
    if (seen.size < n) seen.add(d.id)
    if (d.state === 'ok') ok++
    else if (measuring) sampleNotOk ||= d.plugin_output
  })
  // Warm-up: at least `warmupS`, and until every resource has been written once (its perf series exists),
  // so that the window measures the steady state; at most 120 s.
  const warmStart = Date.now()
  const warmT0 = performance.now()
  await sleep(warmupS * 1000)
  while (seen.size < n && Date.now() - warmStart < 120_000) await sleep(100)
  measuring = true

  const loop = monitorEventLoopDelay({ resolution: 10 })
  let inFlightSum = 0
  let inFlightN = 0
  const sampler = setInterval(() => {
    inFlightSum += vigil.engine.inFlight
    inFlightN++
  }, 50)
  loop.enable()
  // --profile=FILE: a CPU profile of the measuring window only (not of setup and warm-up).
  const profileFile = arg('profile')
  const inspector = profileFile ? new Session() : null
  if (inspector) {
    inspector.connect()
    await inspector.post('Profiler.enable')
    await inspector.post('Profiler.start')
  }
  await tell({ type: 'window-start' })
  const [w0, ok0, cpu0, m0, t0] = [written, ok, process.cpuUsage(), machineCpu(), performance.now()]
  const s0 = Date.now() / 1000
  await sleep(windowS * 1000)
  const [w1, ok1, cpu1, m1, t1] = [written, ok, process.cpuUsage(cpu0), machineCpu(), performance.now()]
  const s1 = Date.now() / 1000
  await tell({ type: 'window-end' })
  measuring = false
  loop.disable()
  clearInterval(sampler)
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop')
    fs.writeFileSync(profileFile!, JSON.stringify(profile))
    inspector.disconnect()
  }
  const seconds = (t1 - t0) / 1000
  const checks = w1 - w0

  // The same window seen in the database: perf points of whole seconds inside it (tcp writes one per check, http two).
  const from = Math.ceil(s0)
  const to = Math.floor(s1)
  const points = (
    vigil.store.sqlite!.prepare('SELECT count(*) AS n FROM perf_points WHERE t >= ? AND t < ?').get(from, to) as { n: number }
  ).n
  const threads = probe ? Number(workers ?? 1) : vigil.engine.threads
  if (probe) {
    probe.kill('SIGKILL')
    await new Promise((r) => probe.once('exit', r))
  }
  await vigil.close()
  fs.rmSync(dir, { recursive: true, force: true })
  await tell({
    type: 'result',
    warmupS: (t0 - warmT0) / 1000,
    writtenPerS: checks / seconds,
    checksPerS: (ok1 - ok0) / seconds,
    ok: ok1 - ok0,
    notOk: checks - (ok1 - ok0),
    sampleNotOk,
    dbPerS: points / (kind === 'tcp' ? 1 : 2) / Math.max(1, to - from),
    cpuUsPerCheck: (cpu1.user + cpu1.system) / checks,
    machineBusy: busyShare(m0, m1),
    inFlightAvg: inFlightSum / Math.max(1, inFlightN),
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    threads,
  } satisfies RunResult)
}

/**
 * A probe process (`npm run probe`'s program) for environment 1, where every bench resource is: from its first
 * sync on, the server's own engine runs none of them and their results arrive through POST /probe-link/results.
 */
async function startProbe(vigil: Awaited<ReturnType<typeof createVigil>>, dir: string, workers: string | undefined) {
  const base = await vigil.app.listen({ port: 0, host: '127.0.0.1' })
  const call = async (url: string, body: unknown, token?: string) => {
    const r = await fetch(`${base}/api/v1/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`)
    return (await r.json()) as { token: string }
  }
  const admin = await call('auth/login', { username: 'admin', password: ADMIN_PASSWORD })
  const created = await call('probes', { name: 'bench-probe', environment_ids: [1] }, admin.token)
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/probe/main.ts')], {
    env: {
      ...process.env,
      VIGIL_PROBE_SERVER: base,
      VIGIL_PROBE_TOKEN: created.token,
      VIGIL_PROBE_BUFFER: path.join(dir, 'probe-buffer.db'),
      VIGIL_PROBE_SYNC_MS: '1000',
      VIGIL_PROBE_SEND_MS: '250',
      VIGIL_PROBE_WORKERS: workers ?? '1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return child
}

/**
 * The ceiling: a bare Node loop (connect, hang up, count completed connects; nothing else) against the targets it is
 * sent, `concurrency` at once. One of several processes (one per core) of bareCeiling. Sends connections per second
 * and CPU µs per connection.
 */
async function barePhase() {
  const windowS = Number(arg('window'))
  const concurrency = Number(arg('concurrency'))
  const { endpoints } = await hear<Message & { endpoints: Endpoint[] }>('endpoints')
  let done = 0
  let i = 0
  let stop = false
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const e = endpoints[i++ % endpoints.length]
      const s = net.connect({ host: e.host, port: e.port, noDelay: true })
      s.once('connect', () => {
        done++
        s.destroy()
        resolve()
      })
      s.once('error', () => resolve())
    })
  const worker = async () => {
    while (!stop) await one()
  }
  const workers = Array.from({ length: concurrency }, worker)
  await sleep(1000)
  const [d0, cpu0, t0] = [done, process.cpuUsage(), performance.now()]
  await sleep(windowS * 1000)
  const [d1, cpu1, t1] = [done, process.cpuUsage(cpu0), performance.now()]
  stop = true
  await Promise.all(workers)
  await tell({ type: 'result', perS: (d1 - d0) / ((t1 - t0) / 1000), cpuUsPerCheck: (cpu1.user + cpu1.system) / (d1 - d0) })
}

/** Memory of the engine with `n` resources scheduled (none due), after a forced GC. */
async function rssPhase() {
  const n = Number(arg('n'))
  const perHost = 100
  const { dir, config } = await freshDatabase((db, now) => {
    const hostIds = insertHosts(
      db,
      now,
      Array.from({ length: Math.max(1, Math.ceil(n / perHost)) }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`),
    )
    insertResources(db, now, n, hostIds, 'tcp', (i) => ({ port: 1 + (i % 1000) }), 86400, now + 86400)
  })
  const vigil = await createVigil(config)
  let ran = 0
  vigil.bus.subscribe(() => ran++)
  await sleep(1000)
  const gc = (globalThis as { gc?: () => void }).gc
  for (let i = 0; i < 3; i++) {
    gc?.()
    await sleep(100)
  }
  const mem = process.memoryUsage()
  const targets = vigil.engine.targets.size
  await tell({ type: 'result', rssMb: mem.rss / 2 ** 20, heapMb: mem.heapUsed / 2 ** 20, targets, ran, gc: !!gc })
  await vigil.close()
  fs.rmSync(dir, { recursive: true, force: true })
}

// ---------------------------------------------------------------------------------------------------------
// The fork-per-check model

/** check_tcp once per check, 8 at a time (xargs -P 8), against the 127.0.0.1 listeners; checks per second. */
async function forkRate(ports: number[], warmupS: number, windowS: number) {
  if (!fs.existsSync(CHECK_TCP)) return { perS: NaN, ok: 0, lines: 0, busy: NaN }
  const xargs = spawn('xargs', ['-P', '8', '-n', '1', CHECK_TCP, '-H', '127.0.0.1', '-p'], {
    stdio: ['pipe', 'pipe', 'ignore'],
    detached: true,
  })
  let lines = 0
  let ok = 0
  let partial = ''
  xargs.stdout.setEncoding('utf8')
  xargs.stdout.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n')
    partial = parts.pop()!
    lines += parts.length
    for (const p of parts) if (p.startsWith('TCP OK')) ok++
  })
  const exited = new Promise((r) => xargs.on('exit', r))
  // At most 200,000 checks; xargs reads them as it goes (backpressure), and is stopped after the window.
  let i = 0
  xargs.stdin.on('error', () => {})
  const feed = () => {
    while (i < 200_000) if (!xargs.stdin.write(`${ports[i++ % ports.length]}\n`)) return void xargs.stdin.once('drain', feed)
    xargs.stdin.end()
  }
  feed()
  await sleep(warmupS * 1000)
  const [l0, ok0, m0, t0] = [lines, ok, machineCpu(), performance.now()]
  await sleep(windowS * 1000)
  const [l1, ok1, m1, t1] = [lines, ok, machineCpu(), performance.now()]
  process.kill(-xargs.pid!, 'SIGTERM')
  await exited
  return { perS: (ok1 - ok0) / ((t1 - t0) / 1000), ok: ok1 - ok0, lines: l1 - l0, busy: busyShare(m0, m1) }
}

// ---------------------------------------------------------------------------------------------------------
// The parent: targets, then each phase in turn

async function main() {
  const windowS = Number(arg('window') ?? 10)
  const warmupS = Number(arg('warmup') ?? 4)
  const tcpN = Number(arg('tcp') ?? 20_000)
  const httpN = Number(arg('http') ?? 10_000)
  const concurrency = Number(arg('concurrency') ?? 256)
  const pct = (x: number) => `${Math.round(x * 100)} %`
  const only = arg('only')?.split(',')
  const wanted = (phase: string) => !only || only.includes(phase)
  const skipped = { checksPerS: NaN }

  // Other processes on these 2 cores skew every rate: say how busy the machine was before we started.
  const idle0 = machineCpu()
  await sleep(1000)
  console.log(`machine busy before the run (other load): ${pct(busyShare(idle0, machineCpu()))}`)
  const targets = runChild(path.join(here, 'lib', 'targets-child.ts'), ['--addresses=9', '--ports=4'])
  try {
    const { tcp, lean, http } = await targets.next<Message & { tcp: Endpoint[]; lean: Endpoint[]; http: Endpoint[] }>('ready', 30_000)
    const targetCpu = async () => (await (targets.send({ type: 'cpu' }), targets.next<Message & { us: number }>('cpu'))).us

    const workers = arg('workers')
    const engineRun = async (
      kind: 'tcp' | 'http',
      n: number,
      endpoints: Endpoint[],
      extra: string[] = [],
      window = windowS,
      label: string = kind,
    ) => {
      const child = runChild(self, [
        '--phase=run',
        `--kind=${kind}`,
        `--n=${n}`,
        `--warmup=${warmupS}`,
        `--window=${window}`,
        `--concurrency=${concurrency}`,
        ...(workers ? [`--workers=${workers}`] : []),
        ...extra,
      ])
      child.send({ type: 'endpoints', endpoints })
      await child.next('window-start')
      const before = await targetCpu()
      await child.next('window-end')
      const targetUs = (await targetCpu()) - before
      const r = await child.next<RunResult>('result')
      await child.exited
      console.log(
        `${label}: ${n} resources @1 s, concurrency ${concurrency}, ${r.threads} check threads, ${window} s after ${r.warmupS.toFixed(0)} s warm-up: ${Math.round(r.checksPerS)} OK/s of ${Math.round(r.writtenPerS)} written/s (perf_points rows say ${Math.round(r.dbPerS)}/s); ` +
          `${r.ok} ok, ${r.notOk} not ok${r.sampleNotOk ? ` (e.g. "${r.sampleNotOk}")` : ''}; engine CPU ${r.cpuUsPerCheck.toFixed(0)} µs/check, ` +
          `machine busy ${pct(r.machineBusy)}, checks in flight avg ${r.inFlightAvg.toFixed(0)}, event loop delay p99 ${r.loopDelayP99Ms.toFixed(1)} ms ` +
          `; the targets process used ${(targetUs / (r.checksPerS * window)).toFixed(0)} µs CPU per check`,
      )
      return r
    }

    const tcpRun = wanted('tcp') ? await engineRun('tcp', tcpN, tcp) : skipped
    if (wanted('lean')) await engineRun('tcp', tcpN, lean, [], windowS, 'tcp, lean targets (accept and close; not a figure)')
    const fork = wanted('fork')
      ? await forkRate(
          tcp.filter((e) => e.host === '127.0.0.1').map((e) => e.port),
          1,
          windowS,
        )
      : { perS: NaN, ok: 0, lines: 0, busy: NaN }
    if (wanted('fork'))
      console.log(
        `fork: check_tcp via xargs -P 8: ${Math.round(fork.perS)} OK checks/s (${fork.ok} of ${fork.lines} "TCP OK"), machine busy ${pct(fork.busy)}`,
      )
    /** The bare loop in one process per core at once, `concurrency` connections in flight in all. */
    const bareCeiling = async (name: string, endpoints: Endpoint[]) => {
      const cores = os.availableParallelism()
      const children = Array.from({ length: cores }, () =>
        runChild(self, ['--phase=bare', `--window=${windowS}`, `--concurrency=${Math.ceil(concurrency / cores)}`]),
      )
      for (const child of children) child.send({ type: 'endpoints', endpoints })
      const rs = await Promise.all(children.map((c) => c.next<Message & { perS: number; cpuUsPerCheck: number }>('result')))
      await Promise.all(children.map((c) => c.exited))
      const perS = rs.reduce((sum, r) => sum + r.perS, 0)
      const cpuUs = rs.reduce((sum, r) => sum + r.cpuUsPerCheck * r.perS, 0) / perS
      console.log(
        `bare loop (connect + hang up, nothing else; ${cores} processes, concurrency ${concurrency} in all, ${name} targets): ${Math.round(perS)} connections/s, CPU ${cpuUs.toFixed(0)} µs/connection`,
      )
      return perS
    }
    const bare = wanted('bare') ? await bareCeiling('service-like', tcp) : NaN
    if (wanted('bare')) await bareCeiling('lean (not a figure)', lean)
    const httpRun = wanted('http') ? await engineRun('http', httpN, http) : skipped
    // Issue 20: the same tcp checks run by a probe process and sent to this server over its HTTP link.
    const probeRun = wanted('probe') ? await engineRun('tcp', tcpN, tcp, ['--via=probe'], windowS, 'tcp through a probe') : skipped

    const rss = async (n: number) => {
      const child = runChild(self, ['--phase=rss', `--n=${n}`], ['--expose-gc'])
      const r = await child.next<Message & { rssMb: number; heapMb: number; targets: number; ran: number; gc: boolean }>('result')
      await child.exited
      console.log(
        `memory: ${n} resources scheduled (${r.targets} targets, ${r.ran} results while measuring): rss ${r.rssMb.toFixed(0)} MB, heap used ${r.heapMb.toFixed(0)} MB${r.gc ? ', after gc()' : ''}`,
      )
      return r.rssMb
    }
    const rss0 = wanted('rss') ? await rss(0) : NaN
    const rss100k = wanted('rss') ? await rss(100_000) : NaN
    if (wanted('rss')) console.log(`memory: ${(((rss100k - rss0) * 2 ** 20) / 100_000).toFixed(0)} bytes of RSS per scheduled resource`)

    if (process.argv.includes('--profile')) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-prof-'))
      const file = path.join(dir, 'engine-tcp.cpuprofile')
      console.log('profiling the tcp run (the profiler slows it down):')
      await engineRun('tcp', tcpN, tcp, [`--profile=${file}`], 5, 'tcp, profiled')
      for (const line of summariseProfile(file)) console.log(line)
      fs.rmSync(dir, { recursive: true, force: true })
    }

    console.log(
      figuresLine('engine', {
        checks_per_s: round(tcpRun.checksPerS),
        bare_per_s: round(bare),
        engine_vs_bare: round(tcpRun.checksPerS / bare, 2),
        fork_checks_per_s: round(fork.perS),
        fork_ratio: round(tcpRun.checksPerS / fork.perS, 1),
        http_checks_per_s: round(httpRun.checksPerS),
        probe_checks_per_s: round(probeRun.checksPerS),
        probe_vs_engine: round(probeRun.checksPerS / tcpRun.checksPerS, 2),
        rss_mb_100k: round(rss100k),
      }),
    )
  } finally {
    await targets.stop()
  }
}

const phase = arg('phase')
if (phase === 'run') await runPhase()
else if (phase === 'rss') await rssPhase()
else if (phase === 'bare') await barePhase()
else await main()
process.exit(0)
