/** A nested map on a map: shows the worst state of everything in it (rollup.ts) and opens it on click. */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'
import { StateIcon } from './host'

export const MapLinkItem = ItemBase.extend({
  kind: z.literal('map'),
  map_id: z.number().int().positive(),
  name: z.string().max(255),
  state_icon: StateIcon.default('box'),
})
export type MapLinkItem = z.infer<typeof MapLinkItem>

export const map: ItemKindDef<'map', MapLinkItem> = {
  kind: 'map',
  schema: MapLinkItem,
  defaults: (init) => ({ kind: 'map', w: 120, h: 60, rotation: 0, map_id: 0, name: '', state_icon: 'box', ...init }),
  bounds: boxOf,
  bindings: (item) => [`map:${item.map_id}`],
  state: (item, ctx) => ctx.map(item.map_id),
}
