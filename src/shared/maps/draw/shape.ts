/** A drawn shape (SPEC §2 "shapes"): one of SHAPE_ICONS, filled or hand-drawn (`style.sketch`). */
import type { ShapeItem } from '../items'
import type { DrawContext, DrawOp } from './ops'
import { labelOps, labelSize } from './parts'
import { shapePath } from './shapes'
import { drawnPath } from './sketch'

export const shape = {
  ops(item: ShapeItem, _state: unknown, ctx: DrawContext): DrawOp[] {
    const { w, h, icon, style } = item
    const fill = style?.fill ?? ctx.theme.fill
    const stroke = style?.stroke ?? ctx.theme.ink
    if (ctx.lod === 'blocks') return [{ op: 'rect', x: 0, y: 0, w, h, fill }]
    const path = shapePath(icon, w, h)
    const size = labelSize(item)
    return [
      ...drawnPath(item.id, path.body, { fill, stroke, strokeWidth: 1.5 }, style?.sketch, ctx.lod),
      ...(path.detail ? drawnPath(`${item.id}~`, path.detail, { stroke, strokeWidth: 1.5 }, style?.sketch, ctx.lod) : []),
      ...labelOps(item.label, w, h / 2 - size / 2, ctx, { size, colour: style?.text }),
    ]
  },
}
