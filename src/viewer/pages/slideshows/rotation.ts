/**
 * What a slideshow shows next (SPEC §3 Slideshow: maps rotated every `delay` seconds), with issue 7's
 * "follow alarms": when a host or resource of a map gets a new unhandled problem (not acknowledged, not in
 * maintenance), the slideshow jumps to it and holds it until its problems are handled or gone, then resumes
 * rotation. Problems are compared object by object (issue 18), not as the map's worst state: a new DOWN
 * beside an acknowledged DOWN is a new problem. A pure reducer over (state, event), so the timing and the
 * decisions are unit-tested.
 */
import { MAP } from '../../../shared/enums'
import { hostItemState, resourceItemState, worse, worstOf } from '../../../shared/maps/item-state'
import type { MapObjectState, MapStates } from '../../../shared/api/maps'

/** An unhandled problem of one host or resource: what the wall says when it jumps to it. */
export interface Problem {
  name: string
  /** SPEC §4 MAP value of its state. */
  state: number
}

/** What follow alarms needs to know of one map. */
export interface MapAlarm {
  /** SPEC §4 MAP roll-up of the map. */
  map_state: number
  /** The worst MAP state among its objects whose problem nobody handles yet. */
  unhandled: number
  /** Its objects with an unhandled problem, by `host:<id>` / `resource:<id>`. */
  problems: Readonly<Record<string, Problem>>
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
  /** Why it holds: the new problem it jumped to. */
  reason: Problem | null
  /** The unhandled problems last seen of each map (key → MAP state): one not seen before, or worse, is an alarm. */
  seen: Readonly<Record<number, Readonly<Record<string, number>>>>
}

export type RotationEvent =
  | { type: 'tick' | 'next' | 'previous' | 'pause' | 'resume'; now: number }
  | { type: 'states'; now: number; states: Readonly<Record<number, MapAlarm>> }

export const startRotation = (now: number): Rotation => ({ index: 0, shownAt: now, paused: false, holding: null, reason: null, seen: {} })

/** A state that needs a person: warning, unreachable or down (not up, pending or nohost). */
export const isProblem = (mapState: number) => worse(MAP.pending, mapState) !== MAP.pending
const isWorse = (now: number, before: number) => now !== before && worse(before, now) === now

/**
 * SPEC §2 "…/unhandled" (the Problems tables' rule, src/monitoring/filters.ts): handled = acknowledged or in
 * maintenance. A ticket does not count on its own: opening one acknowledges the object (store/tickets.ts), and
 * `tickets` keeps closed ones (SPEC §3 "the last is current") — a ticket whose acknowledgement ended at a
 * state change is a problem nobody handles until someone re-acknowledges it (SPEC §4 Tickets).
 */
const unhandledObject = (o: MapObjectState) => !o.acknowledged && o.scheduled_downtime_depth === 0

/** A map's alarm from its live states (GET maps/:id/states); `useHardState` as the map's SPEC §3 field. */
export function alarmOf(states: Pick<MapStates, 'map_state' | 'hosts' | 'resources'>, useHardState: boolean): MapAlarm {
  const problems: Record<string, Problem> = {}
  const add = (key: string, name: string, state: number) => {
    if (isProblem(state)) problems[key] = { name, state }
  }
  for (const h of states.hosts.filter(unhandledObject)) add(`host:${h.id}`, h.name, hostItemState(h, useHardState).map_state)
  for (const r of states.resources.filter(unhandledObject))
    add(`resource:${r.id}`, `${r.host_name}: ${r.name}`, resourceItemState(r, useHardState).map_state)
  return { map_state: states.map_state, unhandled: worstOf(Object.values(problems).map((p) => p.state)), problems }
}

const step = (r: Rotation, by: number, count: number, now: number): Rotation => ({
  ...r,
  index: count ? (((r.index + by) % count) + count) % count : 0,
  shownAt: now,
  holding: null,
  reason: null,
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
  for (const [id, s] of Object.entries(states))
    seen[Number(id)] = Object.fromEntries(Object.entries(s.problems).map(([key, p]) => [key, p.state]))
  if (!config.followAlarms) return { ...r, seen }
  // New or worse unhandled problems of maps seen before (the first sight is the baseline), the worst first,
  // then in slideshow order.
  let alarm: { index: number; id: number; problem: Problem } | null = null
  config.mapIds.forEach((id, index) => {
    const before = r.seen[id]
    if (!states[id] || !before) return
    for (const [key, problem] of Object.entries(states[id].problems)) {
      if (before[key] !== undefined && !isWorse(problem.state, before[key])) continue
      if (!alarm || isWorse(problem.state, alarm.problem.state)) alarm = { index, id, problem }
    }
  })
  if (alarm) {
    const { index, id, problem } = alarm
    return { ...r, seen, index, holding: id, reason: problem, shownAt: now }
  }
  if (r.holding !== null) {
    const held = states[r.holding]
    // Handled (acknowledged, in maintenance), recovered or taken out: rotation resumes with a full delay from now.
    if (!config.mapIds.includes(r.holding) || (held && !isProblem(held.unhandled)))
      return { ...r, seen, holding: null, reason: null, shownAt: now }
  }
  return { ...r, seen }
}
