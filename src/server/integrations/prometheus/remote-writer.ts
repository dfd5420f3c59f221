/**
 * Sends samples to a Prometheus-compatible store by remote write (issue 20 "Metrics out"), beside the engine and
 * never in its way: `push` only appends to a bounded queue. One request at a time takes up to `batchMax` samples,
 * at least every `flushMs`; a refused connection, a timeout, 5xx or 429 is tried again after a back-off that
 * doubles up to `backoffMaxMs` (the spec's "retry with backoff"), other 4xx are the receiver's final word (a
 * sample too old, out of order) and the batch is dropped. While the receiver is down the queue keeps the newest
 * `queueMax` samples and drops the oldest. Failures are logged, once per outage, and never stop Vigil.
 */
import { RELEASE } from '../../../shared/constants'
import type { RemoteWriteConfig } from '../../config'
import { encodeWrite, REMOTE_WRITE_HEADERS, type Sample } from './remote-write'

interface Log {
  error(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

export interface RemoteWriterOptions {
  config: RemoteWriteConfig
  log: Log
  /** samples in one request */
  batchMax?: number
  /** the longest a sample waits for a request */
  flushMs?: number
  /** samples kept while the receiver is slow or down; past it the oldest go */
  queueMax?: number
  timeoutMs?: number
  backoffMinMs?: number
  backoffMaxMs?: number
  /** how long stop() still tries to deliver what is queued */
  drainMs?: number
}

const DEFAULTS = {
  batchMax: 2000,
  flushMs: 1000,
  queueMax: 100_000,
  timeoutMs: 10_000,
  backoffMinMs: 500,
  backoffMaxMs: 30_000,
  drainMs: 2000,
}

function authorization(auth: RemoteWriteConfig['auth']): Record<string, string> {
  if (!auth) return {}
  if (auth.kind === 'bearer') return { authorization: `Bearer ${auth.token}` }
  return { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` }
}

const describe = (err: unknown) => (err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err))

export function createRemoteWriter(options: RemoteWriterOptions) {
  const o = { ...DEFAULTS, ...options }
  const headers = { ...REMOTE_WRITE_HEADERS, 'user-agent': `Vigil/${RELEASE}`, ...authorization(o.config.auth) }
  // The URL may hold a secret in its path or query: only its origin is logged.
  const receiver = new URL(o.config.url).origin
  const stopping = new AbortController()
  let queue: Sample[] = []
  let timer: NodeJS.Timeout | null = null
  let sending: Promise<void> | null = null
  let outage = 0
  let closing = false
  const stats = { sent: 0, dropped: 0, refused: 0, failedAttempts: 0 }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms)
      stopping.signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true })
    })

  /** One try: 'sent', 'retry' (worth another) or 'refused' (not). */
  async function attempt(body: Uint8Array<ArrayBuffer>): Promise<'sent' | 'retry' | 'refused'> {
    try {
      const res = await fetch(o.config.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(o.timeoutMs)]),
      })
      const text = (await res.text()).slice(0, 300)
      if (res.ok) return 'sent'
      const retry = res.status === 429 || res.status >= 500
      if (!retry || outage === 0) o.log.error({ receiver, status: res.status, answer: text }, 'remote write refused')
      return retry ? 'retry' : 'refused'
    } catch (err) {
      if (outage === 0 && !stopping.signal.aborted) o.log.error({ receiver, err: describe(err) }, 'remote write failed; retrying')
      return 'retry'
    }
  }

  async function deliver(batch: Sample[]) {
    const body = encodeWrite(batch)
    for (let tries = 0; ; tries++) {
      const outcome = await attempt(body)
      if (outcome === 'sent') {
        stats.sent += batch.length
        if (outage) o.log.warn({ receiver, attempts: outage + 1 }, 'remote write delivers again')
        outage = 0
        return
      }
      if (outcome === 'refused') {
        stats.refused += batch.length
        return
      }
      stats.failedAttempts++
      outage++
      if (stopping.signal.aborted) return
      await pause(Math.min(o.backoffMaxMs, o.backoffMinMs * 2 ** tries))
      if (stopping.signal.aborted) return
    }
  }

  async function run() {
    while (queue.length && !stopping.signal.aborted) {
      const batch = queue.slice(0, o.batchMax)
      queue = queue.slice(batch.length)
      await deliver(batch)
    }
  }

  function kick(ms: number) {
    if (sending || closing) return
    if (timer && ms > 0) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      sending = run().finally(() => {
        sending = null
        if (queue.length) kick(queue.length >= o.batchMax ? 0 : o.flushMs)
      })
    }, ms)
  }

  return {
    /** Queues samples; returns at once (the engine's hot path). */
    push(samples: readonly Sample[]) {
      if (closing || !samples.length) return
      for (const s of samples) queue.push(s)
      if (queue.length > o.queueMax) {
        const over = queue.length - o.queueMax
        queue = queue.slice(over)
        if (!stats.dropped) o.log.warn({ receiver, queueMax: o.queueMax }, 'remote write queue full; dropping the oldest samples')
        stats.dropped += over
      }
      kick(queue.length >= o.batchMax ? 0 : o.flushMs)
    },
    /** what was delivered, dropped from a full queue, refused by the receiver, and tries that failed */
    stats: () => ({ ...stats, queued: queue.length }),
    /** Delivers what is queued for at most `drainMs`, then gives up. */
    async stop() {
      closing = true
      const deadline = setTimeout(() => stopping.abort(), o.drainMs)
      if (timer) clearTimeout(timer)
      timer = null
      await sending
      await run()
      clearTimeout(deadline)
      stopping.abort()
    },
  }
}
export type RemoteWriter = ReturnType<typeof createRemoteWriter>
