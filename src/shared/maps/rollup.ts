/**
 * State roll-up of a map (SPEC §4 MAP and HOST_MAP_STATE, DESIGN.md "Maps"): every bound item gets its
 * state, a nested map the worst state of what it contains (recursively, stopped by MAX_MAP_DEPTH and by
 * cycles), and the map the worst of its items. The server and the viewer run this same function.
 */
import { MAP } from '../enums'
import type { MapDocument } from './document'
import { kindOf, type MapItem } from './items'
import { hostRollup, NOHOST, resourceItemState, worse, type ItemState, type ObjectState, type StateContext } from './item-state'

/** SPEC §8 max_map_recursion: how deep nested maps are followed. */
export const MAX_MAP_DEPTH = 10

export interface RollupSources {
  hosts: ReadonlyMap<number, ObjectState>
  resources: ReadonlyMap<number, ObjectState>
  /** Resource ids of each host (every resource of a bound host, for its item's roll-up). */
  resourcesOfHost: ReadonlyMap<number, readonly number[]>
  /** An environment's MAP state (the worst of its hosts and resources), computed by whoever knows them. */
  environments: ReadonlyMap<number, number>
  /** Live documents of nested maps that the caller may see. */
  maps: ReadonlyMap<number, { document: MapDocument; use_hard_state: boolean }>
}

export interface MapRollup {
  map_state: number
  items: Record<string, ItemState>
  /** True when a nested map was cut by the recursion guard somewhere below this map. */
  recursion: boolean
}

/** The state of one item as its kind defines it (null for unbound kinds such as text). */
export const itemState = (item: MapItem, ctx: StateContext): ItemState | null => kindOf(item).state(item, ctx)

/** Host ids → their resources' ids, from rows that carry both (states answers). */
export function resourcesByHost(resources: Iterable<{ id: number; host_id: number }>): Map<number, number[]> {
  const out = new Map<number, number[]>()
  for (const r of resources) {
    const list = out.get(r.host_id)
    if (list) list.push(r.id)
    else out.set(r.host_id, [r.id])
  }
  return out
}

/** What a states answer (GET maps/:id/states) holds, as the roll-up reads it. */
export interface StatesAnswer {
  hosts: readonly (ObjectState & { id: number })[]
  resources: readonly (ObjectState & { id: number; host_id: number })[]
  environments: Readonly<Record<string, number>>
  maps: Readonly<Record<string, { document: MapDocument; use_hard_state: boolean }>>
}

/** The roll-up's sources from a states answer (the viewer's live states, the export). */
export function sourcesOf(states: StatesAnswer): RollupSources {
  return {
    hosts: new Map(states.hosts.map((h) => [h.id, h])),
    resources: new Map(states.resources.map((r) => [r.id, r])),
    resourcesOfHost: resourcesByHost(states.resources),
    environments: new Map(Object.entries(states.environments).map(([id, s]) => [Number(id), s])),
    maps: new Map(Object.entries(states.maps).map(([id, m]) => [Number(id), m])),
  }
}

/** How host and resource items of `document` read their states from `sources` (its use_hard_state, its host_only). */
export function objectContext(
  document: MapDocument,
  useHardState: boolean,
  sources: Pick<RollupSources, 'hosts' | 'resources' | 'resourcesOfHost'>,
): Pick<StateContext, 'host' | 'resource'> {
  const hostOnly = document.view?.host_only ?? false
  return {
    host: (id) =>
      hostRollup(
        sources.hosts.get(id),
        (sources.resourcesOfHost.get(id) ?? []).map((r) => sources.resources.get(r)),
        useHardState,
        hostOnly,
      ),
    resource: (id) => resourceItemState(sources.resources.get(id), useHardState),
  }
}

/** `path` holds the ids of the maps above this one (empty for the map being shown). */
export function rollupMap(document: MapDocument, useHardState: boolean, sources: RollupSources, path: readonly number[] = []): MapRollup {
  const items: Record<string, ItemState> = {}
  const { map_state, recursion } = walk(document, useHardState, sources, path, (id, s) => (items[id] = s))
  return { map_state, items, recursion }
}

/**
 * The map's state alone. The server needs no item's state (nor does a nested map's roll-up), and building the
 * record of every item's state was most of a 10,000-host map's roll-up.
 */
export const rollupMapState = (document: MapDocument, useHardState: boolean, sources: RollupSources, path: readonly number[] = []) =>
  walk(document, useHardState, sources, path).map_state

function walk(
  document: MapDocument,
  useHardState: boolean,
  sources: RollupSources,
  path: readonly number[],
  onItem?: (id: string, s: ItemState) => void,
) {
  let recursion = false
  const ctx: StateContext = {
    ...objectContext(document, useHardState, sources),
    environment: (id) => {
      const s = sources.environments.get(id)
      return s === undefined ? NOHOST : { map_state: s, host_map_state: null }
    },
    map: (id) => {
      if (path.includes(id) || path.length >= MAX_MAP_DEPTH) {
        recursion = true
        return { ...NOHOST, recursion: true }
      }
      const nested = sources.maps.get(id)
      if (!nested) return NOHOST
      const inner = walk(nested.document, nested.use_hard_state, sources, [...path, id])
      recursion ||= inner.recursion
      return { map_state: inner.map_state, host_map_state: null }
    },
  }
  let map_state: number = MAP.nohost
  for (const item of Object.values(document.items)) {
    const s = itemState(item, ctx)
    if (!s) continue
    onItem?.(item.id, s)
    map_state = worse(map_state, s.map_state)
  }
  return { map_state, recursion }
}
