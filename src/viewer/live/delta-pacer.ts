/**
 * When an open map takes the deltas that came: in the next animation frame, so that a change shows at once and a
 * busy feed costs one repaint per frame; but after a storm's batch (more than STORM_BATCH deltas) not before
 * STORM_GAP_MS have passed. At 1,000 changes a second the feed brings a batch every 50 ms, and a wall of 10,000
 * items repainted and handed its full-screen canvases to the compositor each time: that commit was half of the
 * soak's long tasks (issue 18 wall-soak, a traced run). Four pictures a second still show a storm as it goes.
 */
export const STORM_BATCH = 20
export const STORM_GAP_MS = 250

export interface DeltaPacer<T> {
  push(delta: T): void
  /** Drops what is pending and any planned apply (the map closed). */
  cancel(): void
}

export function deltaPacer<T>(apply: (batch: T[]) => void): DeltaPacer<T> {
  let pending: T[] = []
  let frame: number | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  /** performance.now() before which the next batch waits (after a storm's batch). */
  let notBefore = 0
  const run = () => {
    frame = null
    const batch = pending
    pending = []
    notBefore = batch.length > STORM_BATCH ? performance.now() + STORM_GAP_MS : 0
    apply(batch)
  }
  return {
    push(delta) {
      pending.push(delta)
      if (frame !== null || timer !== null) return
      const wait = notBefore - performance.now()
      if (wait <= 0) frame = requestAnimationFrame(run)
      else
        timer = setTimeout(() => {
          timer = null
          frame = requestAnimationFrame(run)
        }, wait)
    },
    cancel() {
      if (frame !== null) cancelAnimationFrame(frame)
      if (timer !== null) clearTimeout(timer)
      frame = timer = null
      pending = []
    },
  }
}
