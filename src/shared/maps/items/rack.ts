/**
 * A rack (SPEC §2 "slots/rack visualization"): `units` height units, each slot a host in a range of units,
 * drawn with the host's state. Slots must lie inside the rack and not overlap.
 */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'
import { worstOf } from '../item-state'

export const RackSlot = z
  .object({
    u: z.number().int().min(1).max(60),
    size: z.number().int().min(1).max(60),
    host_id: z.number().int().positive().nullable(),
    label: z.string().max(100),
  })
  .strict()
export type RackSlot = z.infer<typeof RackSlot>

export const RackItem = ItemBase.extend({
  kind: z.literal('rack'),
  units: z.number().int().min(1).max(60),
  slots: z.array(RackSlot).max(60),
}).superRefine((rack, ctx) => {
  const used = new Set<number>()
  rack.slots.forEach((slot, i) => {
    for (let u = slot.u; u < slot.u + slot.size; u++) {
      if (u > rack.units || used.has(u))
        ctx.addIssue({ code: 'custom', path: ['slots', i, 'u'], message: `slot ${i}: unit ${u} is outside the rack or taken` })
      used.add(u)
    }
  })
})
export type RackItem = z.infer<typeof RackItem>

export const rack: ItemKindDef<'rack', RackItem> = {
  kind: 'rack',
  schema: RackItem,
  defaults: (init) => ({ kind: 'rack', w: 160, h: 42 * 12 + 24, rotation: 0, units: 42, slots: [], ...init }),
  bounds: boxOf,
  /** A rack stands for the hosts in its slots. */
  bindings: (item) => item.slots.flatMap((s) => (s.host_id ? [`host:${s.host_id}`] : [])),
  /** The worst state of the hosts in its slots; an empty rack shows none. */
  state: (item, ctx) => {
    const hosts = item.slots.flatMap((s) => (s.host_id ? [ctx.host(s.host_id)] : []))
    return hosts.length ? { map_state: worstOf(hosts.map((h) => h.map_state)), host_map_state: null } : null
  },
}
