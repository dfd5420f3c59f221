/**
 * A rack (SPEC §2 "slots/rack visualization"): `units` height units, each slot a host in a range of units,
 * drawn with the host's state. Slots must lie inside the rack and not overlap.
 */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'
import { worseItem, type ItemState } from '../item-state'

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
  /** Each bound slot rolls up as a host item, and the rack shows the worst slot; an empty rack shows none. */
  state: (item, ctx) => {
    const parts: Record<number, ItemState> = {}
    let worst: ItemState | null = null
    for (const s of item.slots) {
      if (!s.host_id) continue
      parts[s.host_id] = ctx.host(s.host_id)
      worst = worst ? worseItem(worst, parts[s.host_id]) : parts[s.host_id]
    }
    return worst && { map_state: worst.map_state, host_map_state: worst.host_map_state, parts }
  },
}
