/**
 * Hit testing without Konva's hit canvas: the shared spatial index (shared/maps/view, rotation-aware) answers
 * "what item is under the pointer", so the items layer does not listen and redraws at half the cost; a
 * connector is hit near its route as drawn (shared/maps/route.ts) when no item is.
 */
import { distanceToRoute, type MapDocument, type Route } from '../../shared/maps'
import type { SpatialIndex } from '../../shared/maps/view'
import { boxesOf, linkOf, routeOfLink } from '../model/links'

/** Connectors' routes of a document, worked out at its first click that misses every item. */
const routesByDoc = new WeakMap<MapDocument, [string, Route][]>()

function routesOf(doc: MapDocument): [string, Route][] {
  let routes = routesByDoc.get(doc)
  if (!routes) {
    const boxes = boxesOf(doc.items)
    routes = Object.values(doc.connectors).flatMap((c) => {
      const link = linkOf(c, boxes)
      return link ? [[c.id, routeOfLink(link)] as [string, Route]] : []
    })
    routesByDoc.set(doc, routes)
  }
  return routes
}

/** The topmost item at `p`, else a connector within `slop` of it, else null. */
export function hitAt(doc: MapDocument, index: SpatialIndex, p: { x: number; y: number }, slop: number): string | null {
  return index.itemAt(p.x, p.y) ?? routesOf(doc).find(([, r]) => distanceToRoute(p, r) <= slop)?.[0] ?? null
}
