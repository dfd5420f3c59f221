/**
 * Connection handles (issue 18 "as fluent as draw.io"): the item under the pointer shows a handle just outside
 * the middle of each edge (clear of the resize handles); dragging one out draws a connector to the item it is
 * released on. Sizes are screen pixels, so the handles look the same at any zoom.
 */
import type { Box } from '../../shared/maps'

/** A handle's radius (also how near a press must be). */
export const HANDLE_RADIUS = 6
/** How far outside the edge a handle sits. */
const HANDLE_OFFSET = 16

export function handlesOf(b: Box, scale: number) {
  const o = HANDLE_OFFSET / scale
  return [
    { x: b.x + b.w / 2, y: b.y - o },
    { x: b.x + b.w + o, y: b.y + b.h / 2 },
    { x: b.x + b.w / 2, y: b.y + b.h + o },
    { x: b.x - o, y: b.y + b.h / 2 },
  ]
}

/** Whether `p` is on one of the box's handles. */
export const onHandle = (b: Box, p: { x: number; y: number }, scale: number) =>
  handlesOf(b, scale).some((h) => Math.hypot(h.x - p.x, h.y - p.y) <= HANDLE_RADIUS / scale)

/** Whether `p` is near enough to the box to keep its handles shown (on the way from the item to a handle). */
export function nearBox(b: Box, p: { x: number; y: number }, scale: number) {
  const m = (HANDLE_OFFSET + HANDLE_RADIUS) / scale
  return p.x >= b.x - m && p.x <= b.x + b.w + m && p.y >= b.y - m && p.y <= b.y + b.h + m
}
