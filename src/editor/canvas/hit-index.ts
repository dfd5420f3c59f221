/**
 * Hit testing without Konva's hit canvas: the shared spatial index (shared/maps/view, rotation-aware) answers
 * "what item is under the pointer", so the items layer does not listen and redraws at half the cost; a
 * connector is hit near its line when no item is.
 */
import type { MapDocument } from '../../shared/maps'
import type { SpatialIndex } from '../../shared/maps/view'

const centre = (doc: MapDocument, id: string) => {
  const item = doc.items[id]
  return item ? { x: item.x + item.w / 2, y: item.y + item.h / 2 } : null
}

function distanceToSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) {
  const dx = b.x - a.x,
    dy = b.y - a.y
  const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

/** The topmost item at `p`, else a connector within `slop` of it, else null. */
export function hitAt(doc: MapDocument, index: SpatialIndex, p: { x: number; y: number }, slop: number): string | null {
  const item = index.itemAt(p.x, p.y)
  if (item) return item
  for (const c of Object.values(doc.connectors)) {
    const a = centre(doc, c.from),
      b = centre(doc, c.to)
    if (a && b && distanceToSegment(p, a, b) <= slop) return c.id
  }
  return null
}
