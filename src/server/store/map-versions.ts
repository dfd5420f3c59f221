/**
 * A map's documents (SPEC §4 Maps, DESIGN.md "Maps"): the draft being edited, kept both as validated JSON
 * and as the Yjs state the editor's updates apply to, and the published versions. Saving needs the
 * caller's lock (map-locks.ts) and renews it; a document that breaks a SPEC §5 rule is refused whole.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { fail } from './fail'
import { perDatabaseCache } from './cache'
import { holdLock } from './map-locks'
import { requireMap, requireWrite } from './maps'
import { writeMapEvent } from './map-events'
import { refuseForeignBindings } from './map-bindings'
import { organizationOfEnvironment } from './quotas'
import { readStoredDocument, requireMapHead, versionDocument } from './map-states'
import { ApiError } from '../../shared/errors'
import { MapDocument } from '../../shared/maps/document'
import { documentToUpdate, readDocument, writeDocument, Y } from '../../shared/maps/ydoc'
import type { MapDocumentOut, MapInfo } from '../../shared/api/maps'

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** SPEC §8 validation_failed naming the path of each problem (`document.items.a1.x`). */
function parseDocument(raw: unknown): MapDocument {
  const parsed = MapDocument.safeParse(raw)
  if (parsed.success) return parsed.data
  throw new ApiError('validation_failed', {
    field: ['document', ...(parsed.error.issues[0]?.path ?? [])].join('.'),
    issues: parsed.error.issues.slice(0, 20).map((i) => ({ path: ['document', ...i.path].join('.'), message: i.message })),
  })
}

async function draftOf(db: Kysely<Database>, id: number) {
  return db.selectFrom('maps').select(['draft', 'draft_ystate', 'draft_time']).where('id', '=', id).executeTakeFirstOrThrow()
}

/** The draft's Y.Doc: its stored state, or one made from the draft JSON when there is none yet. */
export function draftYdoc(row: { draft: string; draft_ystate: Uint8Array | null }) {
  const ydoc = new Y.Doc()
  Y.applyUpdate(ydoc, row.draft_ystate ? new Uint8Array(row.draft_ystate) : documentToUpdate(readStoredDocument(row.draft)))
  return ydoc
}

/** Stores a validated draft with its Y.Doc. Writing through the existing Y.Doc keeps the editor's copy mergeable. */
export async function storeDraft(db: Kysely<Database>, id: number, doc: MapDocument, ydoc: InstanceType<typeof Y.Doc>, t: number) {
  await db
    .updateTable('maps')
    .set({ draft: JSON.stringify(doc), draft_ystate: Y.encodeStateAsUpdate(ydoc), draft_time: t, updated_time: t })
    .where('id', '=', id)
    .execute()
}

const draftOut = (id: number, document: MapDocument, t: number, ystate?: Uint8Array): MapDocumentOut => ({
  map_id: id,
  version: 'draft',
  document,
  ...(ystate ? { ystate: base64(ystate) } : {}),
  updated_time: t,
})

/** GET maps/:id/document?version=draft|live|N. */
export async function getDocument(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  version: 'draft' | 'live' | number,
): Promise<MapDocumentOut> {
  const map = await requireMapHead(db, scope, id)
  if (version === 'draft') {
    const row = await draftOf(db, id)
    const document = readStoredDocument(row.draft)
    return draftOut(id, document, Number(row.draft_time), row.draft_ystate ? new Uint8Array(row.draft_ystate) : documentToUpdate(document))
  }
  const number = version === 'live' ? map.live_version : version
  const row =
    number === null
      ? undefined
      : await db.selectFrom('map_versions').select('created_time').where('map_id', '=', id).where('version', '=', number).executeTakeFirst()
  const document = row && number !== null ? await versionDocument(db, id, number) : null
  if (!row || !document || number === null) return fail('map_not_found', { id, version })
  return { map_id: id, version: number, document, updated_time: Number(row.created_time) }
}

/** JSON texts of published versions by `map:version`, per database (ids repeat between databases). */
const publishedJson = perDatabaseCache<string, { text: string }>({ max: 16 })

/**
 * GET maps/:id/document of a published version as the JSON text to send. Versions never change (and were
 * checked against MapDocument when saved), so the text is kept: a NOC wall's reload or a second viewer of a
 * 10,000-item map costs no response check and no stringify of megabytes (issue 7 first paint). The same
 * object comes back for the same version while it is kept (the route keeps its compressed copies by it).
 */
export async function publishedDocumentJson(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  version: 'live' | number,
): Promise<{ text: string }> {
  const out = await getDocument(db, scope, id, version)
  const key = `${id}:${out.version}`
  const cache = publishedJson(db)
  let answer = cache.get(key)
  if (answer === undefined) cache.set(key, (answer = { text: JSON.stringify(out) }))
  return answer
}

/**
 * SPEC §3 Map event `edited` once per editing session: a save writes one unless this user's `edited`
 * is already the map's latest event (autosaves would otherwise flood the timeline).
 */
async function noteEdited(db: Kysely<Database>, scope: Scope, map: MapInfo, t: number, extra: Record<string, unknown> = {}) {
  const last = await db
    .selectFrom('events')
    .select(['status', 'user_id'])
    .where('map_id', '=', map.id)
    .orderBy('display_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (extra.reverted_to === undefined && last?.status === 'edited' && last.user_id === scope.userId) return
  await writeMapEvent(db, scope, map, 'edited', t, extra)
}

/** Loads the map, checks the write right, and runs `change` in one transaction holding (and renewing) the lock. */
async function withDraft<T>(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  t: number,
  change: (tx: Kysely<Database>, map: MapInfo) => Promise<T>,
  session = '',
): Promise<T> {
  const map = await requireMap(db, scope, id)
  requireWrite(scope, map, 'edit')
  return db.transaction().execute(async (tx) => {
    await holdLock(tx, scope, id, t, session)
    return change(tx, map)
  })
}

/** PUT maps/:id/document: the whole document as JSON. */
export async function saveDocument(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  raw: unknown,
  t: number,
  session = '',
): Promise<MapDocumentOut> {
  const doc = parseDocument(raw)
  return withDraft(
    db,
    scope,
    id,
    t,
    async (tx, map) => {
      const row = await draftOf(tx, id)
      await refuseForeignBindings(tx, (await organizationOfEnvironment(tx, map.hostgroup_id))!, doc, readStoredDocument(row.draft))
      const ydoc = draftYdoc(row)
      writeDocument(ydoc, doc)
      await storeDraft(tx, id, doc, ydoc, t)
      await noteEdited(tx, scope, map, t)
      return draftOut(id, doc, t)
    },
    session,
  )
}

/** A whole large map's state is a few hundred KB; one edit's update is far smaller (issue 13: junk bytes). */
const MAX_UPDATE_BYTES = 1024 * 1024

/** POST maps/:id/document/updates: one binary Yjs update applied to the draft; an invalid result stores nothing. */
export async function applyDocumentUpdate(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  body: unknown,
  t: number,
  session = '',
): Promise<MapDocumentOut> {
  if (!(body instanceof Uint8Array) || body.length === 0)
    throw new ApiError('invalid_input', { field: 'body', reason: 'one Yjs update as application/octet-stream' })
  if (body.length > MAX_UPDATE_BYTES)
    throw new ApiError('invalid_input', {
      field: 'body',
      reason: `a Yjs update of at most ${MAX_UPDATE_BYTES} bytes`,
      max_bytes: MAX_UPDATE_BYTES,
    })
  return withDraft(
    db,
    scope,
    id,
    t,
    async (tx, map) => {
      // The draft's Y.Doc is built for this call: the update lands in this copy, stored only once it checks out.
      const row = await draftOf(tx, id)
      const ydoc = draftYdoc(row)
      try {
        Y.applyUpdate(ydoc, new Uint8Array(body))
      } catch {
        throw new ApiError('invalid_input', { field: 'body', reason: 'not a Yjs update' })
      }
      // Junk bytes often decode as structs of unknown clients that Yjs keeps pending (1 MB of junk grew the
      // stored state by 22 KB): an update of the draft the editor holds always integrates whole.
      if (ydoc.store.pendingStructs || ydoc.store.pendingDs)
        throw new ApiError('invalid_input', { field: 'body', reason: 'not an update of this draft' })
      const doc = parseDocument(readDocument(ydoc))
      await refuseForeignBindings(tx, (await organizationOfEnvironment(tx, map.hostgroup_id))!, doc, readStoredDocument(row.draft))
      await storeDraft(tx, id, doc, ydoc, t)
      await noteEdited(tx, scope, map, t)
      return draftOut(id, doc, t)
    },
    session,
  )
}

/** GET maps/:id/versions, newest first. */
export async function listVersions(db: Kysely<Database>, scope: Scope, id: number) {
  const map = await requireMap(db, scope, id)
  const rows = await db
    .selectFrom('map_versions')
    .select(['version', 'comment', 'username', 'created_time'])
    .where('map_id', '=', id)
    .orderBy('version', 'desc')
    .execute()
  const result = rows.map((r) => ({
    version: r.version,
    comment: r.comment,
    username: r.username,
    created_time: Number(r.created_time),
    is_live: r.version === map.version,
  }))
  return { result, totalresults: result.length }
}

/** POST maps/:id/versions/:version/revert: the draft becomes that version (needs the lock; event `edited`). */
export async function revertToVersion(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  version: number,
  t: number,
  session = '',
): Promise<MapDocumentOut> {
  await requireMap(db, scope, id)
  const doc = (await versionDocument(db, id, version)) ?? fail('map_not_found', { id, version })
  return withDraft(
    db,
    scope,
    id,
    t,
    async (tx, map) => {
      const ydoc = draftYdoc(await draftOf(tx, id))
      writeDocument(ydoc, doc)
      await storeDraft(tx, id, doc, ydoc, t)
      await noteEdited(tx, scope, map, t, { reverted_to: version })
      return draftOut(id, doc, t, Y.encodeStateAsUpdate(ydoc))
    },
    session,
  )
}
