/** A drawn shape (SPEC §2 "shapes"); SPEC §5: a map shape needs a valid icon, one of SHAPE_ICONS. */
import { z } from 'zod'
import { boxOf, ItemBase, type ItemKindDef } from './base'

export const SHAPE_ICONS = [
  'rectangle',
  'rounded',
  'ellipse',
  'diamond',
  'triangle',
  'hexagon',
  'cloud',
  'cylinder',
  'server',
  'router',
  'switch',
  'firewall',
  'storage',
  'workstation',
  'internet',
] as const
export const ShapeIcon = z.enum(SHAPE_ICONS)
export type ShapeIcon = z.infer<typeof ShapeIcon>

export const ShapeItem = ItemBase.extend({
  kind: z.literal('shape'),
  icon: ShapeIcon,
})
export type ShapeItem = z.infer<typeof ShapeItem>

export const shape: ItemKindDef<'shape', ShapeItem> = {
  kind: 'shape',
  schema: ShapeItem,
  defaults: (init) => ({ kind: 'shape', w: 120, h: 80, rotation: 0, icon: 'rectangle', ...init }),
  bounds: boxOf,
  bindings: () => [],
  state: () => null,
}
