/**
 * Hit testing without Konva's hit canvas: an R-tree (rbush) of item bounds answers "what is under the
 * pointer" and "what is in the rubber band", so the items layer does not listen and redraws at half the cost.
 */
import RBush from 'rbush'
import { distanceToRoute, kindOf, type MapDocument, type Route } from '../../shared/maps'
import { boxesOf, linkOf, routeOfLink } from '../model/links'

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

/** Connectors' routes, worked out at the first click after a change (shared/maps/route.ts, as drawn). */
function routesOf(doc: MapDocument): [string, Route][] {
  const boxes = boxesOf(doc.items)
  return Object.values(doc.connectors).flatMap((c) => {
    const link = linkOf(c, boxes)
    return link ? [[c.id, routeOfLink(link)] as [string, Route]] : []
  })
}

export function buildHitIndex(doc: MapDocument): HitIndex {
  let routes: [string, Route][] | undefined
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
      routes ??= routesOf(doc)
      return routes.find(([, r]) => distanceToRoute(p, r) <= slop)?.[0] ?? null
    },
  }
}
