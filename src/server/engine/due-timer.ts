/**
 * A timer that applies what is due and sleeps until the next moment something is (maintenance starting or
 * ending, acknowledgements expiring). It reads what is due from the database, so it survives restarts and
 * sees what other processes wrote, at the latest after MAX_SLEEP_MS.
 */

/** The timer sleeps at most this long, so changes made by another server process are picked up. */
const MAX_SLEEP_MS = 30_000

export interface DueTimerDeps {
  /** Applies what is due now; answers when to look again (unix seconds, Infinity for "nothing planned"). */
  tick(): Promise<number>
  onError(err: unknown): void
}

export function createDueTimer({ tick, onError }: DueTimerDeps) {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> = Promise.resolve()
  let stopped = true

  function plan(nextS: number) {
    if (stopped) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void wake(), Math.max(0, Math.min(nextS * 1000 - Date.now(), MAX_SLEEP_MS)))
    timer.unref()
  }

  /** Applies what is due now and plans the next wake-up; resolves when done. Runs one tick at a time. */
  function wake(): Promise<void> {
    if (stopped) return running
    // A failed tick (database away) is retried after MAX_SLEEP_MS.
    running = running
      .then(tick)
      .catch((err) => {
        onError(err)
        return Infinity
      })
      .then(plan)
    return running
  }

  return {
    wake,
    async start() {
      stopped = false
      await wake()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running
    },
  }
}
