/**
 * Live states of a map (SPEC §4 MAP and HOST_MAP_STATE, decorations; issue 7): the states of the hosts and
 * resources (and the resources of the hosts, issue 18) bound in the shown document and in the live documents of its nested maps, the MAP state of
 * bound environments, bandwidth values, and the roll-up by the shared `rollupMapState`. Everything is read in
 * batches (IN lists in chunks), so a map with 10,000 hosts answers in a few queries.
 *
 * map_state of MapInfo is computed on read: published documents never change, so each parsed live
 * document is cached by (map, version) per database (store/cache.ts); what remains per read is the batched state query.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { chunked } from './action-targets'
import { now, readJson } from './json'
import { fail } from './fail'
import { perDatabaseCache } from './cache'
import { bandwidthValues } from './map-bandwidth'
import { arrayRows } from './array-rows'
import { emptyDocument, boundIds, SCHEMA_VERSION, type MapDocument } from '../../shared/maps/document'
import { migrateDocument } from '../../shared/maps/migrate'
import { rollupMapState, resourcesByHost, MAX_MAP_DEPTH, type RollupSources } from '../../shared/maps/rollup'
import { hostItemState, resourceItemState, worstOf, type ObjectState } from '../../shared/maps/item-state'
import type { MapObjectState, MapStates } from '../../shared/api/maps'
import { bandwidthsOf } from '../../shared/maps/bandwidth'

/**
 * A stored document (validated when it was written): parsed, and upgraded when it is of an older
 * schema_version (STYLE.md "Item kinds"). A damaged one reads as empty rather than failing the map.
 */
export function readStoredDocument(text: string): MapDocument {
  const raw = readJson<Record<string, unknown> | null>(text, null)
  if (raw && raw.schema_version === SCHEMA_VERSION) return raw as unknown as MapDocument
  const migrated = migrateDocument(raw)
  return migrated.success ? migrated.data : emptyDocument()
}

/** Parsed published documents by `map:version`; versions are immutable, so the parse is kept (least recently used out). */
const versionCache = perDatabaseCache<string, MapDocument>({ max: 200 })

/** A published version's document, parsed once per database. */
export async function versionDocument(db: Kysely<Database>, mapId: number, version: number): Promise<MapDocument | null> {
  const key = `${mapId}:${version}`
  const cache = versionCache(db)
  const hit = cache.get(key)
  if (hit) return hit
  const row = await db
    .selectFrom('map_versions')
    .select('document')
    .where('map_id', '=', mapId)
    .where('version', '=', version)
    .executeTakeFirst()
  if (!row) return null
  const doc = readStoredDocument(row.document)
  cache.set(key, doc)
  return doc
}

/** The document a map shows: its live version, or while never published its draft (none when `live`); null when gone. */
export async function shownDocument(db: Kysely<Database>, id: number, live: boolean): Promise<MapDocument | null> {
  const row = await db.selectFrom('maps').select(['live_version', 'draft']).where('id', '=', id).executeTakeFirst()
  if (!row) return null
  if (row.live_version !== null) return versionDocument(db, id, row.live_version)
  return live ? null : readStoredDocument(row.draft)
}

/** Bindings of a document; cached with the document object (published ones are cached and immutable). */
const boundCache = new WeakMap<MapDocument, ReturnType<typeof boundIds>>()
export function boundIdsOf(doc: MapDocument) {
  let ids = boundCache.get(doc)
  if (!ids) boundCache.set(doc, (ids = boundIds(doc)))
  return ids
}

interface MapHead {
  id: number
  hostgroup_id: number
  name: string
  hostgroup_name: string
  use_hard_state: number
  live_version: number | null
}

async function mapHeads(db: Kysely<Database>, scope: Scope, ids: number[]): Promise<MapHead[]> {
  const visible = new Set(scope.environmentIds)
  const out: MapHead[] = []
  for (const part of chunked(ids, 1000)) {
    const rows = await db
      .selectFrom('maps')
      .innerJoin('hostgroups', 'hostgroups.id', 'maps.hostgroup_id')
      .select([
        'maps.id',
        'maps.hostgroup_id',
        'maps.name',
        'hostgroups.name as hostgroup_name',
        'maps.use_hard_state',
        'maps.live_version',
      ])
      .where('maps.id', 'in', part)
      .execute()
    out.push(...rows.filter((r) => visible.has(r.hostgroup_id)))
  }
  return out
}

/**
 * A map the caller may see, without what MapInfo computes (its live roll-up reads every bound object's
 * state): for calls that need only to know it is there and which version is live (a wall's document, states).
 */
export async function requireMapHead(db: Kysely<Database>, scope: Scope, id: number): Promise<MapHead> {
  return (await mapHeads(db, scope, [id]))[0] ?? fail('map_not_found', { id })
}

/** Live documents of the maps nested below `roots`, breadth first, as deep as the roll-up follows them. */
async function nestedMaps(db: Kysely<Database>, scope: Scope, roots: MapDocument[]) {
  const maps = new Map<number, { head: MapHead; document: MapDocument }>()
  let frontier = roots
  for (let depth = 0; depth < MAX_MAP_DEPTH && frontier.length; depth++) {
    const ids = [...new Set(frontier.flatMap((d) => boundIdsOf(d).map))].filter((id) => !maps.has(id))
    frontier = []
    for (const head of await mapHeads(db, scope, ids)) {
      const document = head.live_version === null ? null : await versionDocument(db, head.id, head.live_version)
      if (!document) continue
      maps.set(head.id, { head, document })
      frontier.push(document)
    }
  }
  return maps
}

/**
 * Lets other requests through between the batches of a big map. On SQLite every query is synchronous, so a
 * 10,000-host map would otherwise hold the event loop for all its batches at once: the files and answers a
 * wall loads at the same time (issue 7 first paint) waited for the whole map.
 */
const letOthersThrough = () => new Promise<void>((resolve) => setImmediate(resolve))

const hardStateOf = (state: string, stateType: string, okState: string) => (stateType === 'HARD' ? state : okState)

/**
 * What objectStates reads of a host or a resource, an array in this order (store/array-rows.ts): 10,000 hosts'
 * objects cost more to build than to read. A host's own id and name are its host_id and host_name, which only a
 * resource reads (the last two).
 */
type StateRow = [
  id: number,
  name: string,
  scheduled_downtime_depth: number,
  state: string,
  state_type: string,
  plugin_output: string,
  last_check: number | string | null,
  last_state_change: number | string | null,
  is_flapping: number,
  is_stale: number,
  acknowledged: number,
  tickets: string,
  hostgroup_id: number,
  host_id?: number,
  host_name?: string,
]
/** Where StateRow holds hostgroup_id. */
const ENVIRONMENT = 12

/** The columns of StateRow after id, name and downtime depth, under the same names in hosts and resources. */
const COMMON = [
  'state',
  'state_type',
  'plugin_output',
  'last_check',
  'last_state_change',
  'is_flapping',
  'is_stale',
  'acknowledged',
  'tickets',
  'hostgroup_id',
] as const

/** The rows of `ids` in the caller's environments, read by `read` in batches with other requests let through between. */
async function visibleRows<R>(
  scope: Scope,
  ids: number[],
  read: (part: number[]) => Promise<R[]>,
  environmentOf: (row: R) => number,
): Promise<R[]> {
  const visible = new Set(scope.environmentIds)
  const out: R[] = []
  for (const part of chunked(ids, 1000)) {
    await letOthersThrough()
    for (const r of await read(part)) if (visible.has(environmentOf(r))) out.push(r)
  }
  return out
}

/** The visible rows of `ids`, read in batches by `read`, as the viewer shows them. */
async function readStates(
  scope: Scope,
  ids: number[],
  okState: string,
  read: (part: number[]) => Promise<StateRow[]>,
): Promise<MapObjectState[]> {
  const rows = await visibleRows(scope, ids, read, (r) => r[ENVIRONMENT])
  return rows.map(
    ([
      id,
      name,
      depth,
      state,
      stateType,
      output,
      lastCheck,
      lastChange,
      flapping,
      stale,
      acknowledged,
      tickets,
      environment,
      hostId,
      hostName,
    ]) => ({
      id,
      name,
      host_id: hostId ?? id,
      host_name: hostName ?? name,
      hostgroup_id: environment,
      state,
      // Nagios semantics (engine/state/soft-hard.ts): a SOFT state only follows a hard UP/OK.
      hard_state: hardStateOf(state, stateType, okState),
      state_type: stateType,
      plugin_output: output,
      last_check: lastCheck === null ? null : Number(lastCheck),
      last_state_change: lastChange === null ? null : Number(lastChange),
      is_flapping: flapping === 1,
      is_stale: stale === 1,
      acknowledged: acknowledged === 1,
      scheduled_downtime_depth: depth,
      tickets: readJson<string[]>(tickets, []),
    }),
  )
}

/** Rows read by the resources' own ids and by their hosts' ids, each resource once. */
async function byIdAndHost<R extends { id: number }>(
  ids: number[],
  hostIds: number[],
  read: (column: 'id' | 'host_id', part: number[]) => Promise<R[]>,
) {
  const out = new Map<number, R>()
  for (const [column, list] of [
    ['id', ids],
    ['host_id', hostIds],
  ] as const)
    for (const r of await read(column, list)) out.set(r.id, r)
  return [...out.values()]
}

/**
 * Hosts and resources in the caller's scope, with the decorations of SPEC §4: the bound resources and every
 * resource of a bound host, whose item shows the worst of the host and its resources (issue 18).
 */
async function objectStates(db: Kysely<Database>, scope: Scope, hostIds: number[], resourceIds: number[]) {
  const hosts = await readStates(scope, hostIds, 'up', (part) =>
    arrayRows<StateRow>(
      db,
      db
        .selectFrom('hosts')
        .select(['id', 'name', 'max_scheduled_downtime_depth', ...COMMON])
        .where('id', 'in', part),
    ),
  )
  const resources = await byIdAndHost(resourceIds, hostIds, (column, ids) =>
    readStates(scope, ids, 'ok', (part) =>
      arrayRows<StateRow>(
        db,
        db
          .selectFrom('resources')
          .select(['id', 'display_name', 'scheduled_downtime_depth', ...COMMON, 'host_id', 'host_name'])
          .where(column, 'in', part),
      ),
    ),
  )
  return { hosts, resources }
}

/** SPEC §4 MAP state of each visible environment: the worst of its hosts and resources. */
async function environmentStates(db: Kysely<Database>, scope: Scope, ids: number[]): Promise<Map<number, number>> {
  const wanted = ids.filter((id) => scope.environmentIds.includes(id))
  const states = new Map<number, number[]>()
  const add = (env: number, s: number) => states.set(env, [...(states.get(env) ?? []), s])
  for (const part of chunked(wanted, 500)) {
    const [hosts, resources] = await Promise.all([
      db
        .selectFrom('hosts')
        .select(['hostgroup_id', 'state'])
        .where('hostgroup_id', 'in', part)
        .groupBy(['hostgroup_id', 'state'])
        .execute(),
      db
        .selectFrom('resource_state_counts')
        .select(['hostgroup_id', 'state'])
        .where('hostgroup_id', 'in', part)
        .where('n', '>', 0)
        .execute(),
    ])
    for (const h of hosts) add(h.hostgroup_id, hostItemState({ state: h.state }, false).map_state)
    for (const r of resources) add(r.hostgroup_id, resourceItemState({ state: r.state }, false).map_state)
  }
  return new Map(wanted.map((id) => [id, worstOf(states.get(id) ?? [])]))
}

const byId = (objects: MapObjectState[]) => new Map<number, ObjectState>(objects.map((o) => [o.id, o]))

/** Only what the roll-up needs (MapInfo.map_state): state and hard state of visible hosts and resources (bound, or of a bound host). */
async function rollupObjects(db: Kysely<Database>, scope: Scope, hostIds: number[], resourceIds: number[]) {
  const state = (r: { state: string; state_type: string }, okState: string) => ({
    state: r.state,
    hard_state: hardStateOf(r.state, r.state_type, okState),
  })
  const hosts = await visibleRows(
    scope,
    hostIds,
    (part) => db.selectFrom('hosts').select(['id', 'state', 'state_type', 'hostgroup_id']).where('id', 'in', part).execute(),
    (r) => r.hostgroup_id,
  )
  const resources = await byIdAndHost(resourceIds, hostIds, (column, ids) =>
    visibleRows(
      scope,
      ids,
      (part) =>
        db.selectFrom('resources').select(['id', 'host_id', 'state', 'state_type', 'hostgroup_id']).where(column, 'in', part).execute(),
      (r) => r.hostgroup_id,
    ),
  )
  return {
    hosts: new Map<number, ObjectState>(hosts.map((r) => [r.id, state(r, 'up')])),
    resources: new Map<number, ObjectState>(resources.map((r) => [r.id, state(r, 'ok')])),
    resourcesOfHost: resourcesByHost(resources),
  }
}

/** Everything the roll-up of `roots` needs, read in batches; `full` adds what the viewer shows of each object. */
async function gather(db: Kysely<Database>, scope: Scope, roots: MapDocument[], full: boolean) {
  const nested = await nestedMaps(db, scope, roots)
  const docs = [...roots, ...[...nested.values()].map((n) => n.document)]
  const ids = docs.map(boundIdsOf)
  const union = (k: 'host' | 'resource' | 'environment') => [...new Set(ids.flatMap((i) => i[k]))]
  const [objects, environments] = await Promise.all([
    full ? objectStates(db, scope, union('host'), union('resource')) : { hosts: [], resources: [] },
    environmentStates(db, scope, union('environment')),
  ])
  const states = full
    ? { hosts: byId(objects.hosts), resources: byId(objects.resources), resourcesOfHost: resourcesByHost(objects.resources) }
    : await rollupObjects(db, scope, union('host'), union('resource'))
  const sources: RollupSources = {
    ...states,
    environments,
    maps: new Map([...nested].map(([id, n]) => [id, { document: n.document, use_hard_state: n.head.use_hard_state === 1 }])),
  }
  return { nested, objects, environments, sources, docs }
}

/**
 * Reads of maps/:id/states under way, by map and the environments the caller sees (all that decides what the
 * answer holds). A wall asks for its map and its states at once (issue 7 first paint): the map's roll-up is
 * taken from the states read already under way instead of reading every bound object a second time.
 */
const statesUnderWay = perDatabaseCache<string, Promise<MapStates>>({ max: 1000 })
const underWayKey = (scope: Scope, id: number) => `${id}:${[...scope.environmentIds].sort((a, b) => a - b).join(',')}`

/** GET maps/:id/states: the live version (or the draft while never published, for the editor's preview). */
export function mapStates(db: Kysely<Database>, scope: Scope, id: number): Promise<MapStates> {
  const key = underWayKey(scope, id)
  const underWay = statesUnderWay(db)
  let read = underWay.get(key)
  if (!read) {
    read = readMapStates(db, scope, id).finally(() => underWay.delete(key))
    underWay.set(key, read)
  }
  return read
}

async function readMapStates(db: Kysely<Database>, scope: Scope, id: number): Promise<MapStates> {
  const row = await requireMapHead(db, scope, id)
  // The draft (possibly megabytes) is read only while the map was never published.
  const document =
    (row.live_version !== null && (await versionDocument(db, id, row.live_version))) ||
    readStoredDocument((await db.selectFrom('maps').select('draft').where('id', '=', id).executeTakeFirstOrThrow()).draft)
  const { nested, objects, environments, sources, docs } = await gather(db, scope, [document], true)
  const connectors = docs.flatMap(bandwidthsOf)
  return {
    map_id: id,
    version: row.live_version,
    map_state: rollupMapState(document, row.use_hard_state === 1, sources, [id]),
    hosts: objects.hosts,
    resources: objects.resources,
    environments: Object.fromEntries([...environments].map(([k, v]) => [String(k), v])),
    maps: Object.fromEntries(
      [...nested].map(([k, n]) => [
        String(k),
        { document: n.document, use_hard_state: n.head.use_hard_state === 1, name: n.head.name, hostgroup_name: n.head.hostgroup_name },
      ]),
    ),
    bandwidth: await bandwidthValues(db, connectors, scope.environmentIds),
    time: now(),
  }
}

/** MapInfo.map_state of several maps at once: the roll-up of each one's live version (nohost while unpublished). */
export async function mapStatesOf(db: Kysely<Database>, scope: Scope, ids: number[]): Promise<Map<number, number>> {
  const underWay =
    ids.length === 1
      ? await statesUnderWay(db)
          .get(underWayKey(scope, ids[0]))
          ?.catch(() => undefined)
      : undefined
  if (underWay) return underWay.version === null ? new Map() : new Map([[ids[0], underWay.map_state]])
  const live: { id: number; document: MapDocument; hard: boolean }[] = []
  for (const head of await mapHeads(db, scope, ids)) {
    const document = head.live_version === null ? null : await versionDocument(db, head.id, head.live_version)
    if (document) live.push({ id: head.id, document, hard: head.use_hard_state === 1 })
  }
  if (!live.length) return new Map()
  const { sources } = await gather(
    db,
    scope,
    live.map((m) => m.document),
    false,
  )
  return new Map(live.map((m) => [m.id, rollupMapState(m.document, m.hard, sources, [m.id])]))
}
