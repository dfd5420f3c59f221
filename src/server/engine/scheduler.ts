/**
 * Runs every active check at its interval (retry interval while SOFT) with a concurrency limit and a
 * timeout. Overdue checks at start are spread over their interval so they do not bunch up.
 *
 * Issue 13 "fair scheduler": one organization's checks must not delay another's (review M7: 3,000 checks
 * against a black-holed address held all 256 slots). Due checks wait in a queue per organization, and free
 * slots go round-robin to the organizations with due checks. An organization may always fill its share of
 * the slots (those beyond a small reserve, divided by the organizations with checks); beyond it, only while
 * more than the reserve stays free and within its checks_per_second quota. So another organization's due
 * check starts at once even while one organization's slow checks hang, and a lone busy organization still
 * uses all but the reserve.
 */
import { DueHeap, ReadyQueue } from './heap'
import type { Target } from './target'

interface SchedulerOptions {
  concurrency: number
  /** runs one check; resolves when its result has been handed on */
  run(target: Target): Promise<void>
  now?: () => number
  /** an organization's checks_per_second quota (issue 13): what it may start per second beyond its share */
  checksPerSecond?: (organizationId: number) => number
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

/**
 * Slots kept free for organizations below their share: a newcomer's first check (one with no checks a
 * moment ago) starts at once too. A lone busy organization still uses 15/16 of the slots (all of fewer than 16).
 */
const RESERVE_SHARE = 1 / 16

/** An organization's due checks and how many of its checks run. */
interface Tenant {
  organizationId: number
  ready: ReadyQueue
  running: number
  /** tracked targets of the organization; the tenant is dropped when none is left */
  targets: number
  /** in the round-robin rotation (it has due checks) */
  queued: boolean
  /** checks it may still start beyond its share (a token bucket of checks_per_second, one second deep) */
  tokens: number
  refilledAt: number
}

export class Scheduler {
  private heap = new DueHeap()
  private gens = new Map<string, number>()
  private targets = new Map<string, Target>()
  private tenants = new Map<number, Tenant>()
  /** organizations with due checks, served in turn */
  private rotation: Tenant[] = []
  private running = 0
  /**
   * Keys with a check in flight. Kept by key, not on the Target: a target reread while its check runs (edited,
   * or its host's lease handed back and taken again, issue 20) is a new object, and a flag on the old one
   * either stayed set on the new one for ever (it never ran again) or was lost (it ran twice at once).
   */
  private inFlightKeys = new Set<string>()
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
    if (due < now)
      due = spreadOverdue && t.state.last_check !== null ? now + spread(t.key) * Math.min(t.schedule.check_interval, 300) * 1000 : now
    const gen = (this.gens.get(t.key) ?? 0) + 1
    this.gens.set(t.key, gen)
    const old = this.targets.get(t.key)
    if (old !== t) {
      if (old) this.untrack(old)
      this.tenantOf(t.organizationId).targets++
    }
    this.targets.set(t.key, t)
    this.heap.push({ due, key: t.key, gen })
    const head = this.heap.peek()
    if (head && head.key === t.key && head.gen === gen) this.wake()
  }

  forget(key: string) {
    this.gens.set(key, (this.gens.get(key) ?? 0) + 1)
    const old = this.targets.get(key)
    if (old) this.untrack(old)
    this.targets.delete(key)
  }

  private tenantOf(organizationId: number): Tenant {
    let tenant = this.tenants.get(organizationId)
    if (!tenant)
      this.tenants.set(
        organizationId,
        (tenant = {
          organizationId,
          ready: new ReadyQueue(),
          running: 0,
          targets: 0,
          queued: false,
          tokens: Infinity,
          refilledAt: this.now(),
        }),
      )
    return tenant
  }

  private untrack(t: Target) {
    const tenant = this.tenants.get(t.organizationId)
    if (!tenant) return
    tenant.targets--
    this.dropIfIdle(tenant)
  }

  /** An organization without checks, due or running, no longer counts for the shares. */
  private dropIfIdle(tenant: Tenant) {
    if (tenant.targets <= 0 && !tenant.running && !tenant.queued && this.tenants.get(tenant.organizationId) === tenant)
      this.tenants.delete(tenant.organizationId)
  }

  /** Moves every due check from the heap into its organization's queue; arms the timer for the next one. */
  private collectDue(now: number) {
    for (;;) {
      const head = this.heap.peek()
      if (!head) return
      // A replanned or forgotten target's old entry goes at once, so no timer is armed for it.
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
      if (!t) continue
      const tenant = this.tenantOf(t.organizationId)
      tenant.ready.push(head)
      if (!tenant.queued) {
        tenant.queued = true
        this.rotation.push(tenant)
      }
    }
  }

  /** The next check of a tenant still current and not running, or undefined when its queue holds none. */
  private nextOf(tenant: Tenant): Target | undefined {
    for (;;) {
      const e = tenant.ready.peek()
      if (!e) return undefined
      const t = this.targets.get(e.key)
      if (t && this.gens.get(e.key) === e.gen && !this.inFlightKeys.has(e.key)) return t
      tenant.ready.shift()
    }
  }

  /**
   * Takes one start beyond the tenant's share from its checks_per_second budget, when there is one. A tenant
   * beyond its share has checks running, whose ends wake the scheduler again: no timer is needed.
   */
  private spend(tenant: Tenant, now: number) {
    const budget = this.opts.checksPerSecond?.(tenant.organizationId) ?? Infinity
    if (budget === Infinity) return true
    tenant.tokens = Math.min(budget, tenant.tokens + ((now - tenant.refilledAt) / 1000) * budget)
    tenant.refilledAt = now
    if (tenant.tokens < 1) return false
    tenant.tokens--
    return true
  }

  private wake() {
    if (this.stopped) return
    const now = this.now()
    this.collectDue(now)
    const { concurrency } = this.opts
    const reserve = Math.floor(concurrency * RESERVE_SHARE)
    const share = Math.max(1, Math.floor((concurrency - reserve) / Math.max(1, this.tenants.size)))
    // Tenants passed over in a row because they are at their share: when all are, no one may start now.
    let held = 0
    while (this.running < concurrency && held < this.rotation.length) {
      const tenant = this.rotation.shift()!
      const t = this.nextOf(tenant)
      if (!t) {
        tenant.queued = false
        this.dropIfIdle(tenant)
        continue
      }
      this.rotation.push(tenant)
      if (tenant.running >= share && (concurrency - this.running <= reserve || !this.spend(tenant, now))) {
        held++
        continue
      }
      held = 0
      tenant.ready.shift()
      this.launch(t, tenant)
    }
  }

  private launch(t: Target, tenant: Tenant) {
    this.inFlightKeys.add(t.key)
    this.running++
    tenant.running++
    this.opts.run(t).finally(() => {
      this.inFlightKeys.delete(t.key)
      this.running--
      tenant.running--
      this.dropIfIdle(tenant)
      this.wake()
    })
  }
}
