/**
 * A map's lifecycle (SPEC §4 Maps): draft → live (publishing makes a new version) → archived → live
 * (recover). Archiving removes the links other maps have to it, from their drafts and their live versions
 * (a new version without the link is published), and names the maps that lost one.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, EventTable } from './db'
import type { Scope } from './scope'
import { requireWrite } from './maps'
import { refuseOthersLock } from './map-locks'
import { mapEventDelta, writeMapEvent, type MapRef } from './map-events'
import { readStoredDocument, versionDocument } from './map-states'
import { draftYdoc } from './map-versions'
import { refuseForeignBindings } from './map-bindings'
import { ApiError } from '../../shared/errors'
import { demandQuota, organizationOfEnvironment } from './quotas'
import { bindingsOf, boundIds, type MapDocument } from '../../shared/maps/document'
import { MAX_MAP_DEPTH } from '../../shared/maps/rollup'
import { Y } from '../../shared/maps/ydoc'
import type { z } from 'zod'
import type { MapInfo, MapLinkRemoved } from '../../shared/api/maps'

type EventRow = Selectable<EventTable>

/**
 * SPEC §8 max_map_recursion: publishing `doc` as map `id` must not make nested maps (followed through their
 * live versions, whoever may see them) loop back to a map above, nor nest deeper than MAX_MAP_DEPTH. Only
 * maps of the map's own organization are followed (issue 13), so the path never names another tenant's map.
 */
async function checkRecursion(db: Kysely<Database>, organizationId: number, id: number, doc: MapDocument) {
  const walk = async (d: MapDocument, path: number[]): Promise<void> => {
    for (const child of boundIds(d).map) {
      const row = await db
        .selectFrom('maps')
        .innerJoin('hostgroups', 'hostgroups.id', 'maps.hostgroup_id')
        .select('maps.live_version')
        .where('maps.id', '=', child)
        .where('hostgroups.organization_id', '=', organizationId)
        .executeTakeFirst()
      if (!row) continue
      if (path.includes(child)) throw new ApiError('max_map_recursion', { path: [...path, child] })
      if (path.length >= MAX_MAP_DEPTH) throw new ApiError('max_map_recursion', { depth: MAX_MAP_DEPTH, path: [...path, child] })
      const nested = row?.live_version ? await versionDocument(db, child, row.live_version) : null
      if (nested) await walk(nested, [...path, child])
    }
  }
  await walk(doc, [id])
}

/**
 * Inserts the next version of a map and makes it live, in the caller's transaction. `quotaOf`: the organization
 * whose map_versions quota (SPEC §8) the map must stay within; null for versions Vigil writes itself.
 */
async function addVersion(
  db: Kysely<Database>,
  scope: Scope | null,
  mapId: number,
  document: string,
  comment: string,
  t: number,
  quotaOf: number | null,
) {
  const last = await db
    .selectFrom('map_versions')
    .select((eb) => [eb.fn.max('version').as('v'), eb.fn.countAll<number>().as('n')])
    .where('map_id', '=', mapId)
    .executeTakeFirstOrThrow()
  if (quotaOf !== null) await demandQuota(db, quotaOf, 'map_versions', Number(last.n), 1, { map_id: mapId })
  const version = Number(last.v ?? 0) + 1
  await db
    .insertInto('map_versions')
    .values({ map_id: mapId, version, document, comment, user_id: scope?.userId ?? null, username: scope?.username ?? '', created_time: t })
    .execute()
  await db
    .updateTable('maps')
    .set({ live_version: version, status: 'live', status_before_archive: null, updated_time: t })
    .where('id', '=', mapId)
    .execute()
  return version
}

/**
 * POST maps/:id/publish: the draft becomes a new live version (write right; not while another user edits).
 * `map` as the route read it (requireMap, outside the transaction); in the caller's transaction (store/commit.ts); returns the feed delta of its map event.
 */
export async function publishMap(tx: Kysely<Database>, scope: Scope, map: MapInfo, comment: string, t: number) {
  const id = map.id
  requireWrite(scope, map, 'publish')
  refuseOthersLock(map)
  const { draft } = await tx.selectFrom('maps').select('draft').where('id', '=', id).executeTakeFirstOrThrow()
  const doc = readStoredDocument(draft)
  const organizationId = (await organizationOfEnvironment(tx, map.hostgroup_id))!
  await refuseForeignBindings(tx, organizationId, doc, map.version === null ? null : await versionDocument(tx, id, map.version))
  await checkRecursion(tx, organizationId, id, doc)
  const version = await addVersion(tx, scope, id, draft, comment, t, organizationId)
  return { deltas: [mapEventDelta(await writeMapEvent(tx, scope, map, 'published', t, { version }))] }
}

/** The document without the items linking to map `id` (and the connectors of those items); null when it has none. */
function withoutLinks(doc: MapDocument, id: number): { doc: MapDocument; items: string[]; connectors: string[] } | null {
  const binding = `map:${id}`
  const items = Object.values(doc.items)
    .filter((item) => bindingsOf(item).includes(binding))
    .map((item) => item.id)
  if (!items.length) return null
  const connectors = Object.values(doc.connectors)
    .filter((c) => items.includes(c.from) || items.includes(c.to))
    .map((c) => c.id)
  const keep = <T>(rec: Record<string, T>, drop: string[]) => Object.fromEntries(Object.entries(rec).filter(([k]) => !drop.includes(k)))
  return { doc: { ...doc, items: keep(doc.items, items), connectors: keep(doc.connectors, connectors) }, items, connectors }
}

/**
 * Removes the links to map `id` from every other map of its organization (issue 13: only those may link it;
 * another tenant's maps are never rewritten): drafts are changed through their Y.Doc (so that an
 * open editor's copy merges), live versions get a new version without the link. Returns the events and
 * the maps changed. A cheap text match finds the candidates; the parsed document decides.
 */
async function removeLinksTo(db: Kysely<Database>, organizationId: number, id: number, alias: string, t: number) {
  const pattern = `%"map_id":${id}%`
  const candidates = await db
    .selectFrom('maps')
    .innerJoin('hostgroups', 'hostgroups.id', 'maps.hostgroup_id')
    .select([
      'maps.id',
      'maps.hostgroup_id',
      'maps.name',
      'maps.alias',
      'maps.draft',
      'maps.draft_ystate',
      'maps.live_version',
      'hostgroups.name as hostgroup_name',
    ])
    .where('maps.id', '<>', id)
    .where('hostgroups.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('maps.draft', 'like', pattern),
        eb.exists(
          eb
            .selectFrom('map_versions')
            .select('map_versions.id')
            .whereRef('map_versions.map_id', '=', 'maps.id')
            .whereRef('map_versions.version', '=', 'maps.live_version')
            .where('map_versions.document', 'like', pattern),
        ),
      ]),
    )
    .execute()
  const events: EventRow[] = []
  const changed: (MapRef & { hostgroup_name: string })[] = []
  for (const m of candidates) {
    let touched = false
    const draft = withoutLinks(readStoredDocument(m.draft), id)
    if (draft) {
      const ydoc = draftYdoc(m)
      ydoc.transact(() => {
        for (const k of draft.items) ydoc.getMap('items').delete(k)
        for (const k of draft.connectors) ydoc.getMap('connectors').delete(k)
      })
      await db
        .updateTable('maps')
        .set({ draft: JSON.stringify(draft.doc), draft_ystate: Y.encodeStateAsUpdate(ydoc), draft_time: t, updated_time: t })
        .where('id', '=', m.id)
        .execute()
      touched = true
    }
    const liveDoc = m.live_version === null ? null : await versionDocument(db, m.id, m.live_version)
    const live = liveDoc && withoutLinks(liveDoc, id)
    if (live) {
      const version = await addVersion(db, null, m.id, JSON.stringify(live.doc), `Link to archived map ${alias} removed`, t, null)
      events.push(await writeMapEvent(db, null, m, 'published', t, { version, removed_link_to: id }))
      touched = true
    }
    if (touched) changed.push(m)
  }
  return { events, changed }
}

/** POST maps/:id/archive (write right; not while another user edits), in the caller's transaction. */
export async function archiveMap(tx: Kysely<Database>, scope: Scope, map: MapInfo, t: number) {
  const id = map.id
  requireWrite(scope, map, 'archive')
  refuseOthersLock(map)
  if (map.status === 'archived') throw new ApiError('invalid_operation', { reason: 'the map is archived already' })
  await tx
    .updateTable('maps')
    .set({ status: 'archived', status_before_archive: map.status, updated_time: t })
    .where('id', '=', id)
    .execute()
  const archived = await writeMapEvent(tx, scope, map, 'archived', t)
  const { events, changed } = await removeLinksTo(tx, (await organizationOfEnvironment(tx, map.hostgroup_id))!, id, map.alias, t)
  // Maps the caller may not see lose their links too, but are not named to it.
  const warnings: z.infer<typeof MapLinkRemoved>[] = changed
    .filter((m) => scope.environmentIds.includes(m.hostgroup_id))
    .map((m) => ({ map_id: m.id, name: m.name, alias: m.alias, hostgroup_id: m.hostgroup_id, hostgroup_name: m.hostgroup_name }))
  return { deltas: [archived, ...events].map(mapEventDelta), warnings }
}

/**
 * POST maps/:id/recover: archived → live (SPEC §4); a map archived before it was ever published returns to
 * draft. In the caller's transaction.
 */
export async function recoverMap(tx: Kysely<Database>, scope: Scope, map: MapInfo, t: number) {
  const id = map.id
  requireWrite(scope, map, 'recover')
  if (map.status !== 'archived') throw new ApiError('invalid_operation', { reason: 'only an archived map can be recovered' })
  await tx
    .updateTable('maps')
    .set({ status: map.version === null ? 'draft' : 'live', status_before_archive: null, updated_time: t })
    .where('id', '=', id)
    .execute()
  return { deltas: [mapEventDelta(await writeMapEvent(tx, scope, map, 'recovered', t))] }
}
