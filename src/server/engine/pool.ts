/**
 * Runs checks in worker threads while the main thread keeps scheduling, state and writes (issue 3
 * "Figures": 10,000 checks per second on 2 cores). Measured in bench/engine: the sockets' system calls
 * and objects of a TCP check cost about as much as everything else the engine does for it, so on one
 * thread the event loop was the ceiling. Jobs and results cross in batches (one message per loop turn
 * each way), so the crossing costs a few µs per check.
 *
 * A check's own timeout is a timer in its worker, which a stuck regular expression never lets fire (review
 * M2), so the pool keeps a watchdog: a job still running WATCHDOG_GRACE_MS past its timeout (counted from when
 * its worker has loaded) ends its worker, a fresh worker takes its place, the job answers UNKNOWN, and the
 * worker's other jobs are sent again, once, to the live workers (a job caught in a second restart answers
 * UNKNOWN). A worker that dies is replaced the same way; past MAX_RESPAWNS deaths within RESPAWN_WINDOW_MS the
 * pool gives up on workers: checks run in the main thread, slower, never silent (onError logs why). A kind that `needsWorker` (a `content_regex`) never
 * runs in the main thread: without workers (size 0) one worker is started for such checks alone, and once the
 * pool has given up they answer UNKNOWN, so a regular expression can never freeze the server.
 */
import { Worker } from 'node:worker_threads'
import { tsWorkerSource } from '../workers/source'
import {
  checkKinds,
  runCheck,
  type CheckKind,
  type CheckKindName,
  type CheckResult,
  type PluginSettings,
  type RunOptions,
} from './checks/index'
import { formatSeconds } from './checks/common'
import type { FromWorker, Job, ToWorker, WorkerSetup } from './pool-worker'

interface PoolOptions {
  /** worker threads; 0 runs every check in the main thread, except those that need a worker */
  size: number
  /** a worker that could not start, died or was restarted (the engine's logger) */
  onError(error: unknown): void
  /** the plugin registry, handed to every worker */
  plugins?: PluginSettings
}

interface Pending {
  resolve(result: CheckResult): void
  job: Job
  onError: RunOptions['onError']
  /** Date.now() past which the watchdog ends the job's worker (Infinity while the worker is still loading) */
  deadline: number
  /** sent again once already, after its worker was replaced */
  resent: boolean
}

interface Slot {
  worker: Worker
  pending: Map<number, Pending>
  outbox: Job[]
  /** its modules are loaded (its first message): only then do its jobs' timeouts run */
  ready: boolean
  /** ended on purpose (watchdog, stop): its exit is not a death */
  retired: boolean
  /** called once nothing is pending (while stopping) */
  drained?: () => void
}

// How long stop() waits for workers to hand back their cancelled checks before ending them.
const STOP_WAIT_MS = 2000
// Past its timeout a check has runCheck's own second to wind down and report; the watchdog waits longer.
export const WATCHDOG_GRACE_MS = 3000
const WATCHDOG_TICK_MS = 250
const MAX_RESPAWNS = 5
const RESPAWN_WINDOW_MS = 60_000

// A check's sockets and result are garbage at once: a young generation larger than the default means fewer
// scavenges (bench/engine: about 10 µs less CPU per TCP check, in the worker and in V8's helper threads).
const WORKER_OPTIONS = { eval: true, stdout: false, stderr: false, resourceLimits: { maxYoungGenerationSizeMb: 64 } }

const unknown = (output: string): CheckResult => ({ status: 3, output, perfdata: [] })
const deadlineOf = (job: Job) => Date.now() + job.timeoutMs + WATCHDOG_GRACE_MS

/** The worker's entry (a TypeScript module: workers/source.ts). */
const workerSource = () => tsWorkerSource(new URL('./pool-worker.ts', import.meta.url))

export function createCheckPool(opts: PoolOptions) {
  const slots: Slot[] = []
  const setup: WorkerSetup = { plugins: opts.plugins }
  const deaths: number[] = []
  let source: string | undefined
  let broken = false
  let stopping = false
  let nextId = 1
  let flushQueued = false
  let watchdog: NodeJS.Timeout | undefined

  function start() {
    try {
      source ??= workerSource()
      while (slots.length < Math.max(opts.size, 1)) slots.push(spawn())
    } catch (err) {
      return giveUp(err)
    }
    watchdog ??= setInterval(watch, WATCHDOG_TICK_MS)
    watchdog.unref()
  }

  function spawn(): Slot {
    const slot: Slot = {
      worker: new Worker(source!, { ...WORKER_OPTIONS, workerData: setup }),
      pending: new Map(),
      outbox: [],
      ready: false,
      retired: false,
    }
    let failure: unknown
    slot.worker.on('message', (m: FromWorker) => {
      // Loading the check kinds takes a fresh worker from 0.4 s to several on a busy machine (CI): that is not
      // the checks' time, and counting it made a 0.3 s check "not finish within 3.3 s" and restarted the worker.
      if (m.type === 'ready') {
        slot.ready = true
        for (const p of slot.pending.values()) p.deadline = deadlineOf(p.job)
        return
      }
      if (m.type === 'error') return slot.pending.get(m.id)?.onError?.(Object.assign(new Error(m.message), { stack: m.stack }), m.kind)
      for (let i = 0; i < m.ids.length; i++) {
        const p = slot.pending.get(m.ids[i])
        if (!p) continue
        slot.pending.delete(m.ids[i])
        p.resolve(m.results[i])
      }
      if (!slot.pending.size) slot.drained?.()
    })
    slot.worker.on('error', (err) => {
      failure = err
    })
    slot.worker.on('exit', (code) => {
      if (!slot.retired && !stopping) died(slot, failure ?? new Error(`check worker exited (${code})`))
    })
    return slot
  }

  function died(slot: Slot, err: unknown) {
    opts.onError(err)
    const now = Date.now()
    deaths.push(now)
    while (deaths[0] < now - RESPAWN_WINDOW_MS) deaths.shift()
    if (deaths.length > MAX_RESPAWNS)
      giveUp(
        new Error(
          `check workers died ${deaths.length} times within ${RESPAWN_WINDOW_MS / 1000} s; checks run in the main thread from now on`,
        ),
      )
    else replace(slot, [])
  }

  /** Ends a worker and starts a fresh one in its place; `overdue` jobs answer UNKNOWN, the others go again. */
  function replace(slot: Slot, overdue: Pending[]) {
    slot.retired = true
    void slot.worker.terminate()
    try {
      slots[slots.indexOf(slot)] = spawn()
    } catch (err) {
      // The old slot is still listed: giving up answers what it held.
      return giveUp(err)
    }
    const unsent = new Set(slot.outbox.map((job) => job.id))
    const held = [...slot.pending.values()]
    slot.pending.clear()
    for (const p of overdue) {
      const limit = formatSeconds((p.job.timeoutMs + WATCHDOG_GRACE_MS) / 1000)
      const output = `${p.job.kind} check did not finish within ${limit} s; its worker was restarted`
      p.onError?.(new Error(output), p.job.kind)
      p.resolve(unknown(output))
    }
    for (const p of held) {
      if (overdue.includes(p)) continue
      if (p.resent && !unsent.has(p.job.id)) p.resolve(unknown(`${p.job.kind} check did not finish: its worker was restarted twice`))
      else dispatch({ ...p, resent: p.resent || !unsent.has(p.job.id) })
    }
  }

  /** From now on checks run in the main thread (never those that need a worker); what the workers held ends as UNKNOWN. */
  function giveUp(err: unknown) {
    if (!broken) opts.onError(err)
    broken = true
    clearInterval(watchdog)
    for (const slot of slots.splice(0)) {
      slot.retired = true
      for (const p of slot.pending.values()) p.resolve(unknown(`${p.job.kind} check failed: its worker thread stopped`))
      slot.pending.clear()
      void slot.worker.terminate()
    }
  }

  /** Replaces every worker that holds a job past its timeout and grace. */
  function watch() {
    const now = Date.now()
    for (const slot of [...slots]) {
      let overdue: Pending[] | undefined
      for (const p of slot.pending.values()) if (p.deadline < now) (overdue ??= []).push(p)
      if (overdue) replace(slot, overdue)
    }
  }

  /** Queues a job on the least busy worker, so that one stuck behind slow targets does not hold the fast ones. */
  function dispatch(p: Pending) {
    let slot = slots[0]
    for (const s of slots) if (s.pending.size < slot.pending.size) slot = s
    p.deadline = slot.ready ? deadlineOf(p.job) : Infinity
    slot.outbox.push(p.job)
    slot.pending.set(p.job.id, p)
    if (!flushQueued) {
      flushQueued = true
      setImmediate(flush)
    }
  }

  function flush() {
    flushQueued = false
    for (const slot of slots) {
      if (!slot.outbox.length) continue
      slot.worker.postMessage({ type: 'jobs', jobs: slot.outbox } satisfies ToWorker)
      slot.outbox = []
    }
  }

  return {
    /** Runs one check (in a worker when there are any, or when the check needs one); always resolves. */
    run(kind: CheckKindName, config: unknown, options: RunOptions): Promise<CheckResult> {
      const needsWorker = (checkKinds[kind] as CheckKind<unknown>).needsWorker?.(config) ?? false
      if (!needsWorker && (opts.size === 0 || broken || stopping))
        return runCheck(checkKinds[kind] as never, config, { ...options, plugins: opts.plugins })
      if (stopping || options.signal?.aborted) return Promise.resolve(unknown('check cancelled before it started'))
      if (!slots.length && !broken) start()
      if (broken) return Promise.resolve(unknown(`${kind} check not run: its worker threads failed, and it never runs in the main thread`))
      const job: Job = {
        id: nextId++,
        kind,
        config,
        address: options.address,
        policy: options.policy ?? null,
        hostName: options.hostName,
        secrets: options.secrets,
        memo: options.memo,
        timeoutMs: options.timeoutMs,
      }
      return new Promise((resolve) => dispatch({ resolve, job, onError: options.onError, deadline: 0, resent: false }))
    },
    /** worker threads running now (0 before the first check that needs one, or after the pool gave up) */
    get threads() {
      return slots.length
    },
    /** Cancels what the workers run (their results come back as cancelled) and ends them. */
    async stop() {
      stopping = true
      clearInterval(watchdog)
      flush()
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          slot.retired = true
          if (slot.pending.size) {
            slot.worker.postMessage({ type: 'stop' } satisfies ToWorker)
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, STOP_WAIT_MS)
              slot.drained = () => {
                clearTimeout(timer)
                resolve()
              }
            })
            for (const p of slot.pending.values()) p.resolve(unknown(`${p.job.kind} check cancelled`))
          }
          await slot.worker.terminate()
        }),
      )
    },
  }
}
export type CheckPool = ReturnType<typeof createCheckPool>
