/** Free text on a map. Text is text: renderers never interpret it as markup. */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'

export const TextItem = ItemBase.extend({
  kind: z.literal('text'),
  text: z.string().max(2000),
  font_size: z.number().min(6).max(200).default(14),
  align: z.enum(['left', 'center', 'right']).default('left'),
})
export type TextItem = z.infer<typeof TextItem>

export const text: ItemKindDef<'text', TextItem> = {
  kind: 'text',
  schema: TextItem,
  defaults: (init) => ({ kind: 'text', w: 160, h: 24, rotation: 0, text: '', font_size: 14, align: 'left', ...init }),
  bounds: boxOf,
  bindings: () => [],
  state: () => null,
}
