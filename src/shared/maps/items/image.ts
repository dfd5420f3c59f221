/** A picture on a map: an uploaded image (its background/upload id), never a remote URL (nothing is fetched from outside). */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'

export const ImageItem = ItemBase.extend({
  kind: z.literal('image'),
  image_id: z.number().int().positive(),
})
export type ImageItem = z.infer<typeof ImageItem>

export const image: ItemKindDef<'image', ImageItem> = {
  kind: 'image',
  schema: ImageItem,
  defaults: (init) => ({ kind: 'image', w: 200, h: 150, rotation: 0, image_id: 0, ...init }),
  bounds: boxOf,
  bindings: () => [],
  state: () => null,
}
