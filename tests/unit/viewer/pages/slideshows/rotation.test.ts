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
const up: MapAlarm = { map_state: MAP.up, unhandled: MAP.up }
const down: MapAlarm = { map_state: MAP.down, unhandled: MAP.down }
const downHandled: MapAlarm = { map_state: MAP.down, unhandled: MAP.up }
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
    const again = run([states(6_000, { 11: up, 22: { map_state: MAP.warning, unhandled: MAP.warning }, 33: up })], config, recovered)
    expect([again.index, again.holding]).toEqual([1, 22])
  })

  it('picks the worst of several maps turning worse at once, then the first in slideshow order', () => {
    const warning: MapAlarm = { map_state: MAP.warning, unhandled: MAP.warning }
    expect(run([allUp(0), states(1, { 11: warning, 22: up, 33: down })]).holding).toBe(33)
    expect(run([allUp(0), states(1, { 11: up, 22: down, 33: down })]).holding).toBe(22)
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
    expect(alarmOf(s, false)).toEqual({ map_state: MAP.down, unhandled: MAP.warning })
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
    expect(alarmOf(s, true).unhandled).toBe(MAP.up)
    expect(alarmOf(s, false).unhandled).toBe(MAP.down)
  })
})
