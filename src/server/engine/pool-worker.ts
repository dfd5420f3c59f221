/**
 * A check worker thread (pool.ts): runs the jobs the main thread sends with the same runCheck as the
 * main thread would, and sends the results back in batches, one message per turn of its event loop.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { checkKinds, runCheck, type CheckKindName, type CheckMemo, type CheckResult, type PluginSettings } from './checks/index'
import type { TargetPolicy } from './target-policy'

export interface Job {
  id: number
  kind: CheckKindName
  config: unknown
  address: string
  /** issue 13 "Targets": null for a server admin's check */
  policy: TargetPolicy
  hostName?: string
  /** the host's opened secrets, only for kinds that use them */
  secrets?: Readonly<Record<string, string>>
  /** what the previous run of the check kept */
  memo?: CheckMemo
  timeoutMs: number
}

/** What a worker is started with (pool.ts). */
export interface WorkerSetup {
  plugins: PluginSettings | undefined
}

export type ToWorker = { type: 'jobs'; jobs: Job[] } | { type: 'stop' }
export type FromWorker =
  /** its modules are loaded: the jobs sent meanwhile start now */
  | { type: 'ready' }
  | { type: 'results'; ids: number[]; results: CheckResult[] }
  /** a check kind's bug, for the engine's log (the job's result is UNKNOWN as in the main thread) */
  | { type: 'error'; id: number; kind: string; message: string; stack?: string }

const port = parentPort
if (port) {
  const { plugins } = workerData as WorkerSetup
  const stopping = new AbortController()
  let ids: number[] = []
  let results: CheckResult[] = []
  let flushQueued = false

  const flush = () => {
    flushQueued = false
    port.postMessage({ type: 'results', ids, results } satisfies FromWorker)
    ids = []
    results = []
  }
  const report = (id: number, error: unknown, kind: string) => {
    const e = error instanceof Error ? error : new Error(String(error))
    port.postMessage({ type: 'error', id, kind, message: e.message, stack: e.stack } satisfies FromWorker)
  }
  const finished = (id: number, result: CheckResult) => {
    ids.push(id)
    results.push(result)
    if (!flushQueued) {
      flushQueued = true
      setImmediate(flush)
    }
  }
  const start = (job: Job) => {
    const options = {
      timeoutMs: job.timeoutMs,
      address: job.address,
      policy: job.policy,
      hostName: job.hostName,
      secrets: job.secrets,
      memo: job.memo,
      plugins,
      signal: stopping.signal,
      onError: (error: unknown, kind: string) => report(job.id, error, kind),
    }
    void runCheck(checkKinds[job.kind] as never, job.config, options).then((result) => finished(job.id, result))
  }

  port.on('message', (m: ToWorker) => {
    if (m.type === 'stop') stopping.abort(new Error('engine stopping'))
    else for (const job of m.jobs) start(job)
  })
  port.postMessage({ type: 'ready' } satisfies FromWorker)
}
