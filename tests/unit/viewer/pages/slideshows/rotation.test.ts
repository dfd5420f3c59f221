/**
 * Slideshow rotation (SPEC §3 Slideshow: delay in seconds) and issue 7's "follow alarms": jump to a map
 * that turns worse with an unhandled problem, hold it while unhandled, resume rotation afterwards.
 */
import { describe, expect, it } from 'vitest'
import {
  alarmOf,
  rotate,
  startRotation,
  type MapAlarm,
  type Rotation,
  type RotationConfig,
  type RotationEvent,
} from '../../../../../src/viewer/pages/slideshows/rotation'
import { MAP } from '../../../../../src/shared/enums'
import type { MapObjectState } from '../../../../../src/shared/api/maps'

const config: RotationConfig = { mapIds: [11, 22, 33], delayMs: 10_000, followAlarms: true }
const run = (events: RotationEvent[], c = config, from = startRotation(0)): Rotation => events.reduce((r, e) => rotate(r, e, c), from)
const tick = (now: number): RotationEvent => ({ type: 'tick', now })
const states = (now: number, s: Record<number, MapAlarm>): RotationEvent => ({ type: 'states', now, states: s })
/** A map whose unhandled problems are `problems` (key → MAP state); `map_state` the worst of those and `handled`. */
function alarm(problems: Record<string, number>, handled: number = MAP.up): MapAlarm {
  const states = Object.values(problems)
  const worst = (list: number[]) =>
    list.reduce((w, s) => (w === MAP.up || s === MAP.down || (s === MAP.unreachable && w !== MAP.down) ? s : w), MAP.up)
  return {
    map_state: worst([...states, handled]),
    unhandled: worst(states),
    problems: Object.fromEntries(Object.entries(problems).map(([key, state]) => [key, { name: key, state }])),
  }
}
const up = alarm({})
const down = alarm({ 'host:1': MAP.down })
const downHandled = alarm({}, MAP.down)
const allUp = (now: number) => states(now, { 11: up, 22: up, 33: up })

describe('slideshow rotation (SPEC §3 delay)', () => {
  it('moves to the next map every delay and wraps around', () => {
    expect(run([tick(9_999)]).index).toBe(0)
    expect(run([tick(10_000)]).index).toBe(1)
    expect(run([tick(10_000), tick(20_000), tick(30_000)]).index).toBe(0)
  })

  it('stays while paused and restarts the delay on resume; next and previous step at once', () => {
    const paused = run([{ type: 'pause', now: 1 }, tick(50_000)])
    expect(paused.index).toBe(0)
    const resumed = run([{ type: 'resume', now: 50_000 }, tick(59_000)], config, paused)
    expect(resumed.index).toBe(0)
    expect(run([tick(60_000)], config, resumed).index).toBe(1)
    expect(run([{ type: 'previous', now: 5 }]).index).toBe(2)
    expect(
      run([
        { type: 'next', now: 5 },
        { type: 'next', now: 6 },
      ]).index,
    ).toBe(2)
  })
})

describe('follow alarms (issue 7)', () => {
  it('jumps to a map that turns worse with an unhandled problem and holds it past the delay', () => {
    const r = run([allUp(0), tick(10_000), states(12_000, { 11: up, 22: up, 33: down })])
    expect([r.index, r.holding]).toEqual([2, 33])
    expect(run([tick(60_000), tick(120_000)], config, r).index).toBe(2)
  })

  it('does not jump for maps already bad when the slideshow starts, nor for a handled problem', () => {
    expect(run([states(0, { 11: up, 22: down, 33: up })]).holding).toBeNull()
    const acknowledged = run([allUp(0), states(1_000, { 11: up, 22: downHandled, 33: up })])
    expect([acknowledged.index, acknowledged.holding]).toEqual([0, null])
  })

  it('resumes rotation with a full delay once the held problem is acknowledged or in maintenance', () => {
    const held = run([allUp(0), states(1_000, { 11: up, 22: down, 33: up })])
    const handled = run([states(30_000, { 11: up, 22: downHandled, 33: up })], config, held)
    expect([handled.index, handled.holding]).toEqual([1, null])
    expect(run([tick(39_999)], config, handled).index).toBe(1)
    expect(run([tick(40_000)], config, handled).index).toBe(2)
  })

  it('resumes when the held map recovers, and a new worsening jumps again', () => {
    const held = run([allUp(0), states(1_000, { 11: down, 22: up, 33: up })])
    const recovered = run([states(5_000, { 11: up, 22: up, 33: up })], config, held)
    expect(recovered.holding).toBeNull()
    const again = run([states(6_000, { 11: up, 22: alarm({ 'resource:4': MAP.warning }), 33: up })], config, recovered)
    expect([again.index, again.holding]).toEqual([1, 22])
  })

  it('picks the worst of several maps turning worse at once, then the first in slideshow order', () => {
    const warning = alarm({ 'resource:4': MAP.warning })
    expect(run([allUp(0), states(1, { 11: warning, 22: up, 33: down })]).holding).toBe(33)
    expect(run([allUp(0), states(1, { 11: up, 22: down, 33: down })]).holding).toBe(22)
  })

  it('jumps to a new unhandled DOWN beside an acknowledged DOWN, and says which problem it jumped for (issue 18)', () => {
    const acknowledged = alarm({}, MAP.down)
    const start = run([states(0, { 11: up, 22: acknowledged, 33: up })])
    const r = run([states(1_000, { 11: up, 22: alarm({ 'host:7': MAP.down }, MAP.down), 33: up })], config, start)
    expect([r.index, r.holding, r.reason]).toEqual([1, 22, { name: 'host:7', state: MAP.down }])
  })

  it('jumps again for a second new problem of a map already bad, and for a problem turning worse', () => {
    const first = run([allUp(0), states(1_000, { 11: down, 22: up, 33: up }), { type: 'next', now: 2_000 }])
    expect(first.index).toBe(1)
    const second = run([states(3_000, { 11: alarm({ 'host:1': MAP.down, 'resource:9': MAP.warning }), 22: up, 33: up })], config, first)
    expect([second.index, second.reason?.name]).toEqual([0, 'resource:9'])
    const moved = run([{ type: 'next', now: 4_000 }], config, second)
    const worse = run([states(5_000, { 11: alarm({ 'host:1': MAP.down, 'resource:9': MAP.down }), 22: up, 33: up })], config, moved)
    expect([worse.index, worse.reason?.name]).toEqual([0, 'resource:9'])
    // The same problems again are no news.
    const still = run(
      [{ type: 'next', now: 6_000 }, states(7_000, { 11: alarm({ 'host:1': MAP.down, 'resource:9': MAP.down }), 22: up, 33: up })],
      config,
      worse,
    )
    expect([still.index, still.holding]).toEqual([1, null])
  })

  it('a person going next or previous ends the hold', () => {
    const held = run([allUp(0), states(1_000, { 11: up, 22: down, 33: up })])
    const moved = run([{ type: 'next', now: 2_000 }], config, held)
    expect([moved.index, moved.holding]).toEqual([2, null])
  })

  it('only rotates when follow alarms is off', () => {
    const r = run([allUp(0), states(1_000, { 11: up, 22: down, 33: up })], { ...config, followAlarms: false })
    expect([r.index, r.holding]).toEqual([0, null])
  })
})

describe('alarm of a map from its live states (SPEC §4, issue 7)', () => {
  const object = (over: Partial<MapObjectState>): MapObjectState => ({
    id: 1,
    name: 'x',
    host_id: 1,
    host_name: 'x',
    hostgroup_id: 1,
    state: 'up',
    hard_state: null,
    state_type: 'hard',
    plugin_output: '',
    last_check: null,
    last_state_change: null,
    is_flapping: false,
    is_stale: false,
    acknowledged: false,
    scheduled_downtime_depth: 0,
    tickets: [],
    ...over,
  })

  it('counts only problems nobody handles: acknowledged and maintenance objects do not raise it', () => {
    const s = {
      map_state: MAP.down,
      hosts: [object({ state: 'down', acknowledged: true }), object({ id: 2, state: 'down', scheduled_downtime_depth: 1 })],
      resources: [object({ id: 3, state: 'warning' })],
    }
    expect(alarmOf(s, false)).toEqual({
      map_state: MAP.down,
      unhandled: MAP.warning,
      problems: { 'resource:3': { name: 'x: x', state: MAP.warning } },
    })
    expect(alarmOf({ ...s, resources: [] }, false).unhandled).toBe(MAP.nohost)
  })

  it('treats a ticketed problem as handled through its acknowledgement only, as the unhandled Problems view does (SPEC §2, §4 Tickets)', () => {
    // Opening a ticket acknowledges the object: handled.
    const ticketed = { map_state: MAP.down, hosts: [object({ state: 'down', acknowledged: true, tickets: ['T-1'] })], resources: [] }
    expect(alarmOf(ticketed, false).unhandled).toBe(MAP.nohost)
    // The acknowledgement ended at a state change (or the ticket was closed): the ticket alone hands it to nobody.
    const lapsed = { ...ticketed, hosts: [object({ state: 'down', acknowledged: false, tickets: ['T-1'] })] }
    expect(alarmOf(lapsed, false).unhandled).toBe(MAP.down)
  })

  it("follows the map's use_hard_state: a soft problem over a hard OK is no alarm", () => {
    const s = { map_state: MAP.up, hosts: [], resources: [object({ state: 'critical', hard_state: 'ok', state_type: 'soft' })] }
    expect(alarmOf(s, true)).toMatchObject({ unhandled: MAP.nohost, problems: {} })
    expect(alarmOf(s, false).unhandled).toBe(MAP.down)
  })
})
