/** The scheduler (issue 3): due order, concurrency limit, spread of overdue checks at start. */
import { describe, expect, it } from 'vitest'
import { Scheduler } from '../../../src/server/engine/scheduler'
import { PENDING_STATE, NOT_FLAPPING } from '../../../src/server/engine/state/index'
import type { Target } from '../../../src/server/engine/target'

const target = (id: number, nextCheck: number | null, interval = 60, lastCheck: number | null = null, organizationId = 1): Target => ({
  key: `r:${id}`,
  type: 'resource',
  id,
  hostId: 1,
  hostgroupId: 1,
  organizationId,
  trusted: true,
  name: `r${id}`,
  hostName: 'h',
  address: '127.0.0.1',
  secrets: '',
  kind: 'tcp',
  config: {},
  configError: null,
  active: true,
  schedule: { check_interval: interval, retry_interval: 10, max_check_attempts: 3 },
  freshness: null,
  state: { ...PENDING_STATE, next_check: nextCheck, last_check: lastCheck },
  flap: NOT_FLAPPING,
  isStale: false,
  hasGraph: false,
})

describe('scheduler', () => {
  it('runs due checks in due order and never more than the concurrency limit at once', async () => {
    const started: number[] = []
    const release: (() => void)[] = []
    let maxRunning = 0
    let clock = 1_000_000
    const s = new Scheduler({
      concurrency: 2,
      now: () => clock,
      run: (t) =>
        new Promise<void>((resolve) => {
          started.push(t.id)
          maxRunning = Math.max(maxRunning, s.inFlight)
          release.push(resolve)
        }),
    })
    for (const [id, due] of [
      [1, 30],
      [2, 10],
      [3, 20],
      [4, 5000],
    ])
      s.plan(target(id, null), clock + due)
    clock += 100
    s.start()
    expect(started).toEqual([2, 3])
    release.shift()!()
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual([2, 3, 1])
    release.splice(0).forEach((r) => r())
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual([2, 3, 1])
    expect(maxRunning).toBeLessThanOrEqual(2)
    s.stop()
  })

  it('runs a target again that was reread and forgotten while its check ran, never twice at once (issue 20 takeover)', async () => {
    let clock = 1_000_000
    const started: number[] = []
    const release: (() => void)[] = []
    const s = new Scheduler({
      concurrency: 4,
      now: () => clock,
      run: (t) =>
        new Promise<void>((resolve) => {
          started.push(t.id)
          release.push(resolve)
        }),
    })
    s.start()
    s.plan(target(1, null), clock)
    expect(started).toEqual([1])
    // While it runs: its host's lease is handed back (forgotten), the target is reread (a new object), its host
    // taken again and planned due now. It must wait for the run in flight, not start beside it.
    s.forget('r:1')
    s.plan(target(1, null), clock)
    expect(started).toEqual([1])
    release.shift()!()
    await new Promise((r) => setImmediate(r))
    // The run ended: the reread target is due and runs (it was dropped for ever when the flag sat on the old object).
    clock += 10
    s.plan(target(1, null), clock)
    expect(started).toEqual([1, 1])
    s.stop()
  })

  it('spreads overdue checks that ran before over their interval at start, and runs new ones at once', () => {
    const now = 10_000_000
    const dues: number[] = []
    const s = new Scheduler({ concurrency: 1, now: () => now, run: async () => {} })
    const heapOf = (s as unknown as { heap: { items: { due: number }[] } }).heap
    for (let i = 0; i < 200; i++) s.plan(target(i, 0, 60, 1), undefined, true)
    dues.push(...heapOf.items.map((e) => e.due))
    expect(Math.min(...dues)).toBeGreaterThanOrEqual(now)
    expect(Math.max(...dues)).toBeLessThan(now + 60_000)
    // 200 checks over 60 s: no second holds more than a fair share several times over.
    const perSecond = new Map<number, number>()
    for (const d of dues) perSecond.set(Math.floor((d - now) / 1000), (perSecond.get(Math.floor((d - now) / 1000)) ?? 0) + 1)
    expect(Math.max(...perSecond.values())).toBeLessThan(15)
    s.plan(target(999, 0), undefined, false)
    expect(heapOf.items.some((e) => e.due === now)).toBe(true)
    // Never checked: runs at once even at start (a new host's state within seconds).
    const before = heapOf.items.length
    s.plan(target(1000, 0, 60, null), undefined, true)
    expect(heapOf.items.length).toBe(before + 1)
    expect(heapOf.items.filter((e) => e.due === now).length).toBe(2)
  })

  it("gives another organization's due check a slot at once while one organization's checks hang (issue 13 fair scheduler)", async () => {
    const clock = 1_000_000
    const started: string[] = []
    const s = new Scheduler({
      concurrency: 64,
      now: () => clock,
      run: (t) =>
        new Promise<void>(() => {
          started.push(`${t.organizationId}:${t.id}`)
        }),
    })
    s.start()
    // Organization 1 alone: a thousand checks that never end (a black-holed address) take all but the reserve.
    for (let i = 0; i < 1000; i++) s.plan(target(i, null, 10, null, 1), clock)
    expect(s.inFlight).toBe(60)
    // Organization 2's check, due now, starts now; so does organization 3's.
    s.plan(target(5000, null, 60, null, 2), clock)
    expect(started).toContain('2:5000')
    s.plan(target(6000, null, 60, null, 3), clock)
    expect(started).toContain('3:6000')
    s.stop()
  })

  it('round-robins free slots between organizations with due checks, and lets a lone organization use them all', async () => {
    let clock = 1_000_000
    const started: number[] = []
    const release: (() => void)[] = []
    const s = new Scheduler({
      concurrency: 4,
      now: () => clock,
      run: (t) =>
        new Promise<void>((resolve) => {
          started.push(t.organizationId)
          release.push(resolve)
        }),
    })
    for (let i = 0; i < 4; i++) s.plan(target(i, null, 60, null, 1), clock)
    s.start()
    expect(started).toEqual([1, 1, 1, 1])
    for (let i = 0; i < 50; i++) s.plan(target(100 + i, null, 60, null, 1), clock + 10)
    for (let i = 0; i < 50; i++) s.plan(target(200 + i, null, 60, null, 2), clock + 20)
    clock += 100
    release.splice(0).forEach((r) => r())
    await new Promise((r) => setImmediate(r))
    // Organization 1's checks were due first, yet both get their turns.
    expect(started.slice(4).sort()).toEqual([1, 1, 2, 2])
    s.stop()
  })

  it('lets an organization beyond its share start only its checks_per_second quota per second', async () => {
    let clock = 1_000_000
    const release: (() => void)[] = []
    const s = new Scheduler({
      concurrency: 64,
      now: () => clock,
      checksPerSecond: (org) => (org === 1 ? 5 : Infinity),
      run: () =>
        new Promise<void>((resolve) => {
          release.push(resolve)
        }),
    })
    s.start()
    s.plan(target(9999, null, 60, null, 2), clock + 3_600_000)
    // Two organizations with checks: a share is (64 - 4 reserved) / 2 = 30 slots, then 5 starts a second.
    for (let i = 0; i < 1000; i++) s.plan(target(i, null, 10, null, 1), clock)
    expect(s.inFlight).toBe(35)
    clock += 1000
    release.shift()!()
    await new Promise((r) => setImmediate(r))
    expect(s.inFlight).toBe(39)
    s.stop()
  })
})
