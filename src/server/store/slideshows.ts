/**
 * Slideshows (SPEC §3 Slideshow: alias, name, delay in seconds, list of maps; issue 7 "follow alarms"):
 * the list protocol, get by id or by environment and name, create/update/delete. SPEC §6: maps_write on the
 * environment adds, write edits and deletes. The maps must be visible to the caller and belong to the
 * slideshow's organization; another organization's map reads as not found.
 */
import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'
import type { Database, Dialect, SlideshowTable } from './db'
import { getEntity, groupEntities, listEntities, type EntityDef, type GroupedQuery, type ListQuery } from './list'
import { demand, type Scope } from './scope'
import { now } from './json'
import { fail } from './fail'
import { ApiError } from '../../shared/errors'
import type { Slideshow, SlideshowBody, SlideshowUpdate } from '../../shared/api/maps'

type Row = Selectable<SlideshowTable> & { hostgroup_name: string; organization_id: number }
type SlideshowOut = Slideshow & { organization_id: number }

function toApi(r: Row, scope: Scope): SlideshowOut {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    hostgroup_id: r.hostgroup_id,
    hostgroup_name: r.hostgroup_name,
    organization_id: r.organization_id,
    delay: r.delay,
    follow_alarms: Number(r.follow_alarms) === 1,
    maps: [],
    allowed_actions: scope.envActions.get(r.hostgroup_id) ?? [],
    created_time: r.created_time,
    updated_time: r.updated_time,
  }
}

const slideshowDef: EntityDef<Row, SlideshowOut> = {
  from: 'slideshows JOIN hostgroups ON hostgroups.id = slideshows.hostgroup_id',
  countFrom: 'slideshows',
  select: 'slideshows.*, hostgroups.name AS hostgroup_name, hostgroups.organization_id AS organization_id',
  scopeColumn: 'slideshows.hostgroup_id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'slideshows.id', kind: 'integer', nullable: false },
    name: { expr: 'slideshows.name', kind: 'text', nullable: false },
    alias: { expr: 'slideshows.alias', kind: 'text', nullable: false },
    hostgroup_id: { expr: 'slideshows.hostgroup_id', kind: 'integer', nullable: false },
    hostgroup_name: { expr: 'hostgroups.name', kind: 'text', nullable: false, joined: true },
    delay: { expr: 'slideshows.delay', kind: 'integer', nullable: false },
    follow_alarms: { expr: 'slideshows.follow_alarms', kind: 'boolean', nullable: false },
    created_time: { expr: 'slideshows.created_time', kind: 'date', nullable: false },
    updated_time: { expr: 'slideshows.updated_time', kind: 'date', nullable: false },
  },
  fields: [
    'id',
    'name',
    'alias',
    'hostgroup_id',
    'hostgroup_name',
    'delay',
    'follow_alarms',
    'maps',
    'allowed_actions',
    'created_time',
    'updated_time',
  ],
  defaultOrder: [{ column: 'alias', desc: false }],
  toApi,
}

/** The maps of these slideshows in their order, only those the caller may see (SPEC §6 scoping). */
async function mapsOf(db: Kysely<Database>, scope: Scope, slideshowIds: number[]) {
  const byShow = new Map<number, Slideshow['maps']>()
  if (!slideshowIds.length || !scope.environmentIds.length) return byShow
  const rows = await db
    .selectFrom('slideshow_maps')
    .innerJoin('maps', 'maps.id', 'slideshow_maps.map_id')
    .innerJoin('hostgroups', 'hostgroups.id', 'maps.hostgroup_id')
    .select(['slideshow_maps.slideshow_id', 'maps.id', 'maps.name', 'maps.alias', 'hostgroups.name as hostgroup_name'])
    .where('slideshow_maps.slideshow_id', 'in', slideshowIds)
    .where('maps.hostgroup_id', 'in', scope.environmentIds)
    .orderBy('slideshow_maps.slideshow_id')
    .orderBy('slideshow_maps.position')
    .execute()
  for (const r of rows)
    byShow.set(r.slideshow_id, [
      ...(byShow.get(r.slideshow_id) ?? []),
      { id: r.id, name: r.name, alias: r.alias, hostgroup_name: r.hostgroup_name },
    ])
  return byShow
}

const publicOf = ({ organization_id: _, ...rest }: SlideshowOut): Slideshow => rest

/** SPEC §7 list protocol; each row carries its visible maps in slideshow order. */
export async function listSlideshows(db: Kysely<Database>, dialect: Dialect, scope: Scope, q: ListQuery) {
  const page = await listEntities(db, dialect, slideshowDef, scope, q)
  const maps = await mapsOf(
    db,
    scope,
    page.result.map((r) => r.id as number),
  )
  return { ...page, result: page.result.map((r) => ('maps' in r ? { ...r, maps: maps.get(r.id as number) ?? [] } : r)) }
}

/** SPEC §7 `grouped` of the slideshows: each group's rows with their maps, as the list gives them. */
export async function groupSlideshows(db: Kysely<Database>, dialect: Dialect, scope: Scope, q: GroupedQuery) {
  const grouped = await groupEntities(db, dialect, slideshowDef, scope, q)
  const maps = await mapsOf(
    db,
    scope,
    grouped.result.flatMap((g) => g.result.map((r) => r.id as number)),
  )
  const withMaps = (r: Partial<SlideshowOut>) => ('maps' in r ? { ...r, maps: maps.get(r.id as number) ?? [] } : r)
  return { ...grouped, result: grouped.result.map((g) => ({ ...g, result: g.result.map(withMaps) })) }
}

async function loadSlideshow(db: Kysely<Database>, scope: Scope, id: number): Promise<SlideshowOut> {
  const show = (await getEntity(db, slideshowDef, scope, id)) ?? fail('slideshow_not_found', { id })
  return { ...show, maps: (await mapsOf(db, scope, [id])).get(id) ?? [] }
}

export const getSlideshow = async (db: Kysely<Database>, scope: Scope, id: number) => publicOf(await loadSlideshow(db, scope, id))

/** SPEC §2 routes address a slideshow by its environment's name and its own name. */
export async function getSlideshowByName(db: Kysely<Database>, scope: Scope, hostgroupName: string, name: string) {
  if (!scope.environmentIds.length) fail('slideshow_not_found', { hostgroup_name: hostgroupName, name })
  const row = await db
    .selectFrom('slideshows')
    .innerJoin('hostgroups', 'hostgroups.id', 'slideshows.hostgroup_id')
    .select('slideshows.id')
    .where('hostgroups.name', '=', hostgroupName)
    .where('slideshows.name', '=', name)
    .where('slideshows.hostgroup_id', 'in', scope.environmentIds)
    .orderBy('slideshows.id')
    .executeTakeFirst()
  return row ? getSlideshow(db, scope, row.id) : fail('slideshow_not_found', { hostgroup_name: hostgroupName, name })
}

async function organizationOf(db: Kysely<Database>, scope: Scope, environmentId: number) {
  if (!scope.environmentIds.includes(environmentId)) fail('hostgroup_not_found', { id: environmentId })
  const env = await db.selectFrom('hostgroups').select('organization_id').where('id', '=', environmentId).executeTakeFirst()
  return env?.organization_id ?? fail('hostgroup_not_found', { id: environmentId })
}

/** The maps must be distinct, visible to the caller and in the slideshow's organization. */
async function checkMaps(db: Kysely<Database>, scope: Scope, organizationId: number, mapIds: number[]) {
  const duplicate = mapIds.find((id, i) => mapIds.indexOf(id) !== i)
  if (duplicate !== undefined) throw new ApiError('validation_failed', { field: 'map_ids', reason: `map ${duplicate} is listed twice` })
  const found = await db
    .selectFrom('maps')
    .innerJoin('hostgroups', 'hostgroups.id', 'maps.hostgroup_id')
    .select('maps.id')
    .where('maps.id', 'in', mapIds)
    .where('hostgroups.organization_id', '=', organizationId)
    .where('maps.hostgroup_id', 'in', scope.environmentIds.length ? scope.environmentIds : [0])
    .execute()
  const missing = mapIds.filter((id) => !found.some((m) => m.id === id))
  if (missing.length) throw new ApiError('map_not_found', { field: 'map_ids', ids: missing })
}

async function ensureUnique(db: Kysely<Database>, environmentId: number, name: string, exceptId?: number) {
  const clash = await db
    .selectFrom('slideshows')
    .select('id')
    .where('hostgroup_id', '=', environmentId)
    .where('name', '=', name)
    .executeTakeFirst()
  if (clash && clash.id !== exceptId) throw new ApiError('slideshow_already_exists', { name })
}

async function writeMaps(db: Kysely<Database>, slideshowId: number, mapIds: number[]) {
  await db.deleteFrom('slideshow_maps').where('slideshow_id', '=', slideshowId).execute()
  await db
    .insertInto('slideshow_maps')
    .values(mapIds.map((map_id, position) => ({ slideshow_id: slideshowId, position, map_id })))
    .execute()
}

/** SPEC §6: maps_write on the environment adds a slideshow; SPEC §5 names; slideshow_already_exists. */
export async function createSlideshow(db: Kysely<Database>, scope: Scope, body: z.infer<typeof SlideshowBody>) {
  const organizationId = await organizationOf(db, scope, body.hostgroup_id)
  demand(scope, 'maps_write', { environmentId: body.hostgroup_id })
  const name = body.name ?? body.alias
  const t = now()
  return db.transaction().execute(async (tx) => {
    await ensureUnique(tx, body.hostgroup_id, name)
    await checkMaps(tx, scope, organizationId, body.map_ids)
    const { id } = await tx
      .insertInto('slideshows')
      .values({
        hostgroup_id: body.hostgroup_id,
        name,
        alias: body.alias,
        delay: body.delay,
        follow_alarms: body.follow_alarms ? 1 : 0,
        created_time: t,
        updated_time: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeMaps(tx, id, body.map_ids)
    return id
  })
}

/**
 * SPEC §6 write on the environment edits. The name (the URL) changes only when given, so links keep working
 * after an alias change; the map list, when given, replaces the old one in its order.
 */
export async function updateSlideshow(db: Kysely<Database>, scope: Scope, id: number, body: z.infer<typeof SlideshowUpdate>) {
  const show = await loadSlideshow(db, scope, id)
  demand(scope, 'write', { environmentId: show.hostgroup_id })
  await db.transaction().execute(async (tx) => {
    if (body.name !== undefined) await ensureUnique(tx, show.hostgroup_id, body.name, id)
    if (body.map_ids) {
      await checkMaps(tx, scope, show.organization_id, body.map_ids)
      await writeMaps(tx, id, body.map_ids)
    }
    await tx
      .updateTable('slideshows')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.alias !== undefined ? { alias: body.alias } : {}),
        ...(body.delay !== undefined ? { delay: body.delay } : {}),
        ...(body.follow_alarms !== undefined ? { follow_alarms: body.follow_alarms ? 1 : 0 } : {}),
        updated_time: now(),
      })
      .where('id', '=', id)
      .execute()
  })
  return getSlideshow(db, scope, id)
}

export async function deleteSlideshow(db: Kysely<Database>, scope: Scope, id: number) {
  const show = await loadSlideshow(db, scope, id)
  demand(scope, 'write', { environmentId: show.hostgroup_id })
  await db.deleteFrom('slideshows').where('id', '=', id).execute()
}
