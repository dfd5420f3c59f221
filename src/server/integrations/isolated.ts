/**
 * Imported files are read in a worker thread with a time limit (issue 13 "Time limits that hold"): a
 * hostile map or scan report cannot hold the event loop every tenant's calls, the feed and the engine's
 * writes share. A worker past its time is ended (SPEC §8 `timeout`). One worker is kept warm between files
 * (starting one with tsx costs about a second); files read at the same time each get their own.
 */
import { Worker } from 'node:worker_threads'
import { ApiError, type ErrorKey } from '../../shared/errors'
import type { IMPORT_FORMATS } from '../../shared/api/maps'
import { tsWorkerSource } from '../workers/source'
import type { Conversion } from './import/builder'
import type { LookupRow } from '../store/import-names'
import type { ParsedScan } from './risk-scans/index'

/** SPEC §7 "API timeout is 10 s": the client has given up by then. */
const PARSE_TIME_LIMIT_MS = 10_000
/** A parse tree of a 10 MB file fits well within this; a file that needs more is refused. */
const HEAP_MB = 512

export type ParseJob =
  { kind: 'map'; format: (typeof IMPORT_FORMATS)[number]; text: string; rows: LookupRow[] } | { kind: 'scan'; text: string }
export type FromParseWorker =
  | { ok: Conversion | ParsedScan }
  | { error: { key: ErrorKey; extra: Record<string, unknown> } }
  | { crash: { message: string; stack?: string } }

/** Files read at once: each may take a core and HEAP_MB, so a burst of uploads cannot take the machine. */
export const MAX_PARALLEL_PARSES = 2

let idle: Worker | undefined
let running = 0

function spawn(): Worker {
  return new Worker(tsWorkerSource(new URL('./isolated-worker.ts', import.meta.url)), {
    eval: true,
    stdout: false,
    stderr: false,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  })
}

export function parseIsolated(job: Extract<ParseJob, { kind: 'map' }>, limitMs?: number): Promise<Conversion>
export function parseIsolated(job: Extract<ParseJob, { kind: 'scan' }>, limitMs?: number): Promise<ParsedScan>
export async function parseIsolated(job: ParseJob, limitMs = PARSE_TIME_LIMIT_MS): Promise<Conversion | ParsedScan> {
  if (running >= MAX_PARALLEL_PARSES)
    throw new ApiError('service_not_available', {
      reason: 'other files are being read; try again in a moment',
      max_parallel: MAX_PARALLEL_PARSES,
    })
  running++
  try {
    return await parseIn(idle ?? spawn(), job, limitMs)
  } finally {
    running--
  }
}

async function parseIn(worker: Worker, job: ParseJob, limitMs: number): Promise<Conversion | ParsedScan> {
  idle = undefined
  worker.ref()
  let reusable = false
  try {
    return await new Promise<Conversion | ParsedScan>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ApiError('timeout', { field: 'body', limit_seconds: limitMs / 1000, reason: 'the file took too long to read' })),
        limitMs,
      )
      const done = () => {
        clearTimeout(timer)
        worker.removeAllListeners('message').removeAllListeners('error')
      }
      worker.once('message', (m: FromParseWorker) => {
        done()
        reusable = true
        if ('ok' in m) resolve(m.ok)
        else if ('error' in m) reject(new ApiError(m.error.key, m.error.extra))
        else reject(Object.assign(new Error(m.crash.message), { stack: m.crash.stack }))
      })
      worker.once('error', (err: Error & { code?: string }) => {
        done()
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ApiError('invalid_input', { field: 'body', reason: 'the file needs too much memory to read' })
            : err,
        )
      })
      worker.postMessage(job)
    })
  } finally {
    // A worker that answered is kept (not holding the process open); one that timed out or died is ended.
    if (reusable && !idle) {
      worker.unref()
      idle = worker
      worker.removeAllListeners('exit').once('exit', () => {
        if (idle === worker) idle = undefined
      })
    } else void worker.terminate()
  }
}
