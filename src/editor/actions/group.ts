/**
 * Grouping (issue 18 "as fluent as draw.io"): selected items become one group whose members are selected and
 * moved together (a click on a member selects the group, select-tool.ts); ungroup frees them. The group is each
 * member's `group` id, so undo and the document's history see one field per item.
 */
import { newId, selectedItems, withGroups } from '../model/doc-ops'
import { defineAction, type ActionContext } from './types'

const grouped = (ctx: ActionContext) => selectedItems(ctx.doc, ctx.selection).filter((i) => i.group)

export const group = defineAction({
  id: 'group',
  label: 'editor.actions.group',
  group: 'arrange',
  keys: ['Mod+G'],
  enabled: (ctx) => {
    const items = selectedItems(ctx.doc, ctx.selection)
    return items.length > 1 && new Set(items.map((i) => i.group ?? i.id)).size > 1
  },
  perform: (draft, ctx) => {
    const id = newId()
    const ids = withGroups(ctx.doc, ctx.selection).filter((i) => draft.items[i])
    for (const i of ids) draft.items[i].group = id
    return { select: ids }
  },
})

export const ungroup = defineAction({
  id: 'ungroup',
  label: 'editor.actions.ungroup',
  group: 'arrange',
  keys: ['Mod+Shift+G'],
  enabled: (ctx) => grouped(ctx).length > 0,
  perform: (draft, ctx) => {
    const ids = withGroups(ctx.doc, ctx.selection)
    for (const i of ids) if (draft.items[i]) delete draft.items[i].group
    return { select: ids }
  },
})
