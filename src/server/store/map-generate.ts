/**
 * Maps generated from data (issue 7 "New map from…"; SPEC §3 Host parents/children): the hosts a source
 * stands for (an environment's, a tag's, or a host and its children), laid out by shared/maps/layout.ts with
 * connectors parent→child; maps.source keeps how the map was made, so a re-sync adds the hosts that are new
 * since, in free space, and never moves or removes what is on the map. Every query stays within the
 * caller's organization and visible environments (a generated map never shows another tenant's host).
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { GenerateMap } from '../../shared/api/maps'
import { ApiError } from '../../shared/errors'
import { limitExceeded } from './quotas'
import { MAX_ITEMS } from '../../shared/maps/document'
import { generatedDocument, syncDocument, type LayoutHost } from '../../shared/maps/layout'
import { writeDocument } from '../../shared/maps/ydoc'
import { createMap, requireMap, requireWrite } from './maps'
import { LOCK_COLUMNS, lockOf, refuseOthersLock } from './map-locks'
import { draftYdoc, storeDraft } from './map-versions'
import { readStoredDocument } from './map-states'
import { writeMapEvent } from './map-events'
import { now, readJson } from './json'

type Source = GenerateMap['from']
const SourceSchema = GenerateMap.shape.from

/** Environments of the organization the caller may see: a generated map never shows another tenant's host. */
async function visibleEnvironments(db: Kysely<Database>, scope: Scope, environmentId: number) {
  const env = await db.selectFrom('hostgroups').select('organization_id').where('id', '=', environmentId).executeTakeFirst()
  if (!env || !scope.environmentIds.includes(environmentId)) throw new ApiError('hostgroup_not_found', { id: environmentId })
  const rows = await db
    .selectFrom('hostgroups')
    .select('id')
    .where('organization_id', '=', env.organization_id)
    .where('id', 'in', scope.environmentIds)
    .execute()
  return rows.map((r) => r.id)
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c)
const chunks = <T>(list: T[], size = 500) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

/** `role=db` → ['role', 'db']; `web` → ['web', undefined]. */
function labelOf(text: string): [string, string | undefined] {
  const at = text.indexOf('=')
  return at < 0 ? [text, undefined] : [text.slice(0, at).trim(), text.slice(at + 1).trim()]
}

/** The host ids a source stands for: an environment's, a tag's, or a host and its children, recursively. */
async function hostIdsOf(db: Kysely<Database>, envs: number[], from: Source): Promise<number[]> {
  switch (from.kind) {
    case 'environment': {
      if (!envs.includes(from.hostgroup_id)) throw new ApiError('hostgroup_not_found', { id: from.hostgroup_id })
      return (await db.selectFrom('hosts').select('id').where('hostgroup_id', '=', from.hostgroup_id).execute()).map((r) => r.id)
    }
    case 'tag': {
      // Issue 7 "a label/tag": a tag, or a label (SPEC §3 host labels) written `key` or `key=value`.
      const [key, value] = labelOf(from.tag)
      // Tags are a JSON array, labels a JSON object: LIKE narrows, parsing decides.
      const like = (column: 'tags' | 'labels', text: string) =>
        sql<boolean>`${sql.ref(column)} LIKE ${`%${escapeLike(JSON.stringify(text))}%`} ESCAPE '\\'`
      const rows = await db
        .selectFrom('hosts')
        .select(['id', 'tags', 'labels'])
        .where('hostgroup_id', 'in', envs)
        .where((eb) => eb.or([like('tags', from.tag), like('labels', key)]))
        .execute()
      return rows
        .filter((r) => {
          const labels = readJson<Record<string, string>>(r.labels, {})
          return (
            readJson<string[]>(r.tags, []).includes(from.tag) ||
            (Object.hasOwn(labels, key) && (value === undefined || labels[key] === value))
          )
        })
        .map((r) => r.id)
    }
    case 'host': {
      const root = await db
        .selectFrom('hosts')
        .select('id')
        .where('id', '=', from.host_id)
        .where('hostgroup_id', 'in', envs)
        .executeTakeFirst()
      if (!root) throw new ApiError('host_not_found', { id: from.host_id })
      const seen = new Set([root.id])
      let frontier = [root.id]
      while (frontier.length && seen.size < MAX_ITEMS) {
        const next: number[] = []
        for (const part of chunks(frontier)) {
          const children = await db
            .selectFrom('host_parents')
            .innerJoin('hosts', 'hosts.id', 'host_parents.host_id')
            .select('hosts.id')
            .where('host_parents.parent_id', 'in', part)
            .where('hosts.hostgroup_id', 'in', envs)
            .execute()
          for (const c of children)
            if (!seen.has(c.id)) {
              seen.add(c.id)
              next.push(c.id)
            }
        }
        frontier = next
      }
      return [...seen]
    }
  }
}

/** Names and parent links of the hosts, for the layout (at most MAX_ITEMS: a document's limit). */
async function layoutHostsOf(db: Kysely<Database>, envs: number[], from: Source): Promise<LayoutHost[]> {
  const ids = await hostIdsOf(db, envs, from)
  if (ids.length > MAX_ITEMS) throw limitExceeded('map_items', MAX_ITEMS, { hosts: ids.length })
  const hosts = new Map<number, LayoutHost & { parents: number[] }>()
  for (const part of chunks(ids)) {
    for (const h of await db.selectFrom('hosts').select(['id', 'name']).where('id', 'in', part).execute())
      hosts.set(h.id, { id: h.id, name: h.name, parents: [] })
    for (const l of await db.selectFrom('host_parents').select(['host_id', 'parent_id']).where('host_id', 'in', part).execute())
      hosts.get(l.host_id)?.parents.push(l.parent_id)
  }
  return [...hosts.values()]
}

/** What a generated map keeps of its source: the source, and the hosts it has seen (a removed one stays removed). */
const sourceOf = (from: Source, known: number[]) => ({ ...from, known_host_ids: [...new Set(known)] })

/**
 * Re-sync (write right; refused while another user holds the lock, SPEC §2): the draft gains the hosts that
 * are new since, written through its Y.Doc so an editor's copy stays mergeable, with an `edited` event.
 */
export async function syncMap(db: Kysely<Database>, scope: Scope, id: number) {
  const map = await requireMap(db, scope, id)
  requireWrite(scope, map, 'edit')
  const row = await db.selectFrom('maps').select('source').where('id', '=', id).executeTakeFirstOrThrow()
  const stored = readJson<{ known_host_ids?: unknown } | null>(row.source, null)
  const source = SourceSchema.safeParse(stored)
  if (!source.success) throw new ApiError('invalid_operation', { id, reason: 'the map was not generated from data' })
  // Maps generated before the list was kept know nothing: every host missing from them is added.
  const known = new Set(
    Array.isArray(stored?.known_host_ids) ? stored.known_host_ids.filter((x): x is number => typeof x === 'number') : [],
  )
  const hosts = await layoutHostsOf(db, await visibleEnvironments(db, scope, map.hostgroup_id), source.data)
  const t = now()
  await db.transaction().execute(async (tx) => {
    const draft = await tx
      .selectFrom('maps')
      .select(['draft', 'draft_ystate', ...LOCK_COLUMNS])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    refuseOthersLock({ lock: lockOf(draft, scope, t) })
    const { document, added } = syncDocument(readStoredDocument(draft.draft), hosts, known)
    await tx
      .updateTable('maps')
      .set({ source: JSON.stringify(sourceOf(source.data, [...known, ...hosts.map((h) => h.id)])) })
      .where('id', '=', id)
      .execute()
    if (!added.length) return
    const ydoc = draftYdoc(draft)
    writeDocument(ydoc, document)
    await storeDraft(tx, id, document, ydoc, t)
    await writeMapEvent(tx, scope, map, 'edited', t, { synced_hosts: added.length })
  })
}

/**
 * POST maps/generate: a new draft map of the source's hosts (SPEC §6 maps_write, checked by createMap); returns its
 * id. An imported NagVis automap is made here too, with its own description and `imported` event.
 */
export async function generateMap(
  db: Kysely<Database>,
  scope: Scope,
  body: GenerateMap,
  made: { description: string; event: 'added' | 'imported' } = { description: '', event: 'added' },
): Promise<number> {
  const { from, ...newMap } = body
  const envs = await visibleEnvironments(db, scope, newMap.hostgroup_id)
  const hosts = await layoutHostsOf(db, envs, from)
  return createMap(
    db,
    scope,
    { ...newMap, description: made.description, use_hard_state: false, tags: [] },
    generatedDocument(hosts),
    sourceOf(
      from,
      hosts.map((h) => h.id),
    ),
    made.event,
  )
}
