/**
 * Where an item is in the world, honouring its rotation (issue 18): Konva and the SVG export turn an item about
 * its top-left corner (item.x, item.y), so its kind's box is turned about that point. Culling uses the
 * axis-aligned box around the turned corners; hit tests and the rubber band use the turned box itself.
 */
import { kindOf, type Box, type MapItem } from '../items'

type Point = { x: number; y: number }

/** `p` turned by `degrees` clockwise (on screen, y down) about `pivot`. */
export function turnPoint(p: Point, pivot: Point, degrees: number): Point {
  const rad = (degrees * Math.PI) / 180,
    cos = Math.cos(rad),
    sin = Math.sin(rad)
  const dx = p.x - pivot.x,
    dy = p.y - pivot.y
  return { x: pivot.x + dx * cos - dy * sin, y: pivot.y + dx * sin + dy * cos }
}

/** The four corners of an item's box, turned by its rotation (clockwise from the top-left). */
export function cornersOf(item: MapItem): Point[] {
  const b = kindOf(item).bounds(item)
  const corners = [
    { x: b.x, y: b.y },
    { x: b.x + b.w, y: b.y },
    { x: b.x + b.w, y: b.y + b.h },
    { x: b.x, y: b.y + b.h },
  ]
  return item.rotation ? corners.map((p) => turnPoint(p, item, item.rotation)) : corners
}

/** The axis-aligned box around an item's turned corners (culling, fit to screen, alignment guides). */
export function worldBox(item: MapItem): Box {
  if (!item.rotation) return kindOf(item).bounds(item)
  const corners = cornersOf(item)
  const xs = corners.map((p) => p.x),
    ys = corners.map((p) => p.y)
  const x = Math.min(...xs),
    y = Math.min(...ys)
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y }
}

/** The box around items' world boxes; null for none. */
export function extentOf(items: Iterable<MapItem>): Box | null {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity
  for (const item of items) {
    const b = worldBox(item)
    x0 = Math.min(x0, b.x)
    y0 = Math.min(y0, b.y)
    x1 = Math.max(x1, b.x + b.w)
    y1 = Math.max(y1, b.y + b.h)
  }
  return x0 === Infinity ? null : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }
}

/** Whether a world point is on the item: turned back into the item's frame, it is inside the kind's box. */
export function itemContains(item: MapItem, p: Point): boolean {
  const b = kindOf(item).bounds(item)
  const { x, y } = item.rotation ? turnPoint(p, item, -item.rotation) : p
  return x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h
}

/** Whether two convex outlines overlap (separating axis test; touching edges do not count). */
function overlap(a: Point[], b: Point[]): boolean {
  for (const poly of [a, b])
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i],
        q = poly[(i + 1) % poly.length]
      const nx = q.y - p.y,
        ny = p.x - q.x
      if (nx === 0 && ny === 0) continue
      const project = (pts: Point[]) => pts.map((v) => v.x * nx + v.y * ny)
      const pa = project(a),
        pb = project(b)
      if (Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa)) return false
    }
  return true
}

/** Whether an item's turned box meets an axis-aligned rectangle (a rubber band, a view). */
export function itemMeets(item: MapItem, band: Box): boolean {
  const w = worldBox(item)
  if (!(w.x < band.x + band.w && band.x < w.x + w.w && w.y < band.y + band.h && band.y < w.y + w.h)) return false
  if (!item.rotation) return true
  const rect = [
    { x: band.x, y: band.y },
    { x: band.x + band.w, y: band.y },
    { x: band.x + band.w, y: band.y + band.h },
    { x: band.x, y: band.y + band.h },
  ]
  return overlap(cornersOf(item), rect)
}

/** The items whose turned boxes meet `band`. */
export const itemsMeeting = (items: Iterable<MapItem>, band: Box): string[] => [...items].filter((i) => itemMeets(i, band)).map((i) => i.id)
