/**
 * The editor's state and dispatcher (DESIGN.md "Maps", STYLE.md "Undo"): a zustand store holding the
 * document, selection, camera and tool, and the one place where the document changes. Every edit runs through
 * immer `produceWithPatches` and becomes one history entry; commit listeners (the Yjs mirror, autosave) get
 * the same patches. Selection, camera and gestures are not undoable and never clear redo.
 */
import type { Patch } from 'immer'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Box, Connector, MapDocument } from '../../shared/maps'
import type { Camera } from '../../shared/maps/view'
import type { Guide } from './guides'
import { emptyHistory, push, record, redo, undo, type History, type Recipe } from './history'

export type { Camera }
export type ToolName = 'select' | 'connect' | 'pan'

/** A gesture in progress: shown live, recorded once at pointer-up, dropped by Escape. */
export type Gesture =
  | { kind: 'move'; ids: readonly string[]; dx: number; dy: number }
  | { kind: 'band'; box: Box; additive: boolean }
  /** A connector dragged out of an item's handle: its loose end, and the item it would connect to. */
  | { kind: 'link'; from: string; to: { x: number; y: number }; target: string | null }
  /** A selected connector's waypoint or end being dragged: its new waypoints or attach point. */
  | { kind: 'reshape'; id: string; fields: Pick<Connector, 'waypoints' | 'from_anchor' | 'to_anchor'> }

export interface EditorState {
  doc: MapDocument
  history: History
  selection: ReadonlySet<string>
  camera: Camera
  viewport: { width: number; height: number }
  tool: ToolName
  /** The first item picked by the connect tool. */
  connectFrom: string | null
  gesture: Gesture | null
  /** Alignment guides shown while an item is dragged or resized. */
  guides: readonly Guide[]
  /** The item under the pointer (the select tool offers its connection handles). */
  hover: string | null
  /** Counts document changes (edits, undo, redo, load); persistence compares it to know what is saved. */
  revision: number
  readOnly: boolean
}

export type CommitListener = (patches: readonly Patch[], doc: MapDocument) => void

export interface Editor {
  store: StoreApi<EditorState>
  get(): EditorState
  /** One user intent = one history entry; false when nothing changed or the editor is read-only. */
  edit(label: string, recipe: Recipe, select?: (doc: MapDocument) => Iterable<string> | undefined): boolean
  undo(): boolean
  redo(): boolean
  /** Replaces the document without recording (opening a map, restoring, reverting); history starts over. */
  load(doc: MapDocument): void
  select(ids: Iterable<string>, mode?: 'replace' | 'toggle' | 'add'): void
  set(patch: Partial<Pick<EditorState, 'camera' | 'viewport' | 'tool' | 'connectFrom' | 'gesture' | 'guides' | 'hover' | 'readOnly'>>): void
  onCommit(listener: CommitListener): () => void
}

const noSelection: ReadonlySet<string> = new Set()

export function createEditor(doc: MapDocument, options: { readOnly?: boolean } = {}): Editor {
  const store = createStore<EditorState>()(() => ({
    doc,
    history: emptyHistory,
    selection: noSelection,
    camera: { x: 0, y: 0, scale: 1 },
    viewport: { width: 800, height: 600 },
    tool: 'select',
    connectFrom: null,
    gesture: null,
    guides: [],
    hover: null,
    revision: 0,
    readOnly: options.readOnly ?? false,
  }))
  const listeners = new Set<CommitListener>()
  const commit = (next: MapDocument, history: History, patches: readonly Patch[], selection?: ReadonlySet<string>) => {
    const s = store.getState()
    // Whatever was deleted leaves the selection too.
    const kept = [...(selection ?? s.selection)].filter((id) => next.items[id] || next.connectors[id])
    store.setState({
      doc: next,
      history,
      revision: s.revision + 1,
      selection: kept.length === (selection ?? s.selection).size ? (selection ?? s.selection) : new Set(kept),
    })
    for (const l of listeners) l(patches, next)
  }

  return {
    store,
    get: store.getState,
    edit(label, recipe, select) {
      const s = store.getState()
      if (s.readOnly) return false
      const done = record(s.doc, label, recipe)
      if (!done) return false
      const picked = select?.(done.doc)
      commit(done.doc, push(s.history, done.entry), done.entry.patches, picked ? new Set(picked) : undefined)
      return true
    },
    undo() {
      const s = store.getState()
      const r = s.readOnly ? null : undo(s.doc, s.history)
      if (r) commit(r.doc, r.history, r.patches)
      return r !== null
    },
    redo() {
      const s = store.getState()
      const r = s.readOnly ? null : redo(s.doc, s.history)
      if (r) commit(r.doc, r.history, r.patches)
      return r !== null
    },
    load(next) {
      const s = store.getState()
      store.setState({
        doc: next,
        history: emptyHistory,
        selection: noSelection,
        gesture: null,
        guides: [],
        hover: null,
        connectFrom: null,
        revision: s.revision + 1,
      })
      for (const l of listeners) l([{ op: 'replace', path: [], value: next }], next)
    },
    select(ids, mode = 'replace') {
      const s = store.getState()
      const next = new Set(mode === 'replace' ? [] : s.selection)
      for (const id of ids) {
        if (mode === 'toggle' && next.has(id)) next.delete(id)
        else next.add(id)
      }
      if (next.size === 0 && s.selection.size === 0) return
      store.setState({ selection: next.size ? next : noSelection })
    },
    set(patch) {
      store.setState(patch)
    },
    onCommit(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
