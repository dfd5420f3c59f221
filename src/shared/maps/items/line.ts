/** A free line or arrow; `points` are relative to (x, y), and w/h are kept as their extent. */
import { z } from 'zod'
import { ItemBase, type Box, type ItemKindDef } from './base'

export const LineItem = ItemBase.extend({
  kind: z.literal('line'),
  points: z
    .array(z.number().finite())
    .min(4)
    .max(2000)
    .refine((p) => p.length % 2 === 0, 'points: pairs of x, y'),
  arrow: z.enum(['none', 'end', 'both']).default('none'),
  dash: z.boolean().default(false),
  stroke_width: z.number().min(0.5).max(40).default(2),
})
export type LineItem = z.infer<typeof LineItem>

function bounds(item: LineItem): Box {
  const xs = item.points.filter((_, i) => i % 2 === 0)
  const ys = item.points.filter((_, i) => i % 2 === 1)
  const x0 = Math.min(...xs),
    y0 = Math.min(...ys)
  return { x: item.x + x0, y: item.y + y0, w: Math.max(1, Math.max(...xs) - x0), h: Math.max(1, Math.max(...ys) - y0) }
}

export const line: ItemKindDef<'line', LineItem> = {
  kind: 'line',
  schema: LineItem,
  defaults: (init) => ({
    kind: 'line',
    w: 100,
    h: 1,
    rotation: 0,
    points: [0, 0, 100, 0],
    arrow: 'none',
    dash: false,
    stroke_width: 2,
    ...init,
  }),
  bounds,
  bindings: () => [],
  state: () => null,
}
