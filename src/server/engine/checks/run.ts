/**
 * Runs one check with a timeout: the engine's only entry into a check kind. A kind's failure to
 * reach its target is already a result; a rejection is our bug and becomes UNKNOWN (STYLE.md
 * "Engine"), and so does a kind that ignores its aborted signal.
 */
import { CheckTimeoutError, formatSeconds } from './common'
import type { CheckContext, CheckKind, CheckResult } from './types'

export interface RunOptions {
  timeoutMs: number
  /** SPEC §3 Host ip_address (else hostname), the target when the configuration names none */
  address: string
  /** the engine's own signal: aborting it cancels the check (shutdown) */
  signal?: AbortSignal
  /** where a kind's bug is reported (the engine's logger) */
  onError?: (error: unknown, kind: string) => void
}

// How long a kind may take to wind down after its signal aborted before we stop waiting for it.
const STOP_GRACE_MS = 1000

const unknown = (output: string): CheckResult => ({ status: 3, output, perfdata: [] })

/** Runs `kind` once; always resolves, never rejects. */
export function runCheck<C>(kind: CheckKind<C>, config: C, options: RunOptions): Promise<CheckResult> {
  const { timeoutMs, signal, onError } = options
  if (signal?.aborted) return Promise.resolve(unknown('check cancelled before it started'))
  return new Promise((resolve) => {
    const controller = new AbortController()
    const ctx: CheckContext = { signal: controller.signal, timeoutMs, address: options.address }
    let grace: NodeJS.Timeout | undefined
    let settled = false
    const abort = (reason: unknown) => {
      controller.abort(reason)
      grace = setTimeout(() => finish(unknown(`${kind.kind} check did not stop within ${formatSeconds((timeoutMs + STOP_GRACE_MS) / 1000)} s`)), STOP_GRACE_MS)
    }
    const timer = setTimeout(() => abort(new CheckTimeoutError(timeoutMs)), timeoutMs)
    const onParentAbort = () => abort(signal?.reason)
    signal?.addEventListener('abort', onParentAbort, { once: true })
    const finish = (result: CheckResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(grace)
      signal?.removeEventListener('abort', onParentAbort)
      resolve(result)
    }
    const fail = (error: unknown) => {
      onError?.(error, kind.kind)
      finish(unknown(`${kind.kind} check failed: ${error instanceof Error ? error.message : String(error)}`))
    }
    try {
      kind.run(config, ctx).then(finish, fail)
    } catch (error) {
      fail(error)
    }
  })
}
