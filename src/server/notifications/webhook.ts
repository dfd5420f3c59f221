/**
 * The webhook channel of notifications (issue 5): a JSON POST to `VIGIL_NOTIFY_WEBHOOK`. A 2xx answer is
 * delivered; anything else (status, refused connection, timeout) is tried again after a back-off, and after
 * the last try the notification is FAILED with the last error. The URL may hold a secret (a token in its
 * path or query), so only its origin is ever recorded.
 */

/** Waits between tries: 4 tries over about half a minute, then FAILED. */
const RETRY_DELAYS_MS = [1000, 5000, 30_000] as const
const TIMEOUT_MS = 10_000

export interface Delivery {
  status: 'SENT' | 'FAILED'
  attempts: number
  last_error: string | null
}

interface WebhookOptions {
  delaysMs?: readonly number[]
  /** Stops waiting between tries (server stopping): the delivery ends FAILED. */
  signal?: AbortSignal
}

/** `https://hooks.example.com` of a webhook URL: what the event names as the contact. */
export function webhookOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'webhook'
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

export async function deliverWebhook(url: string, payload: unknown, options: WebhookOptions = {}): Promise<Delivery> {
  const delays = options.delaysMs ?? RETRY_DELAYS_MS
  const body = JSON.stringify(payload)
  let lastError: string | null = null
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Vigil notifications' },
        body,
        signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
      })
      await res.body?.cancel()
      if (res.ok) return { status: 'SENT', attempts: attempt, last_error: null }
      lastError = `HTTP ${res.status}`
    } catch (err) {
      lastError = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)
    }
    if (attempt > delays.length || options.signal?.aborted) return { status: 'FAILED', attempts: attempt, last_error: lastError }
    await wait(delays[attempt - 1], options.signal)
    if (options.signal?.aborted) return { status: 'FAILED', attempts: attempt, last_error: lastError }
  }
}
