/**
 * Hit testing without Konva's hit canvas: an R-tree (rbush) of item bounds answers "what is under the
 * pointer" and "what is in the rubber band", so the items layer does not listen and redraws at half the cost.
 */
import RBush from 'rbush'
import { kindOf, type MapDocument } from '../../shared/maps'

interface Entry {
  minX: number
  minY: number
  maxX: number
  maxY: number
  id: string
  z: number
}

export interface HitIndex {
  /** The topmost item at `p`, else a connector within `slop` of it, else null. */
  at(p: { x: number; y: number }, slop: number): string | null
}

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

export function buildHitIndex(doc: MapDocument): HitIndex {
  const tree = new RBush<Entry>()
  tree.load(
    Object.values(doc.items).map((item) => {
      const b = kindOf(item).bounds(item)
      return { minX: b.x, minY: b.y, maxX: b.x + b.w, maxY: b.y + b.h, id: item.id, z: item.z }
    }),
  )
  return {
    at(p, slop) {
      const hits = tree.search({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y })
      if (hits.length) return hits.reduce((top, e) => (e.z > top.z || (e.z === top.z && e.id > top.id) ? e : top)).id
      for (const c of Object.values(doc.connectors)) {
        const a = centre(doc, c.from),
          b = centre(doc, c.to)
        if (a && b && distanceToSegment(p, a, b) <= slop) return c.id
      }
      return null
    },
  }
}
