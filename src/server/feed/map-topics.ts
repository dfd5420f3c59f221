/**
 * The `map:<id>` feed topic (issue 7): a subscriber of a map gets the state and action deltas of every host
 * (with its resources) and resource bound in its shown document (the live version, or the draft while never published) and in
 * the live documents of its nested maps, of the resources its bandwidth connectors read, and of the hosts and
 * resources of the environments it shows, whether or not it subscribed to their environments; and the map
 * events of the map and of the maps nested in it. That is all a wall needs: it follows its map by this topic
 * alone, and hears nothing else of the environments (their timeline events nor their unbound hosts). Only maps
 * with subscribers are indexed; an entry is rebuilt when a map event (published, archived, …) names the map or a
 * map nested in it.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../store/db'
import { boundIdsOf, shownDocument } from '../store/map-states'
import type { MapDocument } from '../../shared/maps/document'
import { MAX_MAP_DEPTH } from '../../shared/maps/rollup'
import { bandwidthsOf } from '../../shared/maps/bandwidth'
import type { FeedDelta } from '../../shared/feed'

interface Entry {
  refs: number
  /** every map in the tree below (and including) this one: a change to any of them rebuilds the entry */
  tree: Set<number>
  hosts: Set<number>
  resources: Set<number>
  environments: Set<number>
}

/** The bindings of a map and its nested maps (breadth first, cycles and depth guarded as in the roll-up). */
async function bindingsOfTree(db: Kysely<Database>, id: number): Promise<Omit<Entry, 'refs'>> {
  const entry = { tree: new Set([id]), hosts: new Set<number>(), resources: new Set<number>(), environments: new Set<number>() }
  let frontier: MapDocument[] = []
  const root = await shownDocument(db, id, false)
  if (root) frontier.push(root)
  for (let depth = 0; depth <= MAX_MAP_DEPTH && frontier.length; depth++) {
    const next: MapDocument[] = []
    for (const doc of frontier) {
      const ids = boundIdsOf(doc)
      ids.host.forEach((h) => entry.hosts.add(h))
      ids.resource.forEach((r) => entry.resources.add(r))
      ids.environment.forEach((e) => entry.environments.add(e))
      // A bandwidth connector's interface: its values colour the connector (the states' refetch brings them).
      for (const b of bandwidthsOf(doc)) entry.resources.add(b.resource_id)
      for (const child of ids.map) {
        if (entry.tree.has(child)) continue
        entry.tree.add(child)
        const nested = depth < MAX_MAP_DEPTH ? await shownDocument(db, child, true) : null
        if (nested) next.push(nested)
      }
    }
    frontier = next
  }
  return entry
}

export function mapTopicIndex(db: Kysely<Database>) {
  const entries = new Map<number, Entry>()
  const load = async (id: number) => {
    const fresh = await bindingsOfTree(db, id)
    const entry = entries.get(id)
    if (entry) Object.assign(entry, fresh)
  }
  return {
    /** A client subscribed to `map:<id>`: index it (the subscription is answered once this resolves). */
    async add(id: number) {
      const entry = entries.get(id)
      if (entry) return void entry.refs++
      entries.set(id, { refs: 1, tree: new Set([id]), hosts: new Set(), resources: new Set(), environments: new Set() })
      await load(id)
    },
    remove(id: number) {
      const entry = entries.get(id)
      if (entry && --entry.refs <= 0) entries.delete(id)
    },
    /** A map changed (published, archived, recovered, deleted, edited): rebuild every entry whose tree holds it. */
    async refresh(id: number) {
      await Promise.all([...entries].filter(([, e]) => e.tree.has(id)).map(([root]) => load(root)))
    },
    /** Indexed maps a delta belongs to: a state or action delta by its object, a map event by the map's tree. */
    mapsOf(delta: FeedDelta): number[] {
      if (!entries.size) return []
      const out: number[] = []
      if (delta.kind === 'event') {
        if (typeof delta.map_id === 'number') for (const [id, e] of entries) if (e.tree.has(delta.map_id)) out.push(id)
        return out
      }
      for (const [id, e] of entries) {
        // A resource of a bound host colours its host's item (issue 18), bound itself or not.
        const bound = e.hosts.has(delta.host_id) || (delta.object === 'resource' && e.resources.has(delta.id))
        if (bound || e.environments.has(delta.hostgroup_id)) out.push(id)
      }
      return out
    },
  }
}
