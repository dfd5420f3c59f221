/**
 * What a slideshow shows next (SPEC §3 Slideshow: maps rotated every `delay` seconds), with issue 7's
 * "follow alarms": when a map turns to a worse state and the problem is unhandled (not acknowledged, not
 * in maintenance), the slideshow jumps to it and holds it until the problem is handled or gone, then
 * resumes rotation. A pure reducer over (state, event), so the timing and the decisions are unit-tested.
 */
import { MAP } from '../../../shared/enums'
import { hostItemState, resourceItemState, worse, worstOf } from '../../../shared/maps/item-state'
import type { MapObjectState, MapStates } from '../../../shared/api/maps'

/** What follow alarms needs to know of one map. */
export interface MapAlarm {
  /** SPEC §4 MAP roll-up of the map. */
  map_state: number
  /** The worst MAP state among its objects whose problem nobody handles yet. */
  unhandled: number
}

export interface RotationConfig {
  mapIds: readonly number[]
  delayMs: number
  followAlarms: boolean
}

export interface Rotation {
  /** Position of the map shown. */
  index: number
  /** When it was shown (ms); rotation moves on `delayMs` later. */
  shownAt: number
  paused: boolean
  /** The map held by follow alarms, or null while rotating. */
  holding: number | null
  /** The last MAP state seen of each map: a change to worse is an alarm. */
  seen: Readonly<Record<number, number>>
}

export type RotationEvent =
  | { type: 'tick' | 'next' | 'previous' | 'pause' | 'resume'; now: number }
  | { type: 'states'; now: number; states: Readonly<Record<number, MapAlarm>> }

export const startRotation = (now: number): Rotation => ({ index: 0, shownAt: now, paused: false, holding: null, seen: {} })

/** A state that needs a person: warning, unreachable or down (not up, pending or nohost). */
export const isProblem = (mapState: number) => worse(MAP.pending, mapState) !== MAP.pending
const isWorse = (now: number, before: number | undefined) => before !== undefined && now !== before && worse(before, now) === now

/**
 * SPEC §2 "…/unhandled" (the Problems tables' rule, src/monitoring/filters.ts): handled = acknowledged or in
 * maintenance. A ticket does not count on its own: opening one acknowledges the object (store/tickets.ts), and
 * `tickets` keeps closed ones (SPEC §3 "the last is current") — a ticket whose acknowledgement ended at a
 * state change is a problem nobody handles until someone re-acknowledges it (SPEC §4 Tickets).
 */
const unhandledObject = (o: MapObjectState) => !o.acknowledged && o.scheduled_downtime_depth === 0

/** A map's alarm from its live states (GET maps/:id/states); `useHardState` as the map's SPEC §3 field. */
export function alarmOf(states: Pick<MapStates, 'map_state' | 'hosts' | 'resources'>, useHardState: boolean): MapAlarm {
  const unhandled = worstOf([
    ...states.hosts.filter(unhandledObject).map((h) => hostItemState(h, useHardState).map_state),
    ...states.resources.filter(unhandledObject).map((r) => resourceItemState(r, useHardState).map_state),
  ])
  return { map_state: states.map_state, unhandled }
}

const step = (r: Rotation, by: number, count: number, now: number): Rotation => ({
  ...r,
  index: count ? (((r.index + by) % count) + count) % count : 0,
  shownAt: now,
  holding: null,
})

export function rotate(r: Rotation, event: RotationEvent, config: RotationConfig): Rotation {
  const count = config.mapIds.length
  switch (event.type) {
    case 'tick':
      if (r.paused || r.holding !== null || event.now - r.shownAt < config.delayMs) return r
      return step(r, 1, count, event.now)
    // A person's choice ends a hold; the next alarm may take over again.
    case 'next':
      return step(r, 1, count, event.now)
    case 'previous':
      return step(r, -1, count, event.now)
    case 'pause':
      return { ...r, paused: true }
    case 'resume':
      return { ...r, paused: false, shownAt: event.now }
    case 'states':
      return observe(r, event.states, event.now, config)
  }
}

function observe(r: Rotation, states: Readonly<Record<number, MapAlarm>>, now: number, config: RotationConfig): Rotation {
  const seen = { ...r.seen }
  for (const [id, s] of Object.entries(states)) seen[Number(id)] = s.map_state
  if (!config.followAlarms) return { ...r, seen }
  // Newly worse maps with an unhandled problem, the worst first, then in slideshow order.
  const alarms = config.mapIds
    .map((id, index) => ({ id, index, s: states[id] }))
    .filter(({ id, s }) => s && isWorse(s.map_state, r.seen[id]) && isProblem(s.unhandled))
    .sort((x, y) => (x.s.unhandled === y.s.unhandled ? x.index - y.index : worse(x.s.unhandled, y.s.unhandled) === x.s.unhandled ? -1 : 1))
  if (alarms.length) return { ...r, seen, index: alarms[0].index, holding: alarms[0].id, shownAt: now }
  if (r.holding !== null) {
    const held = states[r.holding]
    // Handled (acknowledged, in maintenance), recovered or taken out: rotation resumes with a full delay from now.
    if (!config.mapIds.includes(r.holding) || (held && !isProblem(held.unhandled))) return { ...r, seen, holding: null, shownAt: now }
  }
  return { ...r, seen }
}
