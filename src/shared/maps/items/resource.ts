/** A resource (check) on a map: shows the resource's state (SPEC §4 HOST_MAP_STATE resource values). */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'
import { StateIcon } from './host'

export const ResourceItem = ItemBase.extend({
  kind: z.literal('resource'),
  resource_id: z.number().int().positive(),
  host_id: z.number().int().positive(),
  name: z.string().max(255),
  host_name: z.string().max(255),
  state_icon: StateIcon.default('icon'),
})
export type ResourceItem = z.infer<typeof ResourceItem>

export const resource: ItemKindDef<'resource', ResourceItem> = {
  kind: 'resource',
  schema: ResourceItem,
  defaults: (init) => ({
    kind: 'resource',
    w: 32,
    h: 32,
    rotation: 0,
    resource_id: 0,
    host_id: 0,
    name: '',
    host_name: '',
    state_icon: 'icon',
    ...init,
  }),
  bounds: boxOf,
  bindings: (item) => [`resource:${item.resource_id}`],
  state: (item, ctx) => ctx.resource(item.resource_id),
}
