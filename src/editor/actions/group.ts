/**
 * Grouping (issue 18 "as fluent as draw.io"): selected items become one group whose members are selected and
 * moved together (a click on a member selects the outermost group, select-tool.ts); groups in the selection
 * nest in the new group, and ungroup removes one level (the outermost). The groups are each member's `group`
 * (outermost) and `subgroups` (nested, outermost first), so undo and the document's history see one item each.
 */
import { MAX_GROUP_DEPTH } from '../../shared/maps'
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
    const depth = Math.max(0, ...items.map((i) => (i.group ? 1 : 0) + (i.subgroups?.length ?? 0)))
    return items.length > 1 && new Set(items.map((i) => i.group ?? i.id)).size > 1 && depth < MAX_GROUP_DEPTH
  },
  perform: (draft, ctx) => {
    const id = newId()
    const ids = withGroups(ctx.doc, ctx.selection).filter((i) => draft.items[i])
    for (const i of ids) {
      const item = draft.items[i]
      // A member of a group keeps it, one level down.
      if (item.group) item.subgroups = [item.group, ...(item.subgroups ?? [])]
      item.group = id
    }
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
    for (const i of ids) {
      const item = draft.items[i]
      if (!item?.group) continue
      const [next, ...rest] = item.subgroups ?? []
      if (next) item.group = next
      else delete item.group
      if (rest.length) item.subgroups = rest
      else delete item.subgroups
    }
    return { select: ids }
  },
})
