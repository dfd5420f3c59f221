/**
 * The map document mirrored into a Yjs `Y.Doc` (DESIGN.md "Maps"): y-indexeddb keeps it in the browser so
 * no unsaved edit is lost, and its binary updates are what the editor saves. Layout: the Y.Map `meta` holds
 * schema_version, resolution, background, grid and view; the Y.Maps `items` and `connectors` hold one plain JSON
 * value per id, replaced whole when it changes (an item is small, so an update stays small).
 */
import * as Y from 'yjs'
import type { MapDocument } from './document'

const META_KEYS = ['schema_version', 'resolution', 'background', 'grid', 'view'] as const
const COLLECTIONS = ['items', 'connectors'] as const
type Collection = (typeof COLLECTIONS)[number]

/** An immer-style patch: enough of immer's Patch for the mirror (the editor passes immer's own). */
export interface DocPatch {
  op: 'add' | 'remove' | 'replace'
  path: (string | number)[]
  value?: unknown
}

/** An optional meta key (view) that is absent is deleted, not stored as undefined. */
function setMeta(meta: Y.Map<unknown>, key: string, value: unknown) {
  if (value === undefined) meta.delete(key)
  else meta.set(key, structuredClone(value))
}

/** Writes a whole document into an empty or stale Y.Doc (one transaction). */
export function writeDocument(ydoc: Y.Doc, doc: MapDocument, origin?: unknown) {
  ydoc.transact(() => {
    const meta = ydoc.getMap('meta')
    for (const key of META_KEYS) setMeta(meta, key, doc[key])
    for (const name of COLLECTIONS) {
      const target = ydoc.getMap(name)
      const source = doc[name] as Record<string, unknown>
      for (const id of [...target.keys()]) if (!(id in source)) target.delete(id)
      for (const [id, value] of Object.entries(source))
        if (JSON.stringify(target.get(id)) !== JSON.stringify(value)) target.set(id, structuredClone(value))
    }
  }, origin)
}

/** Reads the document back out of a Y.Doc (not validated: validate with MapDocument at the edge). */
export function readDocument(ydoc: Y.Doc): unknown {
  const meta = ydoc.getMap('meta').toJSON()
  if (!('schema_version' in meta)) return null
  return { ...meta, items: ydoc.getMap('items').toJSON(), connectors: ydoc.getMap('connectors').toJSON() }
}

/**
 * Applies the patches of one edit to the Y.Doc in one transaction, given the document after the edit:
 * each touched item or connector is written whole (or deleted), each touched meta key replaced.
 */
export function applyPatches(ydoc: Y.Doc, patches: readonly DocPatch[], after: MapDocument, origin?: unknown) {
  ydoc.transact(() => {
    for (const patch of patches) {
      const [head, id] = patch.path
      if (head === 'items' || head === 'connectors') {
        const target = ydoc.getMap(head as Collection)
        if (id === undefined) {
          writeDocument(ydoc, after, origin)
          continue
        }
        const value = (after[head] as Record<string, unknown>)[String(id)]
        if (value === undefined) target.delete(String(id))
        else target.set(String(id), structuredClone(value))
      } else if ((META_KEYS as readonly string[]).includes(String(head))) {
        setMeta(ydoc.getMap('meta'), String(head), after[head as (typeof META_KEYS)[number]])
      } else if (head === undefined) {
        writeDocument(ydoc, after, origin)
      }
    }
  }, origin)
}

/** A new Y.Doc holding `doc`, and its full state as one update (what the server keeps for a draft). */
export function documentToUpdate(doc: MapDocument): Uint8Array {
  const ydoc = new Y.Doc()
  writeDocument(ydoc, doc)
  return Y.encodeStateAsUpdate(ydoc)
}

/** The document held by a Yjs state (one update or several merged), unvalidated. */
export function updateToDocument(...updates: Uint8Array[]): unknown {
  const ydoc = new Y.Doc()
  for (const u of updates) Y.applyUpdate(ydoc, u)
  return readDocument(ydoc)
}

export { Y }
