/** A host on a map: shows the host's state (SPEC §4 HOST_MAP_STATE) with a state icon. */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'

/** SPEC §2 "state icons": how a bound item shows its state. */
export const StateIcon = z.enum(['icon', 'dot', 'box', 'label'])

export const HostItem = ItemBase.extend({
  kind: z.literal('host'),
  host_id: z.number().int().positive(),
  /** The host's name when it was placed: shown while the host is unknown to the caller, matched on import. */
  name: z.string().max(255),
  state_icon: StateIcon.default('icon'),
})
export type HostItem = z.infer<typeof HostItem>

export const host: ItemKindDef<'host', HostItem> = {
  kind: 'host',
  schema: HostItem,
  defaults: (init) => ({ kind: 'host', w: 48, h: 48, rotation: 0, host_id: 0, name: '', state_icon: 'icon', ...init }),
  bounds: boxOf,
  bindings: (item) => [`host:${item.host_id}`],
  state: (item, ctx) => ctx.host(item.host_id),
}
