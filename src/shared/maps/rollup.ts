/**
 * State roll-up of a map (SPEC §4 MAP and HOST_MAP_STATE, DESIGN.md "Maps"): every bound item gets its
 * state, a nested map the worst state of what it contains (recursively, stopped by MAX_MAP_DEPTH and by
 * cycles), and the map the worst of its items. The server and the viewer run this same function.
 */
import { MAP } from '../enums'
import type { MapDocument } from './document'
import { kindOf, type MapItem } from './items'
import { hostItemState, NOHOST, resourceItemState, worse, type ItemState, type ObjectState, type StateContext } from './item-state'

/** SPEC §8 max_map_recursion: how deep nested maps are followed. */
export const MAX_MAP_DEPTH = 10

export interface RollupSources {
  hosts: ReadonlyMap<number, ObjectState>
  resources: ReadonlyMap<number, ObjectState>
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

/** `path` holds the ids of the maps above this one (empty for the map being shown). */
export function rollupMap(document: MapDocument, useHardState: boolean, sources: RollupSources, path: readonly number[] = []): MapRollup {
  let recursion = false
  const ctx: StateContext = {
    host: (id) => hostItemState(sources.hosts.get(id), useHardState),
    resource: (id) => resourceItemState(sources.resources.get(id), useHardState),
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
      const inner = rollupMap(nested.document, nested.use_hard_state, sources, [...path, id])
      recursion ||= inner.recursion
      return { map_state: inner.map_state, host_map_state: null }
    },
  }
  const items: Record<string, ItemState> = {}
  let map_state: number = MAP.nohost
  for (const item of Object.values(document.items)) {
    const s = itemState(item, ctx)
    if (!s) continue
    items[item.id] = s
    map_state = worse(map_state, s.map_state)
  }
  return { map_state, items, recursion }
}
