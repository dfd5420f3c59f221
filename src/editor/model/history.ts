/**
 * The undo/redo history of the map editor (STYLE.md "Undo"): one user intent = one entry holding immer's
 * patches and inverse patches. Only the document is recorded; selection, camera and tools never are.
 */
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer'
import type { MapDocument } from '../../shared/maps'

enablePatches()

export interface HistoryEntry {
  /** i18n key of what was done (shown in the undo/redo tooltips). */
  label: string
  patches: Patch[]
  inversePatches: Patch[]
}

export interface History {
  past: readonly HistoryEntry[]
  future: readonly HistoryEntry[]
}

/** Oldest entries are dropped beyond this, so a long session does not grow without bound. */
export const MAX_HISTORY = 1000

export const emptyHistory: History = { past: [], future: [] }

export type Recipe = (draft: Draft<MapDocument>) => void

/** Runs one edit; null when it changed nothing (no entry is recorded for a no-op). */
export function record(doc: MapDocument, label: string, recipe: Recipe): { doc: MapDocument; entry: HistoryEntry } | null {
  const [next, patches, inversePatches] = produceWithPatches(doc, recipe)
  if (patches.length === 0) return null
  return { doc: next, entry: { label, patches, inversePatches } }
}

/** A new entry goes on the past and clears the future (a new branch). */
export function push(history: History, entry: HistoryEntry): History {
  const past = [...history.past, entry]
  return { past: past.length > MAX_HISTORY ? past.slice(past.length - MAX_HISTORY) : past, future: [] }
}

/** Undo: the last entry's inverse patches; returns the patches applied so that mirrors can follow. */
export function undo(doc: MapDocument, history: History): { doc: MapDocument; history: History; patches: Patch[] } | null {
  const entry = history.past.at(-1)
  if (!entry) return null
  return {
    doc: applyPatches(doc, entry.inversePatches),
    history: { past: history.past.slice(0, -1), future: [entry, ...history.future] },
    patches: entry.inversePatches,
  }
}

export function redo(doc: MapDocument, history: History): { doc: MapDocument; history: History; patches: Patch[] } | null {
  const entry = history.future[0]
  if (!entry) return null
  return {
    doc: applyPatches(doc, entry.patches),
    history: { past: [...history.past, entry], future: history.future.slice(1) },
    patches: entry.patches,
  }
}
