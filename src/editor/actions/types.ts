/**
 * Editor commands (STYLE.md "Actions"): every command is an `Action` in `actions/<group>.ts`; the toolbar,
 * context menu, keyboard and shortcut help read the one registry (actions/index.ts). `perform` edits an immer
 * draft of the document and nothing else; the dispatcher records it as one history entry.
 */
import type { MapDocument } from '../../shared/maps'
import type { Editor } from '../model/editor'
import type { DocDraft } from '../model/doc-ops'
import type { Clip } from '../model/clipboard'

/** `edit`: the editor holds the lock; `view`: read-only (another user's lock, no write right, old version). */
export type EditorMode = 'edit' | 'view'
export type ActionGroup = 'history' | 'edit' | 'arrange' | 'align' | 'move' | 'view' | 'tool'

export interface ActionContext {
  editor: Editor
  doc: MapDocument
  selection: ReadonlySet<string>
  /** What copy put on the clipboard (read before `perform`, so `perform` stays free of I/O). */
  clipboard: Clip | null
  /** Tells the person something (an i18n key), e.g. why a connection was refused (SPEC §5). */
  notify?(messageKey: string): void
}

export interface Action {
  /** Kebab verb (STYLE.md Naming): `align-left`. */
  id: string
  /** i18n key of its name: `editor.actions.<id>`. */
  label: string
  group: ActionGroup
  /** Key chords: `Mod+D` (Mod = Ctrl, or ⌘ on macOS), `Shift+ArrowLeft`, `Delete`. */
  keys?: readonly string[]
  /** Modes it works in; document edits default to `edit` only. */
  modes?: readonly EditorMode[]
  /** Shown as a toolbar button (the others are in the context menu, keyboard and shortcut help). */
  toolbar?: boolean
  enabled(ctx: ActionContext): boolean
  /** A document edit: changes the draft, may say what to select afterwards. */
  perform?(draft: DocDraft, ctx: ActionContext): void | { select?: Iterable<string> }
  /** A command that is not a document edit (undo, zoom, tools, copy). */
  run?(ctx: ActionContext): void
}

export const defineAction = (action: Action): Action => action

/** An edit that takes a value (place an item, set a colour, resize): same dispatcher, no key of its own. */
export interface Edit<V> {
  id: string
  label: string
  perform(draft: DocDraft, value: V, ctx: ActionContext): void | { select?: Iterable<string> }
}

export const defineEdit = <V>(edit: Edit<V>): Edit<V> => edit

export const modesOf = (action: Action): readonly EditorMode[] => action.modes ?? ['edit']
