/**
 * `run` once for all the calls of one tick, and at most once per `gapMs`: the first call after a quiet spell
 * runs at the next turn of the event loop, later ones wait for the gap to end and share that run.
 */
export function coalesce(run: () => void, gapMs: number, now: () => number = () => performance.now()): () => void {
  let last = -Infinity
  let due = false
  const go = () => {
    due = false
    last = now()
    run()
  }
  return () => {
    if (due) return
    due = true
    const wait = last + gapMs - now()
    if (wait > 0) setTimeout(go, wait)
    else setImmediate(go)
  }
}
