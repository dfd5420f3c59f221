/** A free line or arrow; hand-drawn when `style.sketch`. */
import type { LineItem } from '../items'
import type { DrawContext, DrawOp } from './ops'
import { drawnPath } from './sketch'

const pathOf = (points: readonly number[]) => `M${points.map((n, i) => (i % 2 ? ` ${n}` : `${i ? ' L' : ''}${n}`)).join('')}`

/** A filled arrow head with its tip at (x1, y1), pointing away from (x0, y0). */
function head(x0: number, y0: number, x1: number, y1: number, size: number): string {
  const len = Math.hypot(x1 - x0, y1 - y0) || 1
  const ux = (x1 - x0) / len,
    uy = (y1 - y0) / len
  const bx = x1 - ux * size,
    by = y1 - uy * size
  const f = (n: number) => Math.round(n * 100) / 100
  return `M${f(x1)} ${f(y1)} L${f(bx - (uy * size) / 2)} ${f(by + (ux * size) / 2)} L${f(bx + (uy * size) / 2)} ${f(by - (ux * size) / 2)} Z`
}

export const line = {
  ops(item: LineItem, _state: unknown, { theme, lod }: DrawContext): DrawOp[] {
    const stroke = item.style?.stroke ?? theme.ink
    const p = item.points
    const size = 8 + item.stroke_width
    const n = p.length
    const heads = [
      ...(item.arrow !== 'none' ? [head(p[n - 4], p[n - 3], p[n - 2], p[n - 1], size)] : []),
      ...(item.arrow === 'both' ? [head(p[2], p[3], p[0], p[1], size)] : []),
    ]
    return [
      ...drawnPath(
        item.id,
        pathOf(p),
        { stroke, strokeWidth: item.stroke_width, dash: item.dash && lod !== 'blocks' },
        item.style?.sketch,
        lod,
      ),
      ...heads.map((d): DrawOp => ({ op: 'path', d, fill: stroke })),
    ]
  },
  /** In blocks LOD a line stays a line, not its bounding box (map coordinates). */
  outline: (item: LineItem) => item.points.map((n, i) => n + (i % 2 ? item.y : item.x)),
}
