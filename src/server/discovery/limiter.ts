/**
 * Issue 15 discovery "bounded in rate": a sweep starts at most `perSecond` probes a second, spaced evenly, and
 * runs at most `concurrency` at once, so one sweep neither floods a customer's network nor the server.
 */
export type Limited = <T>(probe: () => Promise<T>) => Promise<T>

export function limiter(perSecond: number, concurrency: number): Limited {
  const gapMs = 1000 / perSecond
  const waiting: (() => void)[] = []
  let running = 0
  let nextStart = 0

  const acquire = () => (running < concurrency ? (running++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)))
  // A freed slot passes straight to the next waiter, so a newcomer cannot take it in between.
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running--
  }

  return async (probe) => {
    await acquire()
    try {
      const now = Date.now()
      const at = Math.max(now, nextStart)
      nextStart = at + gapMs
      if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now))
      return await probe()
    } finally {
      release()
    }
  }
}
