/**
 * Issue 18: a draw.io edge drawn with waypoints or at right angles keeps its route. Vigil connectors run
 * straight from item to item, so such an edge becomes a line item along the route: from the exit point of its
 * source (`exitX`/`exitY`, or the box's edge towards the next point), through its waypoints, to the entry point
 * of its target, with right-angle bends where the style is orthogonal.
 */
interface Point {
  x: number
  y: number
}
interface Box {
  x: number
  y: number
  w: number
  h: number
}

const centre = (b: Box): Point => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 })
const num = (v: string | undefined) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v))

/** A fixed connection point (`exitX=1;exitY=0.5`) in the box, or null when draw.io picks one. */
function anchor(box: Box, fx: string | undefined, fy: string | undefined): Point | null {
  const x = num(fx),
    y = num(fy)
  return x === null || y === null ? null : { x: box.x + x * box.w, y: box.y + y * box.h }
}

/** Whether a connection point lies on the box's left or right side (the route leaves it horizontally). */
const onSide = (box: Box, p: Point) => p.x <= box.x + 0.5 || p.x >= box.x + box.w - 0.5

/** Where the segment from the box's centre towards `to` leaves the box. */
function edgeOf(box: Box, to: Point): Point {
  const c = centre(box)
  const dx = to.x - c.x,
    dy = to.y - c.y
  if (dx === 0 && dy === 0) return c
  const t = Math.min(dx ? box.w / 2 / Math.abs(dx) : Infinity, dy ? box.h / 2 / Math.abs(dy) : Infinity, 1)
  return { x: c.x + dx * t, y: c.y + dy * t }
}

export interface EdgeEnds {
  source: Box
  target: Box
  style: Record<string, string>
  waypoints: Point[]
  orthogonal: boolean
}

/** The route of an edge as points in map coordinates. */
export function edgeRoute({ source, target, style, waypoints, orthogonal }: EdgeEnds): Point[] {
  const exit = anchor(source, style.exitX, style.exitY)
  const entry = anchor(target, style.entryX, style.entryY)
  const first = waypoints[0] ?? entry ?? centre(target)
  const last = waypoints[waypoints.length - 1] ?? exit ?? centre(source)
  if (!orthogonal) return [exit ?? edgeOf(source, first), ...waypoints, entry ?? edgeOf(target, last)]

  // Right angles: each leg goes first along the axis the route leaves on (the exit side, else the longer one).
  const horizontalFirst = (p: Point, q: Point, i: number, legs: number) => {
    if (i === 0 && exit) return onSide(source, exit)
    if (i === legs - 1 && entry) return !onSide(target, entry)
    return Math.abs(q.x - p.x) >= Math.abs(q.y - p.y)
  }
  const start = exit ?? centre(source)
  const end = entry ?? centre(target)
  const path = [start, ...waypoints, end]
  const out: Point[] = [start]
  for (let i = 1; i < path.length; i++) {
    const p = path[i - 1],
      q = path[i]
    if (p.x !== q.x && p.y !== q.y) out.push(horizontalFirst(p, q, i - 1, path.length - 1) ? { x: q.x, y: p.y } : { x: p.x, y: q.y })
    out.push(q)
  }
  // A route that starts or ends at a centre starts or ends at the box's edge instead, along its first or last leg.
  if (!exit) out[0] = edgeOf(source, out[1])
  if (!entry) out[out.length - 1] = edgeOf(target, out[out.length - 2])
  return out
}
