/**
 * The Yjs mirror of the editor document (DESIGN.md "Maps"): every commit (edit, undo, redo, load) is applied
 * to the Y.Doc in one transaction with the same patches, so y-indexeddb keeps each edit and saving sends
 * compact Yjs updates. `unsavedUpdate` and `recoverableDocument` compare a Y.Doc with what the server holds.
 */
import { applyPatches, readDocument, writeDocument, Y } from '../../shared/maps/ydoc'
import type { Editor } from '../model/editor'

/** Origin of the editor's own Y.Doc transactions. */
export const LOCAL_ORIGIN = 'vigil-editor'

/** Writes the editor's document into `ydoc` (if it differs) and keeps it following every commit. */
export function mirrorEditor(editor: Editor, ydoc: Y.Doc): () => void {
  // Only when it differs: writing an equal document would still make an update (and an unsaved edit).
  if (!sameJson(readDocument(ydoc), editor.get().doc)) writeDocument(ydoc, editor.get().doc, LOCAL_ORIGIN)
  return editor.onCommit((patches, doc) => applyPatches(ydoc, patches, doc, LOCAL_ORIGIN))
}

/**
 * What `ydoc` holds that a state with `serverVector` lacks: the body of POST maps/:id/document/updates. Yjs
 * deletions add no clock to the state vector, so the update always carries the whole (small) delete set.
 */
export const unsavedUpdate = (ydoc: Y.Doc, serverVector: Uint8Array): Uint8Array => Y.encodeStateAsUpdate(ydoc, serverVector)

/**
 * Local edits kept in the browser that the server's draft does not have (a reload, crash or closed tab):
 * the server state with the local state merged in, or null when the merge changes nothing visible.
 */
export function recoverableDocument(serverState: Uint8Array, local: Y.Doc): unknown | null {
  const serverVector = Y.encodeStateVectorFromUpdate(serverState)
  const merged = new Y.Doc()
  Y.applyUpdate(merged, serverState)
  const before = readDocument(merged)
  Y.applyUpdate(merged, Y.encodeStateAsUpdate(local, serverVector))
  const after = readDocument(merged)
  return sameJson(after, before) ? null : after
}

/** Deep equality of JSON values whatever the order of object keys (Y.Map keys come in insertion order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a),
    kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  return ka.every((k) => k in b && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

export const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''))
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
