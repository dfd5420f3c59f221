/** Delete, clone, connect (SPEC §2 Map editor), copy, cut, paste (also between maps), select all. */
import { cloneInto, deleteIds, selectedItems, type ConnectRefusal } from '../model/doc-ops'
import { connect } from './document'
import { runEditIn } from './run-edit'
import { writeClip } from '../model/clipboard'
import { defineAction, type ActionContext } from './types'

/** Copies land this far from their originals, so they are seen. */
export const CLONE_OFFSET = 16

const hasSelection = (ctx: ActionContext) => ctx.selection.size > 0

function copySelection(ctx: ActionContext) {
  const items = selectedItems(ctx.doc, ctx.selection)
  const ids = new Set(items.map((i) => i.id))
  // Connectors travel with both their ends.
  const connectors = Object.values(ctx.doc.connectors).filter((c) => ids.has(c.from) && ids.has(c.to))
  const text = writeClip({ items, connectors })
  void navigator.clipboard?.writeText(text).catch(() => undefined)
}

export const deleteSelection = defineAction({
  id: 'delete',
  label: 'editor.actions.delete',
  group: 'edit',
  keys: ['Delete', 'Backspace'],
  toolbar: true,
  enabled: hasSelection,
  perform: (draft, ctx) => deleteIds(draft, ctx.selection),
})

export const duplicate = defineAction({
  id: 'duplicate',
  label: 'editor.actions.duplicate',
  group: 'edit',
  keys: ['Mod+D'],
  toolbar: true,
  enabled: (ctx) => selectedItems(ctx.doc, ctx.selection).length > 0,
  perform: (draft, ctx) => {
    const items = selectedItems(ctx.doc, ctx.selection)
    const ids = new Set(items.map((i) => i.id))
    const connectors = Object.values(ctx.doc.connectors).filter((c) => ids.has(c.from) && ids.has(c.to))
    return { select: cloneInto(draft, items, connectors, CLONE_OFFSET) }
  },
})

export const copy = defineAction({
  id: 'copy',
  label: 'editor.actions.copy',
  group: 'edit',
  keys: ['Mod+C'],
  modes: ['edit', 'view'],
  toolbar: true,
  enabled: (ctx) => selectedItems(ctx.doc, ctx.selection).length > 0,
  run: copySelection,
})

export const cut = defineAction({
  id: 'cut',
  label: 'editor.actions.cut',
  group: 'edit',
  keys: ['Mod+X'],
  toolbar: true,
  enabled: (ctx) => selectedItems(ctx.doc, ctx.selection).length > 0,
  // Not a `perform`: writing the clipboard is I/O, so it runs first and the delete is an ordinary edit.
  run: (ctx) => {
    copySelection(ctx)
    ctx.editor.edit('editor.actions.cut', (draft) => deleteIds(draft, ctx.selection))
  },
})

export const paste = defineAction({
  id: 'paste',
  label: 'editor.actions.paste',
  group: 'edit',
  keys: ['Mod+V'],
  toolbar: true,
  enabled: (ctx) => ctx.clipboard !== null && ctx.clipboard.items.length > 0,
  perform: (draft, ctx) => ({ select: cloneInto(draft, ctx.clipboard!.items, ctx.clipboard!.connectors, CLONE_OFFSET) }),
})

export const selectAll = defineAction({
  id: 'select-all',
  label: 'editor.actions.select-all',
  group: 'edit',
  keys: ['Mod+A'],
  modes: ['edit', 'view'],
  enabled: (ctx) => Object.keys(ctx.doc.items).length > 0,
  run: (ctx) => ctx.editor.select(Object.keys(ctx.doc.items)),
})

export const deselect = defineAction({
  id: 'deselect',
  label: 'editor.actions.deselect',
  group: 'edit',
  keys: ['Escape'],
  modes: ['edit', 'view'],
  enabled: (ctx) => ctx.selection.size > 0 || ctx.editor.get().connectFrom !== null,
  run: (ctx) => {
    ctx.editor.select([])
    ctx.editor.set({ connectFrom: null })
  },
})

/** Connects the two selected items (SPEC §5: not to itself, not twice; the refusal is told, not silent). */
export const connectSelection = defineAction({
  id: 'connect-selection',
  label: 'editor.actions.connect-selection',
  group: 'edit',
  keys: ['Mod+K'],
  toolbar: true,
  enabled: (ctx) => selectedItems(ctx.doc, ctx.selection).length === 2,
  run: (ctx) => {
    const [from, to] = selectedItems(ctx.doc, ctx.selection).map((i) => i.id)
    const result: { refused: ConnectRefusal | null } = { refused: null }
    runEditIn(ctx, connect, { from, to, result })
    if (result.refused) ctx.notify?.(`editor.page.refused.${result.refused}`)
  },
})
