/**
 * Z-order (SPEC §2 Map editor): bring forward/backward one step, to the front/back. Z is a sortable key
 * (STYLE.md "Item kinds"), so each move changes the `z` of the moved item only.
 */
import { byZ, type MapItem } from '../../shared/maps'
import { selectedItems, type DocDraft } from '../model/doc-ops'
import { defineAction, type ActionContext } from './types'

const someSelected = (ctx: ActionContext) => selectedItems(ctx.doc, ctx.selection).length > 0

/** A z strictly between the neighbours `step` places away in drawing order (or past the end). */
function stepZ(draft: DocDraft, id: string, step: 1 | -1) {
  const order = byZ(draft.items as Record<string, MapItem>)
  const i = order.findIndex((item) => item.id === id)
  const a = order[i + step],
    b = order[i + 2 * step]
  if (!a) return
  draft.items[id].z = b ? (a.z + b.z) / 2 : a.z + step
}

function toEnd(draft: DocDraft, ids: readonly string[], end: 1 | -1) {
  const all = Object.values(draft.items).map((i) => i.z)
  let z = end === 1 ? Math.max(...all) : Math.min(...all)
  // Keep the selected items' own order among themselves.
  const ordered = byZ(Object.fromEntries(ids.map((id) => [id, draft.items[id] as MapItem])))
  for (const item of end === 1 ? ordered : ordered.reverse()) draft.items[item.id].z = z += end
}

const selectedInOrder = (ctx: ActionContext, front: boolean) => {
  const items = byZ(Object.fromEntries(selectedItems(ctx.doc, ctx.selection).map((i) => [i.id, i])))
  return (front ? items.reverse() : items).map((i) => i.id)
}

export const bringForward = defineAction({
  id: 'bring-forward',
  label: 'editor.actions.bring-forward',
  group: 'arrange',
  keys: ['Mod+]'],
  toolbar: true,
  enabled: someSelected,
  perform: (draft, ctx) => {
    for (const id of selectedInOrder(ctx, true)) stepZ(draft, id, 1)
  },
})

export const sendBackward = defineAction({
  id: 'send-backward',
  label: 'editor.actions.send-backward',
  group: 'arrange',
  keys: ['Mod+['],
  toolbar: true,
  enabled: someSelected,
  perform: (draft, ctx) => {
    for (const id of selectedInOrder(ctx, false)) stepZ(draft, id, -1)
  },
})

export const bringToFront = defineAction({
  id: 'bring-to-front',
  label: 'editor.actions.bring-to-front',
  group: 'arrange',
  keys: ['Mod+Shift+]'],
  toolbar: true,
  enabled: someSelected,
  perform: (draft, ctx) => toEnd(draft, selectedInOrder(ctx, false), 1),
})

export const sendToBack = defineAction({
  id: 'send-to-back',
  label: 'editor.actions.send-to-back',
  group: 'arrange',
  keys: ['Mod+Shift+['],
  toolbar: true,
  enabled: someSelected,
  perform: (draft, ctx) => toEnd(draft, selectedInOrder(ctx, false), -1),
})
