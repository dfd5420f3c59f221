/** An environment (hostgroup) on a map: shows the worst state of its hosts. */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'
import { StateIcon } from './host'

export const EnvironmentItem = ItemBase.extend({
  kind: z.literal('environment'),
  hostgroup_id: z.number().int().positive(),
  name: z.string().max(255),
  state_icon: StateIcon.default('box'),
})
export type EnvironmentItem = z.infer<typeof EnvironmentItem>

export const environment: ItemKindDef<'environment', EnvironmentItem> = {
  kind: 'environment',
  schema: EnvironmentItem,
  defaults: (init) => ({ kind: 'environment', w: 120, h: 60, rotation: 0, hostgroup_id: 0, name: '', state_icon: 'box', ...init }),
  bounds: boxOf,
  bindings: (item) => [`environment:${item.hostgroup_id}`],
  state: (item, ctx) => ctx.environment(item.hostgroup_id),
}
