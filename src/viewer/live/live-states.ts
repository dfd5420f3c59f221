/**
 * The live states of one map in the browser (DESIGN.md "The viewer draws the live version and patches state
 * colours from the feed"): starts from GET maps/:id/states, runs the shared roll-up, and patches single
 * items on feed deltas — only the items bound to the changed host or resource are recomputed, and the
 * caller learns exactly which items changed so only they redraw. Plain TypeScript, no React, no Konva.
 */
import type { MapObjectState, MapStates } from '../../shared/api/maps'
import type { FeedDelta } from '../../shared/feed'
import { bandwidthsOf } from '../../shared/maps/bandwidth'
import {
  bindingsOf,
  decorate,
  itemState,
  NOHOST,
  objectContext,
  resourcesByHost,
  rollupMap,
  worstOf,
  type ItemState,
  type LiveState,
  type MapDocument,
  type MapItem,
  type RollupSources,
  type StateContext,
} from '../../shared/maps'

type Listener = (changed: ReadonlySet<string>) => void

/** SPEC §4 resource severity, lowest first (pending below everything). */
const RESOURCE_ORDER = ['pending', 'ok', 'unknown', 'warning', 'critical']

/** The environments of a map's hosts and resources: what to subscribe to on the feed. */
export function environmentIdsOf(states: Pick<MapStates, 'hosts' | 'resources'>): number[] {
  const ids = new Set<number>()
  for (const o of states.hosts) ids.add(o.hostgroup_id)
  for (const o of states.resources) ids.add(o.hostgroup_id)
  return [...ids].sort((a, b) => a - b)
}

/** What the viewer needs to know after applying deltas. */
export interface ApplyResult {
  changed: Set<string>
  /** An environment item or a bandwidth connector depends on the delta: refetch the states (throttled). */
  refetch: boolean
}

const same = (a: LiveState | undefined, b: LiveState | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    a.map_state === b.map_state &&
    a.host_map_state === b.host_map_state &&
    a.stale === b.stale &&
    a.flapping === b.flapping &&
    a.in_maintenance === b.in_maintenance &&
    a.acknowledged === b.acknowledged &&
    a.ticket === b.ticket &&
    JSON.stringify(a.parts) === JSON.stringify(b.parts))

export class LiveStates {
  private hosts = new Map<number, MapObjectState>()
  private resources = new Map<number, MapObjectState>()
  /** Host id → ids of its resources: a host item shows the worst of them and its host (issue 18). */
  private resourcesOfHost = new Map<number, number[]>()
  private sources!: RollupSources
  private ctx!: StateContext
  private states = new Map<string, LiveState>()
  /** `host:12` → ids of the items bound to it (any kind, through its bindings). */
  private byBinding = new Map<string, string[]>()
  /** Bindings inside nested maps: a delta to one of them re-runs the roll-up of the nested map items. */
  private nested = new Set<string>()
  private bandwidthResources = new Set<number>()
  private listeners = new Set<Listener>()
  private itemListeners = new Map<string, Set<() => void>>()
  /** unix seconds the server read the states, moved forward by every delta (the freshness indicator). */
  time = 0

  constructor(
    private readonly mapId: number,
    private readonly doc: MapDocument,
    private readonly useHard: boolean,
    initial: MapStates,
  ) {
    for (const item of Object.values(doc.items)) {
      for (const b of bindingsOf(item)) {
        const list = this.byBinding.get(b)
        if (list) list.push(item.id)
        else this.byBinding.set(b, [item.id])
      }
    }
    for (const b of bandwidthsOf(doc)) this.bandwidthResources.add(b.resource_id)
    this.reset(initial)
  }

  /** Replaces everything with a fresh GET states answer; returns the items whose state changed. */
  reset(s: MapStates): Set<string> {
    // The answer's rows as they are: a delta replaces its object's row (apply), never changes it.
    this.hosts = new Map(s.hosts.map((h) => [h.id, h]))
    this.resources = new Map(s.resources.map((r) => [r.id, r]))
    this.resourcesOfHost = resourcesByHost(s.resources)
    this.bandwidth = s.bandwidth
    this.time = s.time
    this.sources = {
      hosts: this.hosts,
      resources: this.resources,
      resourcesOfHost: this.resourcesOfHost,
      environments: new Map(Object.entries(s.environments).map(([id, st]) => [Number(id), st])),
      maps: new Map(Object.entries(s.maps).map(([id, m]) => [Number(id), m])),
    }
    this.nested = new Set(Object.values(s.maps).flatMap((m) => Object.values(m.document.items).flatMap(bindingsOf)))
    this.nestedNames = new Map(Object.entries(s.maps).map(([id, m]) => [Number(id), { name: m.name, hostgroup_name: m.hostgroup_name }]))
    this.ctx = {
      ...objectContext(this.doc, this.useHard, this.sources),
      environment: (id) => this.stateByBinding(`environment:${id}`),
      map: (id) => this.stateByBinding(`map:${id}`),
    }
    const changed = this.rollupAll()
    // A refetch may bring new bandwidth values even when no item changed: listeners hear of it.
    this.emit(changed, true)
    return changed
  }

  /** Perfdata of bandwidth connectors (resource id → label → sample), as last fetched. */
  bandwidth: MapStates['bandwidth'] = {}
  /** Names of nested maps, to open them from their item. */
  nestedNames = new Map<number, { name: string; hostgroup_name: string }>()

  private rollupAll(): Set<string> {
    const rollup = rollupMap(this.doc, this.useHard, this.sources, [this.mapId])
    const changed = new Set<string>()
    for (const item of Object.values(this.doc.items)) {
      const base = rollup.items[item.id]
      this.put(item, base ? this.decorate(item, base) : undefined, changed)
    }
    return changed
  }

  private put(item: MapItem, next: LiveState | undefined, changed: Set<string>) {
    if (same(this.states.get(item.id), next)) return
    if (next) this.states.set(item.id, next)
    else this.states.delete(item.id)
    changed.add(item.id)
  }

  private objectOf(binding: string): MapObjectState | undefined {
    if (binding.startsWith('host:')) return this.hosts.get(Number(binding.slice(5)))
    return binding.startsWith('resource:') ? this.resources.get(Number(binding.slice(9))) : undefined
  }

  /** SPEC §4 decorations of the object an item stands for (shared with the export). */
  private decorate(item: MapItem, base: ItemState): LiveState {
    return decorate(bindingsOf(item), base, (b) => this.objectOf(b))
  }

  /** Environment and nested map items keep their last roll-up until a refetch or a nested delta. */
  private stateByBinding(binding: string): ItemState {
    const id = this.byBinding.get(binding)?.[0]
    return (id && this.states.get(id)) || NOHOST
  }

  /** Patches the states with feed deltas (SPEC §3 fields) and returns what changed. */
  apply(deltas: readonly FeedDelta[]): ApplyResult {
    const changed = new Set<string>()
    let refetch = false,
      nested = false
    const items = this.doc.items
    for (const d of deltas) {
      if (d.kind === 'event') continue
      const binding = `${d.object}:${d.id}`
      const objects = d.object === 'host' ? this.hosts : this.resources
      const was = objects.get(d.id)
      if (was) {
        const o = { ...was }
        objects.set(d.id, o)
        if (d.kind === 'state') {
          Object.assign(o, {
            state: d.state,
            state_type: d.state_type,
            plugin_output: d.plugin_output,
            last_check: d.last_check,
            last_state_change: d.last_state_change ?? o.last_state_change,
            is_flapping: d.is_flapping,
            is_stale: d.is_stale,
          })
          if (d.state_type.toUpperCase() === 'HARD') o.hard_state = d.state
          this.time = Math.max(this.time, d.last_check ?? 0)
        } else {
          Object.assign(o, { acknowledged: d.acknowledged, scheduled_downtime_depth: d.scheduled_downtime_depth, tickets: d.tickets })
        }
        // A resource also colours the items of its host (issue 18).
        const ids = [
          ...(this.byBinding.get(binding) ?? []),
          ...((d.object === 'resource' && this.byBinding.get(`host:${d.host_id}`)) || []),
        ]
        for (const id of ids) {
          const base = itemState(items[id], this.ctx)
          this.put(items[id], base ? this.decorate(items[id], base) : undefined, changed)
        }
      }
      if (this.byBinding.has(`environment:${d.hostgroup_id}`)) refetch = true
      if (d.object === 'resource' && this.bandwidthResources.has(d.id)) refetch = true
      if (this.nested.has(binding)) nested = true
    }
    if (nested) for (const id of this.rollupAll()) changed.add(id)
    this.emit(changed)
    return { changed, refetch }
  }

  stateOf(itemId: string): LiveState | undefined {
    return this.states.get(itemId)
  }

  /** The host or resource an item stands for (the popover's state, output and age). */
  objectOfItem(itemId: string): { kind: 'host' | 'resource'; object: MapObjectState } | undefined {
    const item = this.doc.items[itemId]
    const b = item && bindingsOf(item)
    if (!b || b.length !== 1) return undefined
    const object = this.objectOf(b[0])
    return object ? { kind: b[0].startsWith('host:') ? 'host' : 'resource', object } : undefined
  }

  /**
   * The item stands for one host or resource that is not there: deleted since it was bound, or no longer the
   * viewer's to see (SPEC §8 "Unable to find this object (perhaps removed)").
   */
  objectMissing(itemId: string): boolean {
    const item = this.doc.items[itemId]
    const b = item ? bindingsOf(item).filter((x) => x.startsWith('host:') || x.startsWith('resource:')) : []
    return b.length === 1 && this.objectOf(b[0]) === undefined
  }

  /** The resources of the host an item stands for (a host item's popover and tooltip), worst first. */
  resourcesOfItem(itemId: string): MapObjectState[] {
    const o = this.objectOfItem(itemId)
    if (o?.kind !== 'host') return []
    const list = (this.resourcesOfHost.get(o.object.id) ?? []).flatMap((id) => this.resources.get(id) ?? [])
    return list.sort((a, b) => RESOURCE_ORDER.indexOf(b.state) - RESOURCE_ORDER.indexOf(a.state) || a.name.localeCompare(b.name))
  }

  /** The nested map a map item opens (by its binding), when the caller may see it. */
  nestedOf(itemId: string): { name: string; hostgroup_name: string } | undefined {
    const item = this.doc.items[itemId]
    const b = item ? bindingsOf(item).find((x) => x.startsWith('map:')) : undefined
    return b ? this.nestedNames.get(Number(b.slice(4))) : undefined
  }

  /** SPEC §4 MAP state of the whole map: the worst of its items. */
  mapState(): number {
    return worstOf([...this.states.values()].map((s) => s.map_state))
  }

  entries(): IterableIterator<[string, LiveState]> {
    return this.states.entries()
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** One item's changes (a Konva node of a bound item re-renders alone). */
  subscribeItem(id: string, listener: () => void): () => void {
    let set = this.itemListeners.get(id)
    if (!set) this.itemListeners.set(id, (set = new Set()))
    set.add(listener)
    return () => set.delete(listener)
  }

  private emit(changed: ReadonlySet<string>, always = false) {
    if (!changed.size && !always) return
    for (const id of changed) for (const l of this.itemListeners.get(id) ?? []) l()
    for (const l of this.listeners) l(changed)
  }
}
