/**
 * The one registry of editor actions (STYLE.md "Actions"): toolbar, context menu, keyboard and shortcut
 * help all read `ACTIONS`; `runAction` and `runEdit` are the dispatcher that makes each one history entry.
 */
import { readClip } from '../model/clipboard'
import type { Editor } from '../model/editor'
import { alignBottom, alignCenter, alignLeft, alignMiddle, alignRight, alignTop, distributeHorizontal, distributeVertical } from './align'
import { bringForward, bringToFront, sendBackward, sendToBack } from './arrange'
import { connectSelection, copy, cut, deleteSelection, deselect, duplicate, paste, selectAll } from './edit'
import { group, ungroup } from './group'
import { redo, undo } from './history'
import { chordOf, normaliseChord, type KeyEventLike } from './keys'
import { nudgeActions } from './move'
import { runEditIn } from './run-edit'
import { modesOf, type Action, type ActionContext, type Edit, type EditorMode } from './types'
import { toggleGrid, toggleSnap, toolConnect, toolPan, toolSelect, zoomIn, zoomOut, zoomToFit } from './view'

export const ACTIONS: readonly Action[] = [
  undo,
  redo,
  deleteSelection,
  duplicate,
  connectSelection,
  copy,
  cut,
  paste,
  selectAll,
  deselect,
  bringForward,
  sendBackward,
  bringToFront,
  sendToBack,
  group,
  ungroup,
  alignLeft,
  alignCenter,
  alignRight,
  alignTop,
  alignMiddle,
  alignBottom,
  distributeHorizontal,
  distributeVertical,
  ...nudgeActions,
  toggleGrid,
  toggleSnap,
  zoomToFit,
  zoomIn,
  zoomOut,
  toolSelect,
  toolConnect,
  toolPan,
]

export const actionById = (id: string): Action | undefined => ACTIONS.find((a) => a.id === id)

export function actionContext(
  editor: Editor,
  options: { clipboardText?: string | null; notify?(messageKey: string): void } = {},
): ActionContext {
  const s = editor.get()
  let clip: ActionContext['clipboard'] | undefined
  // Read only when an action asks (paste): the stored clip may be large.
  return {
    editor,
    doc: s.doc,
    selection: s.selection,
    notify: options.notify,
    get clipboard() {
      return (clip ??= readClip(options.clipboardText))
    },
  }
}

export const isAvailable = (action: Action, mode: EditorMode, ctx: ActionContext) => modesOf(action).includes(mode) && action.enabled(ctx)

/** Runs an action if it is available in `mode`; true when it ran. */
export function runAction(editor: Editor, action: Action, mode: EditorMode, ctx = actionContext(editor)): boolean {
  if (!isAvailable(action, mode, ctx)) return false
  if (action.run) {
    action.run(ctx)
    return true
  }
  let selected: Iterable<string> | undefined
  return editor.edit(
    action.label,
    (draft) => {
      selected = action.perform!(draft, ctx)?.select ?? undefined
    },
    () => selected,
  )
}

/** Runs an edit that takes a value (place, connect, resize, set a field); true when the document changed. */
export const runEdit = <V>(editor: Editor, edit: Edit<V>, value: V): boolean => runEditIn(actionContext(editor), edit, value)

/** The action a key event triggers in `mode` (first available one), if any. */
export function actionForKey(event: KeyEventLike, mode: EditorMode, ctx: ActionContext): Action | undefined {
  const chord = chordOf(event)
  return ACTIONS.find((a) => modesOf(a).includes(mode) && a.keys?.some((k) => normaliseChord(k) === chord) && a.enabled(ctx))
}

export type { Action, ActionContext, Edit, EditorMode } from './types'
