/**
 * Connectors with what their route depends on (shared/maps/route.ts): the boxes of their two items and, for an
 * orthogonal one, the boxes it goes around. The items layer, the overlay and the hit index read routes from
 * here, so what is drawn, dragged and clicked is the route the wall and the export show.
 */
import {
  connectorRoute,
  routeEnd,
  routeObstacles,
  type Connector,
  type Box,
  type MapItem,
  type Route,
  type RouteEnd,
} from '../../shared/maps'

export interface Link {
  connector: Connector
  from: RouteEnd
  to: RouteEnd
  obstacles: readonly Box[]
}

/** Items being dragged, drawn `dx, dy` away from where the document has them. */
export interface Shift {
  ids: ReadonlySet<string>
  dx: number
  dy: number
}

const moved = (b: RouteEnd, shift: Shift | undefined, id: string): RouteEnd =>
  shift?.ids.has(id)
    ? { ...b, x: b.x + shift.dx, y: b.y + shift.dy, ...(b.pivot && { pivot: { x: b.pivot.x + shift.dx, y: b.pivot.y + shift.dy } }) }
    : b

/** Every item's box by id, turned as the item is (with a drag's shift applied). */
export const boxesOf = (items: Record<string, MapItem>, shift?: Shift): Map<string, RouteEnd> =>
  new Map(Object.values(items).map((i) => [i.id, moved(routeEnd(i), shift, i.id)]))

/**
 * The link of connector `c`, or null when an item is missing. A connector whose two ends are dragged together
 * takes its waypoints along (as doc-ops moveItems does when the drag ends).
 */
export function linkOf(c: Connector, boxes: ReadonlyMap<string, RouteEnd>, shift?: Shift): Link | null {
  const from = boxes.get(c.from),
    to = boxes.get(c.to)
  if (!from || !to) return null
  const both = shift && shift.ids.has(c.from) && shift.ids.has(c.to)
  const connector = both && c.waypoints ? { ...c, waypoints: c.waypoints.map((p) => ({ x: p.x + shift.dx, y: p.y + shift.dy })) } : c
  return { connector, from, to, obstacles: routeObstacles(connector, from, to, boxes.values()) }
}

export const routeOfLink = (l: Link): Route => connectorRoute(l.connector, l.from, l.to, l.obstacles)

const sameBox = (a: RouteEnd, b: RouteEnd) =>
  a.x === b.x &&
  a.y === b.y &&
  a.w === b.w &&
  a.h === b.h &&
  a.rotation === b.rotation &&
  a.pivot?.x === b.pivot?.x &&
  a.pivot?.y === b.pivot?.y

/** Whether two links draw the same (the items layer keeps a chunk's bitmap while its links stay the same). */
export const sameLink = (a: Link, b: Link) =>
  a.connector === b.connector &&
  sameBox(a.from, b.from) &&
  sameBox(a.to, b.to) &&
  a.obstacles.length === b.obstacles.length &&
  a.obstacles.every((o, i) => sameBox(o, b.obstacles[i]))
