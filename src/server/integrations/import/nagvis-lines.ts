/**
 * Which two map items a NagVis line joins (issue 18): NagVis lines are free coordinates, drawn from one object's
 * icon to another's, so each end is matched to the item whose box it lies in or nearest to, within a reach.
 */
import type { DocumentBuilder } from './builder'

/** How far (px) outside an item's box a line end may stop and still count as attached to it. */
const REACH = 60

const distance = (box: { x: number; y: number; w: number; h: number }, x: number, y: number) =>
  Math.hypot(Math.max(box.x - x, 0, x - (box.x + box.w)), Math.max(box.y - y, 0, y - (box.y + box.h)))

function nearest(b: DocumentBuilder, objects: readonly string[], x: number, y: number, not?: string): string | undefined {
  let best: { id: string; d: number } | undefined
  for (const id of objects) {
    const box = b.boxOf(id)
    if (!box || id === not || box.w * box.h === 0) continue
    const d = distance(box, x, y)
    if (d <= REACH && (!best || d < best.d)) best = { id, d }
  }
  return best?.id
}

/** The objects (not lines) at the line's first and last points, or null when either end is attached to nothing. */
export function joinedItems(b: DocumentBuilder, objects: readonly string[], xs: number[], ys: number[]): [string, string] | null {
  const from = nearest(b, objects, xs[0], ys[0])
  const to = from && nearest(b, objects, xs[xs.length - 1], ys[ys.length - 1], from)
  return from && to ? [from, to] : null
}
