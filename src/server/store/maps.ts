/**
 * Maps (SPEC §3 Map, §4 Maps, §5 Add map, §6 rights): the list protocol, get by id or by environment and
 * name, create, update and delete. Documents, versions and lifecycle live in map-versions.ts, the lock in
 * map-locks.ts, live states in map-states.ts.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { getEntity, type EntityDef } from './list'
import { demand, type Scope } from './scope'
import { now, readJson } from './json'
import { fail } from './fail'
import { refuseForeignBindings } from './map-bindings'
import { mapEventDelta, writeMapEvent, type MapEventKind } from './map-events'
import { lockOf, refuseOthersLock } from './map-locks'
import { mapStatesOf } from './map-states'
import { ApiError } from '../../shared/errors'
import { demandQuota, organizationOfEnvironment } from './quotas'
import { MAP } from '../../shared/enums'
import { documentToUpdate } from '../../shared/maps/ydoc'
import { emptyDocument, MapDocument } from '../../shared/maps/document'
import { MAP_STATUSES, type MapInfo, type NewMap, type MapUpdate } from '../../shared/api/maps'
import type { z } from 'zod'

/** A maps row as the list reads it: the draft's head only (its metadata), never the whole document. */
interface MapRow {
  id: number
  hostgroup_id: number
  name: string
  alias: string
  description: string
  tags: string
  layout: number
  use_hard_state: number
  status: 'draft' | 'live' | 'archived'
  live_version: number | null
  source: string | null
  lock_user_id: number | null
  lock_username: string | null
  lock_expires: number | string | null
  lock_session: string | null
  lock_since: number | string | null
  created_time: number | string
  updated_time: number | string
  draft_head: string
  hostgroup_name: string
  hostgroup_alias: string
  versions: number | string
  has_unpublished_changes: number | string
}

/** SPEC §6: what a map row lets the caller do (write to edit/delete, maps_write to add in its environment). */
const MAP_ACTIONS = ['write', 'maps_write'] as const

/**
 * resolution and background of a document from the head of its JSON. Documents are stored as
 * JSON.stringify of the parsed schema, whose keys come in schema order with `items` after the metadata,
 * so a list row need not read a 10,000-item document; anything else falls back to defaults.
 */
function metaOf(head: string) {
  const fallback = emptyDocument()
  const cut = head.indexOf(',"items":')
  const meta = cut > 0 ? readJson<Partial<MapDocument>>(head.slice(0, cut) + '}', {}) : {}
  return { resolution: meta.resolution ?? fallback.resolution, background: meta.background ?? fallback.background }
}

function toApi(r: MapRow, scope: Scope): MapInfo {
  const lock = lockOf(r, scope, now())
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    description: r.description,
    tags: readJson<string[]>(r.tags, []),
    hostgroup_id: r.hostgroup_id,
    hostgroup_name: r.hostgroup_name,
    hostgroup_alias: r.hostgroup_alias,
    environment: r.hostgroup_name,
    layout: r.layout,
    use_hard_state: r.use_hard_state === 1,
    status: r.status,
    version: r.live_version,
    versions: Number(r.versions),
    has_unpublished_changes: Number(r.has_unpublished_changes) === 1,
    ...metaOf(r.draft_head),
    lock,
    locked_by_someone: lock !== null && !lock.is_mine,
    allowed_actions: (scope.envActions.get(r.hostgroup_id) ?? []).filter((a) => (MAP_ACTIONS as readonly string[]).includes(a)),
    slideshows: [],
    map_state: MAP.nohost,
    generated: r.source !== null,
    created_time: Number(r.created_time),
    updated_time: Number(r.updated_time),
  }
}

/**
 * Slideshows containing each map (SPEC §2 expanded row, sorted by alias) and the live roll-up. map_state is
 * computed on read for the rows of one page (see map-states.ts: published documents are immutable, so
 * their parsed form is cached, and the states of every row's hosts are read in one batch).
 */
async function enrich(db: Kysely<Database>, rows: MapInfo[], fields: readonly string[], scope: Scope) {
  const ids = rows.map((r) => r.id)
  const byId = new Map(rows.map((r) => [r.id, r]))
  if (fields.includes('slideshows') && scope.environmentIds.length) {
    // Only slideshows the caller may see are named (a slideshow elsewhere may show this map too).
    const shows = await db
      .selectFrom('slideshow_maps')
      .innerJoin('slideshows', 'slideshows.id', 'slideshow_maps.slideshow_id')
      .select(['slideshow_maps.map_id', 'slideshows.id', 'slideshows.name', 'slideshows.alias', 'slideshows.hostgroup_id'])
      .where('slideshow_maps.map_id', 'in', ids)
      .where('slideshows.hostgroup_id', 'in', scope.environmentIds)
      .orderBy('slideshows.alias')
      .execute()
    for (const s of shows) {
      const list = byId.get(s.map_id)!.slideshows
      if (!list.some((x) => x.id === s.id)) list.push({ id: s.id, name: s.name, alias: s.alias, hostgroup_id: s.hostgroup_id })
    }
  }
  if (fields.includes('map_state')) {
    const states = await mapStatesOf(db, scope, ids)
    for (const [id, state] of states) byId.get(id)!.map_state = state
  }
}

const UNPUBLISHED = `CASE WHEN maps.live_version IS NULL THEN 1 WHEN EXISTS (SELECT 1 FROM map_versions v WHERE v.map_id = maps.id
  AND v.version = maps.live_version AND v.document = maps.draft) THEN 0 ELSE 1 END`

export const mapDef: EntityDef<MapRow, MapInfo> = {
  from: 'maps JOIN hostgroups ON hostgroups.id = maps.hostgroup_id',
  countFrom: 'maps',
  select: `maps.id, maps.hostgroup_id, maps.name, maps.alias, maps.description, maps.tags, maps.layout, maps.use_hard_state, maps.status,
    maps.live_version, maps.source, maps.lock_user_id, maps.lock_username, maps.lock_expires, maps.lock_session, maps.lock_since, maps.created_time, maps.updated_time,
    substr(maps.draft, 1, 1000) AS draft_head, hostgroups.name AS hostgroup_name, hostgroups.alias AS hostgroup_alias,
    (SELECT COUNT(*) FROM map_versions v WHERE v.map_id = maps.id) AS versions, ${UNPUBLISHED} AS has_unpublished_changes`,
  scopeColumn: 'maps.hostgroup_id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'maps.id', kind: 'integer', nullable: false },
    name: { expr: 'maps.name', kind: 'text', nullable: false },
    alias: { expr: 'maps.alias', kind: 'text', nullable: false },
    description: { expr: 'maps.description', kind: 'text', nullable: false },
    tags: { expr: 'maps.tags', kind: 'text', nullable: false },
    layout: { expr: 'maps.layout', kind: 'integer', nullable: false },
    use_hard_state: { expr: 'maps.use_hard_state', kind: 'boolean', nullable: false },
    status: { expr: 'maps.status', kind: 'enum', values: MAP_STATUSES, nullable: false },
    version: { expr: 'maps.live_version', kind: 'integer' },
    hostgroup_id: { expr: 'maps.hostgroup_id', kind: 'integer', nullable: false },
    hostgroup_name: { expr: 'hostgroups.name', kind: 'text', nullable: false, joined: true },
    hostgroup_alias: { expr: 'hostgroups.alias', kind: 'text', nullable: false, joined: true },
    environment: { expr: 'hostgroups.name', kind: 'text', nullable: false, joined: true },
    created_time: { expr: 'maps.created_time', kind: 'date', nullable: false },
    updated_time: { expr: 'maps.updated_time', kind: 'date', nullable: false },
  },
  fields: [
    'id',
    'name',
    'alias',
    'description',
    'tags',
    'hostgroup_id',
    'hostgroup_name',
    'hostgroup_alias',
    'environment',
    'layout',
    'use_hard_state',
    'status',
    'version',
    'versions',
    'has_unpublished_changes',
    'resolution',
    'background',
    'lock',
    'locked_by_someone',
    'allowed_actions',
    'slideshows',
    'map_state',
    'generated',
    'created_time',
    'updated_time',
  ],
  defaultOrder: [{ column: 'alias', desc: false }],
  toApi,
  enrich,
}

/** The environment of a map, null when there is none (feed topic access, feed/socket.ts). */
export async function environmentOfMap(db: Kysely<Database>, id: number): Promise<number | null> {
  return (await db.selectFrom('maps').select('hostgroup_id').where('id', '=', id).executeTakeFirst())?.hostgroup_id ?? null
}

export async function getMap(db: Kysely<Database>, scope: Scope, id: number): Promise<MapInfo | null> {
  return (await getEntity(db, mapDef, scope, id)) ?? null
}

export const requireMap = async (db: Kysely<Database>, scope: Scope, id: number): Promise<MapInfo> =>
  (await getMap(db, scope, id)) ?? fail('map_not_found', { id })

/** SPEC §2 routes address a map by environment name and map name. */
export async function getMapByName(db: Kysely<Database>, scope: Scope, hostgroupName: string, name: string): Promise<MapInfo> {
  const id = await mapIdByName(db, scope, hostgroupName, name)
  return (await getMap(db, scope, id)) ?? fail('map_not_found', { hostgroup_name: hostgroupName, name })
}

/** The id of a map the caller may see, by its environment's name and its own (SPEC §2 viewer routes). */
export async function mapIdByName(db: Kysely<Database>, scope: Scope, hostgroupName: string, name: string): Promise<number> {
  const row = await db
    .selectFrom('maps')
    .innerJoin('hostgroups', 'hostgroups.id', 'maps.hostgroup_id')
    .select('maps.id')
    .where('hostgroups.name', '=', hostgroupName)
    .where('maps.name', '=', name)
    .where('maps.hostgroup_id', 'in', scope.environmentIds.length ? scope.environmentIds : [0])
    .executeTakeFirst()
  return row?.id ?? fail('map_not_found', { hostgroup_name: hostgroupName, name })
}

/** SPEC §6 "Edit not allowed" / "Delete not allowed": the not-authorized key naming the right and the action. */
export function requireWrite(scope: Scope, map: { hostgroup_id: number }, action: 'edit' | 'delete' | 'recover' | 'publish' | 'archive') {
  demand(scope, 'write', { environmentId: map.hostgroup_id }, { map_action: action })
}

const isUniqueViolation = (err: unknown) => /unique|duplicate key/i.test(String((err as Error)?.message ?? err))

/**
 * SPEC §5 Add map: creates a draft map (empty document unless one is given, e.g. by an import) and writes
 * its `added` event (or `imported`). Needs maps_write on the environment (SPEC §6); the name (the alias
 * unless given) is unique per environment (map_already_exists); at most the organization's maps_per_environment (SPEC §8).
 */
export async function createMap(
  db: Kysely<Database>,
  scope: Scope,
  newMap: NewMap,
  document?: MapDocument,
  source?: unknown,
  event: Extract<MapEventKind, 'added' | 'imported'> = 'added',
): Promise<number> {
  if (!scope.environmentIds.includes(newMap.hostgroup_id)) throw new ApiError('hostgroup_not_found', { id: newMap.hostgroup_id })
  demand(scope, 'maps_write', { environmentId: newMap.hostgroup_id })
  const parsed = MapDocument.safeParse(document ?? emptyDocument())
  if (!parsed.success)
    throw new ApiError('validation_failed', {
      field: 'document',
      issues: parsed.error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message })),
    })
  const name = newMap.name ?? newMap.alias
  const t = now()
  try {
    return await db.transaction().execute(async (tx) => {
      const { n } = await tx
        .selectFrom('maps')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('hostgroup_id', '=', newMap.hostgroup_id)
        .executeTakeFirstOrThrow()
      const organizationId = (await organizationOfEnvironment(tx, newMap.hostgroup_id))!
      await demandQuota(tx, organizationId, 'maps_per_environment', Number(n), 1, { hostgroup_id: newMap.hostgroup_id })
      if (
        await tx.selectFrom('maps').select('id').where('hostgroup_id', '=', newMap.hostgroup_id).where('name', '=', name).executeTakeFirst()
      )
        throw new ApiError('map_already_exists', { name })
      if (document) await refuseForeignBindings(tx, organizationId, parsed.data, null)
      const { id } = await tx
        .insertInto('maps')
        .values({
          hostgroup_id: newMap.hostgroup_id,
          name,
          alias: newMap.alias,
          description: newMap.description ?? '',
          tags: JSON.stringify(newMap.tags ?? []),
          layout: newMap.layout,
          use_hard_state: newMap.use_hard_state ? 1 : 0,
          status: 'draft',
          live_version: null,
          draft: JSON.stringify(parsed.data),
          draft_ystate: documentToUpdate(parsed.data),
          draft_time: t,
          source: source === undefined ? null : JSON.stringify(source),
          created_by: scope.userId,
          created_time: t,
          updated_time: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await writeMapEvent(tx, scope, { id, hostgroup_id: newMap.hostgroup_id, name, alias: newMap.alias }, event, t)
      return id
    })
  } catch (err) {
    // Two creations racing past the check: the unique index decides (SPEC §5 unique per environment).
    if (!(err instanceof ApiError) && isUniqueViolation(err)) throw new ApiError('map_already_exists', { name })
    throw err
  }
}

/** SPEC §3 Map fields a person edits: alias, name, description, tags, layout, use_hard_state (write right; not while another user edits). */
export async function updateMap(db: Kysely<Database>, scope: Scope, id: number, body: z.infer<typeof MapUpdate>): Promise<MapInfo> {
  const map = await requireMap(db, scope, id)
  requireWrite(scope, map, 'edit')
  refuseOthersLock(map)
  const t = now()
  try {
    await db.transaction().execute(async (tx) => {
      if (
        body.name !== undefined &&
        body.name !== map.name &&
        (await tx
          .selectFrom('maps')
          .select('id')
          .where('hostgroup_id', '=', map.hostgroup_id)
          .where('name', '=', body.name)
          .executeTakeFirst())
      ) {
        throw new ApiError('map_already_exists', { name: body.name })
      }
      const { tags, use_hard_state, ...plain } = body
      await tx
        .updateTable('maps')
        .set({
          ...plain,
          ...(tags ? { tags: JSON.stringify(tags) } : {}),
          ...(use_hard_state === undefined ? {} : { use_hard_state: use_hard_state ? 1 : 0 }),
          updated_time: t,
        })
        .where('id', '=', id)
        .execute()
      await writeMapEvent(
        tx,
        scope,
        { ...map, ...(body.alias ? { alias: body.alias } : {}), ...(body.name ? { name: body.name } : {}) },
        'edited',
        t,
        { fields: Object.keys(body) },
      )
    })
  } catch (err) {
    if (!(err instanceof ApiError) && isUniqueViolation(err)) throw new ApiError('map_already_exists', { name: body.name })
    throw err
  }
  return requireMap(db, scope, id)
}

/**
 * Deletes a map with its versions (write right; refused while another user holds the lock) and writes
 * `deleted`, in the caller's transaction (store/commit.ts).
 */
export async function deleteMap(tx: Kysely<Database>, scope: Scope, map: MapInfo) {
  const id = map.id
  requireWrite(scope, map, 'delete')
  refuseOthersLock(map)
  await tx.deleteFrom('slideshow_maps').where('map_id', '=', id).execute()
  await tx.deleteFrom('map_versions').where('map_id', '=', id).execute()
  await tx.deleteFrom('maps').where('id', '=', id).execute()
  // The event outlives the map on the environment's timeline; map_id stays as a plain number.
  return { deltas: [mapEventDelta(await writeMapEvent(tx, scope, map, 'deleted', now()))] }
}
