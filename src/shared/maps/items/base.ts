/**
 * What every map item has (SPEC §3 Map, DESIGN.md "Maps"): an id, a position and size, a z key and an
 * optional label and style. Each kind in this folder extends it with its own props (STYLE.md "Item kinds").
 */
import { z } from 'zod'
import type { ItemState, StateContext } from '../item-state'

export const ItemId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/)
const Colour = z
  .string()
  .max(32)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-z]+|rgba?\([\d.,\s%]+\))$/)

/**
 * Colours of SPEC §2 "Map editor: colors"; `sketch` draws the shape hand-drawn (roughjs); `font_size` is the
 * label's (12 when absent), which also decides from what zoom it is readable (issue 18).
 */
export const ItemStyle = z
  .object({
    fill: Colour.optional(),
    stroke: Colour.optional(),
    text: Colour.optional(),
    sketch: z.boolean().optional(),
    font_size: z.number().min(6).max(200).optional(),
  })
  .strict()
export type ItemStyle = z.infer<typeof ItemStyle>

const coordinate = z.number().finite().min(-100_000).max(100_000)
const size = z.number().finite().min(1).max(100_000)

/** How deep groups nest (issue 18 nested groups): a group holds groups up to this many levels. */
export const MAX_GROUP_DEPTH = 16

export const ItemBase = z.object({
  id: ItemId,
  x: coordinate,
  y: coordinate,
  w: size,
  h: size,
  /** Sortable z key: reordering changes one item (STYLE.md "Item kinds"). */
  z: z.number().finite(),
  rotation: z.number().finite().min(-360).max(360).default(0),
  label: z.string().max(200).optional(),
  style: ItemStyle.optional(),
  /**
   * The outermost group the item belongs to (issue 18 grouping): its members are selected and moved together.
   * `subgroups` are the groups nested in it that the item is also in, outermost first: ungrouping `group`
   * makes the first of them the item's group.
   */
  group: ItemId.optional(),
  subgroups: z
    .array(ItemId)
    .min(1)
    .max(MAX_GROUP_DEPTH - 1)
    .optional(),
})
export type ItemBase = z.infer<typeof ItemBase>

/** The axis-aligned box an item occupies (culling, hit tests, fit to screen, export). */
export interface Box {
  x: number
  y: number
  w: number
  h: number
}

export const boxOf = (item: { x: number; y: number; w: number; h: number }): Box => ({ x: item.x, y: item.y, w: item.w, h: item.h })

/** How an item kind is described to the rest of the code: nothing outside the kind files switches on `kind`. */
export interface ItemKindDef<K extends string, T extends ItemBase & { kind: K }> {
  readonly kind: K
  readonly schema: z.ZodType<T>
  /** A new item of this kind at (x, y) with the kind's default size and props. */
  defaults(init: { id: string; x: number; y: number; z: number } & Partial<T>): T
  bounds(item: T): Box
  /** The monitored objects the item stands for (`host:12`): SPEC §5 "an object can be on a map only once". */
  bindings(item: T): string[]
  /** The item's live state (SPEC §4 MAP/HOST_MAP_STATE), or null for kinds that show none. */
  state(item: T, ctx: StateContext): ItemState | null
}
