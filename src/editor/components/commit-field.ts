/** One field of items changed by the person (inspector, inline text editing): checked, then one history entry. */
import { kindOf, type MapItem } from '../../shared/maps'
import { runEdit } from '../actions'
import { setItemFields } from '../actions/document'
import type { Editor } from '../model/editor'

const fieldsOf = (key: string, value: unknown): Record<string, unknown> =>
  key.startsWith('style.') ? { style: { [key.slice(6)]: value } } : { [key]: value }

/** Commits a field to items if every item's schema accepts it. */
export function commitField(editor: Editor, items: MapItem[], key: string, value: unknown): boolean {
  const fields = fieldsOf(key, value)
  const ok = items.every(
    (item) =>
      kindOf(item).schema.safeParse({
        ...item,
        ...fields,
        ...(fields.style ? { style: { ...item.style, ...(fields.style as object) } } : {}),
      }).success,
  )
  if (ok) runEdit(editor, setItemFields, { ids: items.map((i) => i.id), fields })
  return ok
}
