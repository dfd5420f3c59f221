/**
 * Merges partial updates and sends them at most once per interval: the first at once, later ones
 * together when the interval has passed (SPEC §7 "PUT /users/current … throttled to once per 3 seconds").
 */
export interface SaverClock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
}

const realClock: SaverClock = { now: () => Date.now(), setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) }

export interface ThrottledSaver<T extends object> {
  save(partial: Partial<T>): void
  /** True while a merged update waits for its turn. */
  hasPending(): boolean
}

export function createThrottledSaver<T extends object>(
  send: (merged: Partial<T>) => Promise<unknown>,
  intervalMs: number,
  clock: SaverClock = realClock,
): ThrottledSaver<T> {
  let pending: Partial<T> | null = null
  let lastSent = Number.NEGATIVE_INFINITY
  let scheduled = false

  const flush = () => {
    scheduled = false
    if (pending === null) return
    const merged = pending
    pending = null
    lastSent = clock.now()
    // The error handler of the API client reports failures; nothing to add here.
    send(merged).catch(() => undefined)
  }

  return {
    save(partial) {
      pending = { ...pending, ...partial }
      if (scheduled) return
      const wait = lastSent + intervalMs - clock.now()
      if (wait <= 0) flush()
      else {
        scheduled = true
        clock.setTimeout(flush, wait)
      }
    },
    hasPending: () => pending !== null,
  }
}
