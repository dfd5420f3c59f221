/**
 * Runs one check with a timeout: the engine's only entry into a check kind. A kind's failure to
 * reach its target is already a result; a rejection is our bug and becomes UNKNOWN (STYLE.md
 * "Engine"), and so does a kind that ignores being stopped.
 */
import { CheckTimeoutError, formatSeconds } from './common'
import type { CheckContext, CheckKind, CheckMemo, CheckResult, PluginSettings } from './types'
import type { TargetPolicy } from '../target-policy'

export interface RunOptions {
  timeoutMs: number
  /** SPEC §3 Host ip_address (else hostname), the target when the configuration names none */
  address: string
  /** issue 13 "Targets": the organization's allowed targets; null or absent for a server admin's check */
  policy?: TargetPolicy
  /** SPEC §3 Host name; defaults to the address */
  hostName?: string
  /** the host's secrets, opened by the engine for kinds that use them */
  secrets?: Readonly<Record<string, string>>
  /** the plugin registry (`command` checks) */
  plugins?: PluginSettings
  /** what the previous run of the same check kept */
  memo?: CheckMemo
  /** the engine's own signal: aborting it cancels the check (shutdown) */
  signal?: AbortSignal
  /** where a kind's bug is reported (the engine's logger) */
  onError?: (error: unknown, kind: string) => void
}

// How long a kind may take to wind down after being stopped before we stop waiting for it.
const STOP_GRACE_MS = 1000

const noop = () => {}
const NO_SECRETS: Readonly<Record<string, string>> = Object.freeze({})
const unknown = (output: string): CheckResult => ({ status: 3, output, perfdata: [] })

/** The context of one run: plain callbacks, and an AbortSignal only if the kind asks for one. */
class RunContext implements CheckContext {
  #controller: AbortController | undefined
  #listeners: (() => void)[] | undefined
  #stopped = false
  #reason: unknown

  readonly timeoutMs: number
  readonly address: string
  readonly policy: TargetPolicy
  readonly hostName: string
  readonly secrets: Readonly<Record<string, string>>
  readonly plugins: PluginSettings | undefined
  readonly memo: CheckMemo | undefined

  constructor(options: RunOptions) {
    this.timeoutMs = options.timeoutMs
    this.address = options.address
    this.policy = options.policy ?? null
    this.hostName = options.hostName ?? options.address
    this.secrets = options.secrets ?? NO_SECRETS
    this.plugins = options.plugins
    this.memo = options.memo
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController()
      if (this.#stopped) this.#controller.abort(this.#reason)
    }
    return this.#controller.signal
  }

  onStop(listener: () => void): () => void {
    if (this.#stopped) {
      queueMicrotask(listener)
      return noop
    }
    const listeners = (this.#listeners ??= [])
    listeners.push(listener)
    return () => {
      const at = listeners.indexOf(listener)
      if (at !== -1) listeners.splice(at, 1)
    }
  }

  stop(reason: unknown): void {
    if (this.#stopped) return
    this.#stopped = true
    this.#reason = reason
    this.#controller?.abort(reason)
    for (const listener of this.#listeners?.splice(0) ?? []) listener()
  }
}

/**
 * Checks running under each engine signal: one 'abort' listener per signal instead of one per check
 * (thousands of concurrent checks would otherwise trip Node's max-listeners warning and cost time).
 */
const running = new WeakMap<AbortSignal, Set<(reason: unknown) => void>>()

function onEngineStop(signal: AbortSignal, stop: (reason: unknown) => void): () => void {
  let set = running.get(signal)
  if (!set) {
    const fresh = new Set<(reason: unknown) => void>()
    running.set(signal, fresh)
    signal.addEventListener(
      'abort',
      () => {
        for (const s of [...fresh]) s(signal.reason)
      },
      { once: true },
    )
    set = fresh
  }
  set.add(stop)
  return () => set.delete(stop)
}

/** Runs `kind` once; always resolves, never rejects. */
export function runCheck<C>(kind: CheckKind<C>, config: C, options: RunOptions): Promise<CheckResult> {
  const { timeoutMs, signal, onError } = options
  if (signal?.aborted) return Promise.resolve(unknown('check cancelled before it started'))
  return new Promise((resolve) => {
    const ctx = new RunContext(options)
    let grace: NodeJS.Timeout | undefined
    let settled = false
    const stop = (reason: unknown) => {
      if (grace) return
      grace = setTimeout(
        () => finish(unknown(`${kind.kind} check did not stop within ${formatSeconds((timeoutMs + STOP_GRACE_MS) / 1000)} s`)),
        STOP_GRACE_MS,
      )
      ctx.stop(reason)
    }
    const timer = setTimeout(() => stop(new CheckTimeoutError(timeoutMs)), timeoutMs)
    const forget = signal ? onEngineStop(signal, stop) : noop
    const finish = (result: CheckResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(grace)
      forget()
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
