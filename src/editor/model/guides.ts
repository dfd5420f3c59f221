/**
 * Smart alignment guides (issue 18 "as fluent as draw.io"): while an item is dragged or resized, its edges and
 * centre lines snap to those of the other items within a few screen pixels, and the lines they share are shown.
 * Plain functions over boxes; the pointer tool and the resize handles call them.
 */
import type { Box } from '../../shared/maps'
import { snap } from './doc-ops'

export type Axis = 'x' | 'y'

/** A line another item offers on one axis: its left, centre or right (top, middle, bottom). */
interface Line {
  at: number
  box: Box
}

export interface AlignLines {
  x: Line[]
  y: Line[]
}

/** A guide drawn over the canvas: on axis `x` a vertical line at x = `at` from `from` to `to` (y). */
export interface Guide {
  axis: Axis
  at: number
  from: number
  to: number
}

const start = (b: Box, axis: Axis) => (axis === 'x' ? b.x : b.y)
const length = (b: Box, axis: Axis) => (axis === 'x' ? b.w : b.h)
/** The three lines of a box on an axis: start, centre, end. */
export const linesOf = (b: Box, axis: Axis) => [start(b, axis), start(b, axis) + length(b, axis) / 2, start(b, axis) + length(b, axis)]

/** The lines of the items that stay put (computed once per gesture). */
export function alignLines(boxes: readonly Box[]): AlignLines {
  const of = (axis: Axis) => boxes.flatMap((box) => linesOf(box, axis).map((at) => ({ at, box })))
  return { x: of('x'), y: of('y') }
}

/** The shift (within `tolerance`) that puts one of `values` on the nearest line, or null when none is that close. */
export function nearestShift(values: readonly number[], lines: readonly Line[], tolerance: number): number | null {
  let best: number | null = null
  for (const v of values)
    for (const line of lines) {
      const d = line.at - v
      if (Math.abs(d) <= tolerance && (best === null || Math.abs(d) < Math.abs(best))) best = d
    }
  return best
}

/** The guides `box` shares with the lines (exactly, after snapping), spanning both boxes. */
export function guidesFor(box: Box, lines: AlignLines): Guide[] {
  const guides: Guide[] = []
  for (const axis of ['x', 'y'] as const) {
    const across: Axis = axis === 'x' ? 'y' : 'x'
    for (const v of linesOf(box, axis))
      for (const line of lines[axis]) {
        if (Math.abs(line.at - v) > 0.01) continue
        const from = Math.min(start(box, across), start(line.box, across))
        const to = Math.max(start(box, across) + length(box, across), start(line.box, across) + length(line.box, across))
        guides.push({ axis, at: line.at, from, to })
      }
  }
  return guides
}

/**
 * Where a dragged value lands on one axis: on another item's line when one is within `tolerance`, else on the
 * grid (when snapping is on), else on a whole map pixel.
 */
export function snapValue(value: number, lines: readonly Line[], tolerance: number, grid: number | null): number {
  const shift = nearestShift([value], lines, tolerance)
  if (shift !== null) return value + shift
  return snap(value, grid ?? 1)
}

/**
 * The move of a box by (dx, dy), aligned: per axis to the nearest line of another item within `tolerance`,
 * else its corner to the grid (when snapping is on), else to whole map pixels.
 */
export function alignMove(box: Box, dx: number, dy: number, lines: AlignLines, tolerance: number, grid: number | null) {
  const moved = (axis: Axis, d: number) => {
    const shift = nearestShift(
      linesOf(box, axis).map((v) => v + d),
      lines[axis],
      tolerance,
    )
    if (shift !== null) return d + shift
    return snap(start(box, axis) + d, grid ?? 1) - start(box, axis)
  }
  const x = moved('x', dx),
    y = moved('y', dy)
  return { dx: x, dy: y, guides: guidesFor({ ...box, x: box.x + x, y: box.y + y }, lines) }
}

/**
 * A resized box settled on whole map pixels: each edge on the grid (when snapping is on) unless it sits on
 * another item's line; an item that keeps its ratio takes its height from its width. A rotated box settles in
 * its own frame (settleRotated); `before` is the item as it was.
 */
export function settleBox<B extends Box & { rotation: number }>(
  box: B,
  lines: AlignLines,
  grid: number | null,
  ratio: number | null,
  before: Box & { rotation: number } = box,
): B {
  if (box.rotation !== 0) return settleRotated(box, before, grid, ratio)
  const step = grid ?? 1
  const edge = (v: number, axis: Axis) => (nearestShift([v], lines[axis], 0.5) !== null ? Math.round(v) : snap(v, step))
  const x = edge(box.x, 'x'),
    y = edge(box.y, 'y')
  const w = Math.max(step, edge(box.x + box.w, 'x') - x)
  const h = ratio === null ? Math.max(step, edge(box.y + box.h, 'y') - y) : Math.max(1, Math.round(w * ratio))
  return { ...box, x, y, w, h, rotation: Math.round(box.rotation * 100) / 100 }
}

/** Below this (map pixels) a size or an edge has not changed: a transformer's floating-point noise. */
const UNCHANGED = 0.01

/**
 * A rotated box resized: its edges are not the map's lines, so a changed width or height snaps to whole grid
 * steps in the item's own frame, and the edge that was not dragged stays put (the origin, the corner the item
 * turns about, moves along the item's axes when its left or top edge was dragged). A turn keeps the size.
 */
function settleRotated<B extends Box & { rotation: number }>(
  box: B,
  before: Box & { rotation: number },
  grid: number | null,
  ratio: number | null,
): B {
  const rotation = Math.round(box.rotation * 100) / 100
  const step = grid ?? 1
  const resized = (now: number, was: number) => (Math.abs(now - was) < UNCHANGED ? was : Math.max(step, snap(now, step)))
  const w = resized(box.w, before.w)
  const h = ratio === null ? resized(box.h, before.h) : Math.max(1, Math.round(w * ratio))
  const a = (rotation * Math.PI) / 180
  const [cos, sin] = [Math.cos(a), Math.sin(a)]
  // Where the new origin lies in the old item's frame: off 0 on an axis when that axis' near edge was dragged.
  const dx = box.x - before.x,
    dy = box.y - before.y
  const along = Math.abs(dx * cos + dy * sin) > UNCHANGED ? box.w - w : 0
  const across = Math.abs(dy * cos - dx * sin) > UNCHANGED ? box.h - h : 0
  const x = box.x + along * cos - across * sin,
    y = box.y + along * sin + across * cos
  const round = (v: number) => Math.round(v * 100) / 100
  return { ...box, x: round(x), y: round(y), w, h, rotation }
}
