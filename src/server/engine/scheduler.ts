/**
 * Runs every active check at its interval (retry interval while SOFT) with a concurrency limit and a
 * timeout. Overdue checks at start are spread over their interval so they do not bunch up.
 */
import { DueHeap } from './heap'
import type { Target } from './target'

export interface SchedulerOptions {
  concurrency: number
  /** runs one check; resolves when its result has been handed on */
  run(target: Target): Promise<void>
  now?: () => number
}

/** A stable spread of a key over [0, 1): the same host lands on the same offset every start. */
function spread(key: string): number {
  let h = 2166136261
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619)
  // FNV-1a then MurmurHash3's finaliser: sequential keys (r:1, r:2, …) land far apart.
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 2 ** 32
}

export class Scheduler {
  private heap = new DueHeap()
  private gens = new Map<string, number>()
  private targets = new Map<string, Target>()
  private running = 0
  private timer: NodeJS.Timeout | null = null
  /** when `timer` fires (ms) */
  private timerDue = Infinity
  private readonly onTimer = () => {
    this.timer = null
    this.wake()
  }
  private stopped = true
  private readonly now: () => number

  constructor(private readonly opts: SchedulerOptions) {
    this.now = opts.now ?? Date.now
  }

  get inFlight() {
    return this.running
  }

  start() {
    this.stopped = false
    this.wake()
  }

  stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  /**
   * (Re)plans a target at `dueMs`, else at its stored next_check. With `spreadOverdue` (at start, after
   * downtime) an overdue check that ran before is spread over its interval (at most 5 minutes) instead of
   * running at once.
   */
  plan(t: Target, dueMs?: number, spreadOverdue = false) {
    if (!t.active) return this.forget(t.key)
    const now = this.now()
    let due = dueMs ?? (t.state.next_check ?? 0) * 1000
    // Never-checked targets run at once: a new host shows its state within seconds, even at first start.
    if (due < now) due = spreadOverdue && t.state.last_check !== null ? now + spread(t.key) * Math.min(t.schedule.check_interval, 300) * 1000 : now
    const gen = (this.gens.get(t.key) ?? 0) + 1
    this.gens.set(t.key, gen)
    this.targets.set(t.key, t)
    this.heap.push({ due, key: t.key, gen })
    const head = this.heap.peek()
    if (head && head.key === t.key && head.gen === gen) this.wake()
  }

  forget(key: string) {
    this.gens.set(key, (this.gens.get(key) ?? 0) + 1)
    this.targets.delete(key)
  }

  private wake() {
    if (this.stopped) return
    const now = this.now()
    while (this.running < this.opts.concurrency) {
      const head = this.heap.peek()
      if (!head) return
      if (this.gens.get(head.key) !== head.gen) {
        this.heap.pop()
        continue
      }
      if (head.due > now) {
        // A timer for this moment or an earlier one stays: when checks are not backlogged, re-arming it
        // after every finished check was a clearTimeout and a setTimeout per check.
        if (this.timer && this.timerDue <= head.due) return
        if (this.timer) clearTimeout(this.timer)
        const wait = Math.min(head.due - now, 60_000)
        this.timerDue = now + wait
        this.timer = setTimeout(this.onTimer, wait)
        return
      }
      this.heap.pop()
      const t = this.targets.get(head.key)
      if (!t || t.running) continue
      t.running = true
      this.running++
      this.opts.run(t).finally(() => {
        t.running = false
        this.running--
        this.wake()
      })
    }
  }
}
