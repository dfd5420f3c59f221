/** The dispatcher of value edits: one history entry each, selecting what the edit asks (STYLE.md "Undo"). */
import type { ActionContext, Edit } from './types'

export function runEditIn<V>(ctx: ActionContext, edit: Edit<V>, value: V): boolean {
  let selected: Iterable<string> | undefined
  return ctx.editor.edit(
    edit.label,
    (draft) => {
      selected = edit.perform(draft, value, ctx)?.select ?? undefined
    },
    () => selected,
  )
}
