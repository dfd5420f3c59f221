/**
 * Runs checks in worker threads while the main thread keeps scheduling, state and writes (issue 3
 * "Figures": 10,000 checks per second on 2 cores). Measured in bench/engine: the sockets' system calls
 * and objects of a TCP check cost about as much as everything else the engine does for it, so on one
 * thread the event loop was the ceiling. Jobs and results cross in batches (one message per loop turn
 * each way), so the crossing costs a few µs per check.
 *
 * A worker that cannot start or dies takes its running checks with it as UNKNOWN results and the pool
 * runs every later check in the main thread instead: slower, never silent (onError logs why).
 */
import { Worker } from 'node:worker_threads'
import { tsWorkerSource } from '../workers/source'
import { checkKinds, runCheck, type CheckKindName, type CheckResult, type RunOptions } from './checks/index'
import type { FromWorker, Job, ToWorker } from './pool-worker'

export interface PoolOptions {
  /** worker threads; 0 runs every check in the main thread */
  size: number
  /** a worker that could not start or died (the engine's logger) */
  onError(error: unknown): void
}

interface Pending {
  resolve(result: CheckResult): void
  kind: CheckKindName
  onError: RunOptions['onError']
}

interface Slot {
  worker: Worker
  pending: Map<number, Pending>
  outbox: Job[]
  /** called once nothing is pending (while stopping) */
  drained?: () => void
}

// How long stop() waits for workers to hand back their cancelled checks before ending them.
const STOP_WAIT_MS = 2000

// A check's sockets and result are garbage at once: a young generation larger than the default means fewer
// scavenges (bench/engine: about 10 µs less CPU per TCP check, in the worker and in V8's helper threads).
const WORKER_OPTIONS = { eval: true, stdout: false, stderr: false, resourceLimits: { maxYoungGenerationSizeMb: 64 } }

const unknown = (output: string): CheckResult => ({ status: 3, output, perfdata: [] })

/** The worker's entry (a TypeScript module: workers/source.ts). */
const workerSource = () => tsWorkerSource(new URL('./pool-worker.ts', import.meta.url))

export function createCheckPool(opts: PoolOptions) {
  const slots: Slot[] = []
  let started = false
  let broken = false
  let stopping = false
  let nextId = 1
  let flushQueued = false

  function start() {
    started = true
    try {
      const source = workerSource()
      for (let i = 0; i < opts.size; i++) slots.push(spawn(source))
    } catch (err) {
      fail(err)
    }
  }

  function spawn(source: string): Slot {
    const slot: Slot = { worker: new Worker(source, WORKER_OPTIONS), pending: new Map(), outbox: [] }
    slot.worker.on('message', (m: FromWorker) => {
      if (m.type === 'error') return slot.pending.get(m.id)?.onError?.(Object.assign(new Error(m.message), { stack: m.stack }), m.kind)
      for (let i = 0; i < m.ids.length; i++) {
        const p = slot.pending.get(m.ids[i])
        if (!p) continue
        slot.pending.delete(m.ids[i])
        p.resolve(m.results[i])
      }
      if (!slot.pending.size) slot.drained?.()
    })
    slot.worker.on('error', (err) => fail(err))
    slot.worker.on('exit', (code) => {
      if (!stopping) fail(new Error(`check worker exited (${code})`))
    })
    return slot
  }

  /** From now on checks run in the main thread; what the workers held ends as UNKNOWN. */
  function fail(err: unknown) {
    if (!broken) opts.onError(err)
    broken = true
    for (const slot of slots.splice(0)) {
      for (const p of slot.pending.values()) p.resolve(unknown(`${p.kind} check failed: its worker thread stopped`))
      slot.pending.clear()
      void slot.worker.terminate()
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
    /** Runs one check (in a worker when there are any); always resolves. */
    run(kind: CheckKindName, config: unknown, options: RunOptions): Promise<CheckResult> {
      if (!started && opts.size > 0 && !stopping) start()
      if (broken || stopping || !slots.length) return runCheck(checkKinds[kind] as never, config, options)
      if (options.signal?.aborted) return Promise.resolve(unknown('check cancelled before it started'))
      // The least busy worker, so that one stuck behind slow targets does not hold the fast ones.
      let slot = slots[0]
      for (const s of slots) if (s.pending.size < slot.pending.size) slot = s
      const id = nextId++
      slot.outbox.push({ id, kind, config, address: options.address, timeoutMs: options.timeoutMs })
      if (!flushQueued) {
        flushQueued = true
        setImmediate(flush)
      }
      return new Promise((resolve) => slot.pending.set(id, { resolve, kind, onError: options.onError }))
    },
    /** worker threads running now (0 before the first check, without workers, or after a failure) */
    get threads() {
      return slots.length
    },
    /** Cancels what the workers run (their results come back as cancelled) and ends them. */
    async stop() {
      stopping = true
      flush()
      await Promise.all(slots.splice(0).map(async (slot) => {
        if (slot.pending.size) {
          slot.worker.postMessage({ type: 'stop' } satisfies ToWorker)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, STOP_WAIT_MS)
            slot.drained = () => {
              clearTimeout(timer)
              resolve()
            }
          })
          for (const p of slot.pending.values()) p.resolve(unknown(`${p.kind} check cancelled`))
        }
        await slot.worker.terminate()
      }))
    },
  }
}
export type CheckPool = ReturnType<typeof createCheckPool>
