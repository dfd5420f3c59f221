/**
 * How a bound item's live state is worked out (SPEC §4 MAP and HOST_MAP_STATE). Each item kind maps its
 * binding to a state through these helpers; rollup.ts combines them.
 */
import { HOST_MAP_STATE, MAP } from '../enums'

/** What the roll-up needs of a host's or resource's live state. */
export interface ObjectState {
  state: string
  /** The last hard state; used instead of `state` when the map has use_hard_state (SPEC §3 Map). */
  hard_state?: string | null
}

export interface ItemState {
  /** SPEC §4 MAP value. */
  map_state: number
  /** SPEC §4 HOST_MAP_STATE value, for host and resource items. */
  host_map_state: number | null
  /** Set on a nested map item that was not followed (cycle or depth): its state is unknown. */
  recursion?: boolean
  /** States of an item's parts (a rack's slots, by host id), each rolled up as a host item is. */
  parts?: Readonly<Record<number, ItemState>>
}

/** What an item kind may ask while working out its state. */
export interface StateContext {
  /** A host item's state: the worst of the host and its resources, or the host alone (the map's host_only). */
  host(id: number): ItemState
  resource(id: number): ItemState
  environment(id: number): ItemState
  /** The roll-up of a nested map (guarded against cycles and depth by the caller). */
  map(id: number): ItemState
}

/** Rank of MAP values for "worst wins": nohost < up < pending < warning < unreachable < down. */
const RANK: Record<number, number> = {
  [MAP.nohost]: 0,
  [MAP.up]: 1,
  [MAP.pending]: 2,
  [MAP.warning]: 3,
  [MAP.unreachable]: 4,
  [MAP.down]: 5,
}
export const worse = (a: number, b: number) => (RANK[b] > RANK[a] ? b : a)

/**
 * Tie-break inside one MAP value (SPEC §4 severity): the resource order ok < unknown < warning < critical,
 * and a host's own state before a resource's at the same MAP value (a down host says more than a critical check).
 */
const HOST_MAP_RANK: Record<number, number> = {
  [HOST_MAP_STATE.resource_ok]: 0,
  [HOST_MAP_STATE.host_up]: 1,
  [HOST_MAP_STATE.resource_pending]: 2,
  [HOST_MAP_STATE.host_pending]: 3,
  [HOST_MAP_STATE.resource_unknown]: 4,
  [HOST_MAP_STATE.resource_warning]: 5,
  [HOST_MAP_STATE.host_unreachable]: 6,
  [HOST_MAP_STATE.resource_critical]: 7,
  [HOST_MAP_STATE.host_down]: 8,
}
/** The more severe of two item states: by MAP value, then by HOST_MAP_STATE severity. */
export function worseItem(a: ItemState, b: ItemState): ItemState {
  if (RANK[b.map_state] !== RANK[a.map_state]) return RANK[b.map_state] > RANK[a.map_state] ? b : a
  return (HOST_MAP_RANK[b.host_map_state ?? -1] ?? -1) > (HOST_MAP_RANK[a.host_map_state ?? -1] ?? -1) ? b : a
}
export function worstOf(states: Iterable<number>): number {
  let w: number = MAP.nohost
  for (const s of states) w = worse(w, s)
  return w
}

/** SPEC §4 Decorations of a bound item, besides its state. */
export interface ItemDecorations {
  in_maintenance?: boolean
  stale?: boolean
  flapping?: boolean
  acknowledged?: boolean
  ticket?: boolean
}

/** The live state an item is drawn in: the roll-up's ItemState plus decorations. */
export interface LiveState extends ItemState, ItemDecorations {}

/** What decorations are read from: a host's or resource's row of GET maps/:id/states. */
export interface DecoratedObject {
  is_stale: boolean
  is_flapping: boolean
  acknowledged: boolean
  scheduled_downtime_depth: number
  tickets: readonly unknown[]
}

/**
 * SPEC §4 decorations of the one object an item stands for (`objectOf` its binding); an item of several
 * objects or of parts (a rack) has none of its own. The wall and the export decorate alike.
 */
export function decorate(
  bindings: readonly string[],
  base: ItemState,
  objectOf: (binding: string) => DecoratedObject | undefined,
): LiveState {
  const o = !base.parts && bindings.length === 1 ? objectOf(bindings[0]) : undefined
  if (!o) return base
  // Written out rather than spread: every host item's state then has one shape (10,000 items at a wall's start).
  return {
    map_state: base.map_state,
    host_map_state: base.host_map_state,
    stale: o.is_stale,
    flapping: o.is_flapping,
    acknowledged: o.acknowledged,
    in_maintenance: o.scheduled_downtime_depth > 0,
    ticket: o.tickets.length > 0,
  }
}

export const NOHOST: ItemState = { map_state: MAP.nohost, host_map_state: null }

const HOST_MAP: Record<string, [number, number]> = {
  up: [MAP.up, HOST_MAP_STATE.host_up],
  down: [MAP.down, HOST_MAP_STATE.host_down],
  unreachable: [MAP.unreachable, HOST_MAP_STATE.host_unreachable],
  pending: [MAP.pending, HOST_MAP_STATE.host_pending],
  offline: [MAP.pending, HOST_MAP_STATE.host_pending],
}
/** SPEC §4: critical is shown as down; unknown has no MAP value of its own and counts as a warning. */
const RESOURCE_MAP: Record<string, [number, number]> = {
  ok: [MAP.up, HOST_MAP_STATE.resource_ok],
  warning: [MAP.warning, HOST_MAP_STATE.resource_warning],
  critical: [MAP.down, HOST_MAP_STATE.resource_critical],
  unknown: [MAP.warning, HOST_MAP_STATE.resource_unknown],
  pending: [MAP.pending, HOST_MAP_STATE.resource_pending],
}

function objectState(table: Record<string, [number, number]>, s: ObjectState | undefined, hard: boolean): ItemState {
  if (!s) return NOHOST
  const [map_state, host_map_state] = table[(hard && s.hard_state) || s.state] ?? table.pending
  return { map_state, host_map_state }
}

/** A host's own state; `hard` follows the map's use_hard_state. */
export const hostItemState = (s: ObjectState | undefined, hard: boolean) => objectState(HOST_MAP, s, hard)
export const resourceItemState = (s: ObjectState | undefined, hard: boolean) => objectState(RESOURCE_MAP, s, hard)

/**
 * A host item's state (SPEC §4 HOST_MAP_STATE holds host and resource values; issue 18): the worst of the host
 * and its resources, so a CRITICAL check turns its host red; with `hostOnly` (a map option) the host alone.
 * A host the caller cannot see is nohost, whatever its resources.
 */
export function hostRollup(host: ObjectState | undefined, resources: Iterable<ObjectState | undefined>, hard: boolean, hostOnly: boolean) {
  let s = hostItemState(host, hard)
  if (!host || hostOnly) return s
  for (const r of resources) if (r) s = worseItem(s, resourceItemState(r, hard))
  return s
}
