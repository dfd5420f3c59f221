/**
 * The route of a connector (issue 18 "as fluent as draw.io"): straight, orthogonal (right angles, around the
 * items in its way) or curved, through its waypoints, from an attach point (anchor) or the side facing the other
 * end. One function for the wall, the editor and the SVG export, so all three show the same route.
 */
import type { Anchor, Connector } from './connector'
import { kindOf, type Box, type MapItem } from './items'
import { edgePoint } from './draw/shapes'
import { turnPoint } from './view/world-box'

export interface Point {
  x: number
  y: number
}
type Dir = 0 | 1 | 2 | 3
/** Left, up, right, down: the way a route leaves a side. */
const DIRS: readonly Point[] = [
  { x: -1, y: 0 },
  { x: 0, y: -1 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
]

export interface Route {
  /** Ends, bends and waypoints in order. */
  points: Point[]
  /** For a curved route, the two control points of each cubic piece between consecutive points. */
  controls?: [Point, Point][]
  /** The route flattened to a polyline (curves sampled): hit tests, extent, the label's place. */
  polyline: Point[]
  /** Half-way along the route, where the label sits. */
  middle: Point
}

/** How far an orthogonal route runs straight out of a side before it turns, and how far it keeps off other items. */
export const ROUTE_STUB = 20
const CLEARANCE = 10
/** A bend costs as much as this much length, so a route with fewer bends wins. */
const BEND_COST = 40

/**
 * An item a connector ends at: its kind's box, turned by `rotation` degrees about `pivot` (the item's corner
 * (x, y), as Konva and the export turn it). Anchors are fractions of the box in the item's own frame, so an
 * attach point stays on the same spot of a turned item (issue 18).
 */
export interface RouteEnd extends Box {
  rotation?: number
  pivot?: Point
}

/** Where connectors to `item` end: its box, with its turn. */
export function routeEnd(item: MapItem): RouteEnd {
  const b = kindOf(item).bounds(item)
  return item.rotation ? { ...b, rotation: item.rotation, pivot: { x: item.x, y: item.y } } : b
}

/** A point of an end's own frame turned into the world (`sign` −1: the world into its frame). */
const turn = (e: RouteEnd, p: Point, sign = 1): Point => (e.rotation && e.pivot ? turnPoint(p, e.pivot, sign * e.rotation) : p)
const intoFrame = (e: RouteEnd, p: Point) => turn(e, p, -1)

/** The axis-aligned box around a turned end (what routes keep clear of). */
function worldOf(e: RouteEnd): Box {
  if (!e.rotation) return e
  const pts = [turn(e, e), turn(e, { x: e.x + e.w, y: e.y }), turn(e, { x: e.x + e.w, y: e.y + e.h }), turn(e, { x: e.x, y: e.y + e.h })]
  const x = Math.min(...pts.map((p) => p.x)),
    y = Math.min(...pts.map((p) => p.y))
  return { x, y, w: Math.max(...pts.map((p) => p.x)) - x, h: Math.max(...pts.map((p) => p.y)) - y }
}

const centre = (b: RouteEnd): Point => turn(b, { x: b.x + b.w / 2, y: b.y + b.h / 2 })
const anchorPoint = (b: RouteEnd, a: Anchor): Point => turn(b, { x: b.x + a.x * b.w, y: b.y + a.y * b.h })
/** A side's way out of a turned end, to the nearest quarter turn (orthogonal routes leave along an axis). */
const turnedDir = (e: RouteEnd, d: Dir): Dir => ((((d + Math.round((e.rotation ?? 0) / 90)) % 4) + 4) % 4) as Dir

/** The side an anchor is nearest to. */
function anchorSide(a: Anchor): Dir {
  const d = [a.x, a.y, 1 - a.x, 1 - a.y]
  return d.indexOf(Math.min(...d)) as Dir
}

/** The side of `box` that faces `toward` (in the box's own frame): the axis with the larger gap. */
function facingSide(box: Box, toward: Point): Dir {
  const c = { x: box.x + box.w / 2, y: box.y + box.h / 2 }
  const dx = toward.x - c.x,
    dy = toward.y - c.y
  if (Math.abs(dx) - box.w / 2 >= Math.abs(dy) - box.h / 2) return dx < 0 ? 0 : 2
  return dy < 0 ? 1 : 3
}

const SIDE_ANCHORS: Record<Dir, Anchor> = { 0: { x: 0, y: 0.5 }, 1: { x: 0.5, y: 0 }, 2: { x: 1, y: 0.5 }, 3: { x: 0.5, y: 1 } }

/** An end of a route that leaves a side: the anchor's point and side, or the middle of the side facing `toward`. */
function sideEnd(box: RouteEnd, anchor: Anchor | undefined, toward: Point): { at: Point; dir: Dir } {
  const dir = anchor ? anchorSide(anchor) : facingSide(box, intoFrame(box, toward))
  return { at: anchorPoint(box, anchor ?? SIDE_ANCHORS[dir]), dir: turnedDir(box, dir) }
}

const step = (p: Point, d: Dir, n: number): Point => ({ x: p.x + DIRS[d].x * n, y: p.y + DIRS[d].y * n })
const inside = (p: Point, b: Box) => p.x > b.x && p.x < b.x + b.w && p.y > b.y && p.y < b.y + b.h
const inflate = (b: Box, m: number): Box => ({ x: b.x - m, y: b.y - m, w: b.w + 2 * m, h: b.h + 2 * m })
const same = (a: Point, b: Point) => Math.abs(a.x - b.x) < 1e-6 && Math.abs(a.y - b.y) < 1e-6

/** A binary heap of [cost, state]: Dijkstra over a few thousand states stays fast. */
class Heap {
  private a: [number, number][] = []
  get size() {
    return this.a.length
  }
  push(cost: number, state: number) {
    const a = this.a
    a.push([cost, state])
    for (let i = a.length - 1; i > 0;) {
      const p = (i - 1) >> 1
      if (a[p][0] <= a[i][0]) break
      ;[a[p], a[i]] = [a[i], a[p]]
      i = p
    }
  }
  pop(): [number, number] {
    const a = this.a
    const top = a[0],
      last = a.pop()!
    if (a.length) {
      a[0] = last
      for (let i = 0; ;) {
        const l = 2 * i + 1,
          r = l + 1
        let m = i
        if (l < a.length && a[l][0] < a[m][0]) m = l
        if (r < a.length && a[r][0] < a[m][0]) m = r
        if (m === i) break
        ;[a[m], a[i]] = [a[i], a[m]]
        i = m
      }
    }
    return top
  }
}

/**
 * The shortest right-angled path from `a` to `b` with the fewest bends that crosses none of `blocks`, over the
 * grid of the blocks' edges and the two points' lines (an orthogonal visibility graph). `from`: the way the
 * route already runs at `a`; `to`: the way it should arrive at `b`. Null when the blocks shut every way.
 */
function orthogonalLeg(a: Point, b: Point, blocks: readonly Box[], from: Dir | null, to: Dir | null): Point[] | null {
  const open = blocks.filter((o) => !inside(a, o) && !inside(b, o))
  const coords = (pick: (p: Point) => number, lo: (o: Box) => number, size: (o: Box) => number) =>
    [...new Set([pick(a), pick(b), (pick(a) + pick(b)) / 2, ...open.flatMap((o) => [lo(o), lo(o) + size(o)])])].sort((m, n) => m - n)
  const xs = coords(
    (p) => p.x,
    (o) => o.x,
    (o) => o.w,
  )
  const ys = coords(
    (p) => p.y,
    (o) => o.y,
    (o) => o.h,
  )
  const nx = xs.length
  const node = (i: number, j: number) => j * nx + i
  const free = (p: Point) => !open.some((o) => inside(p, o))
  const start = node(xs.indexOf(a.x), ys.indexOf(a.y)),
    goal = node(xs.indexOf(b.x), ys.indexOf(b.y))
  // States are node × the direction it was entered in; the start may be "entered" any way when `from` is null.
  const cost = new Float64Array(nx * ys.length * 4).fill(Infinity)
  const prev = new Int32Array(nx * ys.length * 4).fill(-1)
  const heap = new Heap()
  for (let d = 0; d < 4; d++)
    if (from === null || from === d) {
      cost[start * 4 + d] = 0
      heap.push(0, start * 4 + d)
    }
  while (heap.size) {
    const [c, s] = heap.pop()
    if (c > cost[s]) continue
    const n = s >> 2,
      d = (s & 3) as Dir
    if (n === goal) {
      const path: Point[] = []
      for (let t = s; t !== -1; t = prev[t]) path.push({ x: xs[(t >> 2) % nx], y: ys[Math.floor((t >> 2) / nx)] })
      return path.reverse()
    }
    const i = n % nx,
      j = Math.floor(n / nx)
    for (let e = 0 as Dir; e < 4; e++) {
      const ni = i + DIRS[e].x,
        nj = j + DIRS[e].y
      if (ni < 0 || nj < 0 || ni >= nx || nj >= ys.length || (e + 2) % 4 === d) continue
      const p = { x: xs[ni], y: ys[nj] }
      // Grid lines run along every block's edges, so a step crosses a block exactly when its middle is inside one.
      if (!free(p) || !free({ x: (xs[i] + p.x) / 2, y: (ys[j] + p.y) / 2 })) continue
      const m = node(ni, nj)
      const arriving = m === goal && to !== null && e !== to ? BEND_COST : 0
      const next = c + Math.abs(xs[ni] - xs[i]) + Math.abs(ys[nj] - ys[j]) + (e !== d ? BEND_COST : 0) + arriving
      if (next < cost[m * 4 + e]) {
        cost[m * 4 + e] = next
        prev[m * 4 + e] = s
        heap.push(next, m * 4 + e)
      }
    }
  }
  return null
}

/** Drops repeated points and the middle of three in line (the route's corners stay). */
function corners(points: Point[]): Point[] {
  const out: Point[] = []
  for (const p of points) {
    if (out.length && same(out[out.length - 1], p)) continue
    const [a, b] = [out[out.length - 2], out[out.length - 1]]
    if (
      a &&
      b &&
      ((Math.abs(a.x - b.x) < 1e-6 && Math.abs(b.x - p.x) < 1e-6) || (Math.abs(a.y - b.y) < 1e-6 && Math.abs(b.y - p.y) < 1e-6))
    )
      out[out.length - 1] = p
    else out.push(p)
  }
  return out
}

/** The direction of the last step of a path, if it moved. */
function lastDir(path: Point[]): Dir | null {
  const [a, b] = [path[path.length - 2], path[path.length - 1]]
  if (!a || !b || same(a, b)) return null
  return (b.x < a.x ? 0 : b.y < a.y ? 1 : b.x > a.x ? 2 : 3) as Dir
}

function orthogonalPoints(c: RouteSpec, from: RouteEnd, to: RouteEnd, obstacles: readonly Box[]): Point[] {
  const waypoints = c.waypoints ?? []
  const s = sideEnd(from, c.from_anchor, waypoints[0] ?? (c.to_anchor ? anchorPoint(to, c.to_anchor) : centre(to)))
  const e = sideEnd(to, c.to_anchor, waypoints[waypoints.length - 1] ?? (c.from_anchor ? anchorPoint(from, c.from_anchor) : centre(from)))
  const blocks = [worldOf(from), worldOf(to), ...obstacles].map((b) => inflate(b, CLEARANCE))
  const stops = [step(s.at, s.dir, ROUTE_STUB), ...waypoints, step(e.at, e.dir, ROUTE_STUB)]
  const out: Point[] = [s.at, stops[0]]
  let dir: Dir | null = s.dir
  for (let k = 1; k < stops.length; k++) {
    const a = stops[k - 1],
      b = stops[k]
    const last = k === stops.length - 1
    const leg = orthogonalLeg(a, b, blocks, dir, last ? (((e.dir + 2) % 4) as Dir) : null) ?? [a, { x: b.x, y: a.y }, b]
    out.push(...leg.slice(1))
    dir = lastDir(out)
  }
  out.push(e.at)
  return corners(out)
}

/** Catmull-Rom through the points as cubic pieces; the ends leave and arrive square to their sides. */
function curveControls(points: Point[], startDir: Dir, endDir: Dir): [Point, Point][] {
  const out: [Point, Point][] = []
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i],
      p1 = points[i + 1]
    const reach = Math.hypot(p1.x - p0.x, p1.y - p0.y) / 2
    const c1 = i === 0 ? step(p0, startDir, reach) : { x: p0.x + (p1.x - points[i - 1].x) / 6, y: p0.y + (p1.y - points[i - 1].y) / 6 }
    const c2 =
      i === points.length - 2 ? step(p1, endDir, reach) : { x: p1.x - (points[i + 2].x - p0.x) / 6, y: p1.y - (points[i + 2].y - p0.y) / 6 }
    out.push([c1, c2])
  }
  return out
}

const CURVE_SAMPLES = 16
function cubicAt(p0: Point, [c1, c2]: [Point, Point], p1: Point, t: number): Point {
  const u = 1 - t
  return {
    x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p1.x,
    y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p1.y,
  }
}

/** The point half-way along a polyline. */
function halfWay(line: Point[]): Point {
  const lengths = line.slice(1).map((p, i) => Math.hypot(p.x - line[i].x, p.y - line[i].y))
  let rest = lengths.reduce((a, b) => a + b, 0) / 2
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i] && lengths[i] > 0) {
      const t = rest / lengths[i]
      return { x: line[i].x + (line[i + 1].x - line[i].x) * t, y: line[i].y + (line[i + 1].y - line[i].y) * t }
    }
    rest -= lengths[i]
  }
  return line[line.length - 1]
}

export type RouteSpec = Pick<Connector, 'route' | 'waypoints' | 'from_anchor' | 'to_anchor'>

/**
 * Orthogonal routes already searched, by everything they depend on: a search takes ~0.1 ms, and the wall's model
 * (10,000 connectors) and the editor's links are rebuilt on every document change, most routes unchanged. Routes
 * are shared: callers never change them. Emptied when full, so a long editing session cannot grow it forever.
 */
const orthogonalRoutes = new Map<string, Route>()
const ROUTE_CACHE = 50_000
const boxKey = (b: RouteEnd) => `${b.x},${b.y},${b.w},${b.h}${b.rotation ? `@${b.rotation},${b.pivot?.x},${b.pivot?.y}` : ''}`
const orthogonalKey = (c: RouteSpec, from: RouteEnd, to: RouteEnd, obstacles: readonly Box[]) =>
  `${JSON.stringify([c.waypoints, c.from_anchor, c.to_anchor])}|${boxKey(from)}|${boxKey(to)}|${obstacles.map(boxKey).join(';')}`

/**
 * The route of connector `c` from box `from` to box `to`. An orthogonal route goes around `obstacles` (see
 * routeObstacles) as well as its own two items; the other styles ignore them.
 */
export function connectorRoute(c: RouteSpec, from: RouteEnd, to: RouteEnd, obstacles: readonly Box[] = []): Route {
  const waypoints = c.waypoints ?? []
  if (c.route === 'orthogonal') {
    const key = orthogonalKey(c, from, to, obstacles)
    const known = orthogonalRoutes.get(key)
    if (known) return known
    const points = orthogonalPoints(c, from, to, obstacles)
    if (orthogonalRoutes.size >= ROUTE_CACHE) orthogonalRoutes.clear()
    const route = { points, polyline: points, middle: halfWay(points) }
    orthogonalRoutes.set(key, route)
    return route
  }
  if (c.route === 'curved') {
    const s = sideEnd(from, c.from_anchor, waypoints[0] ?? centre(to))
    const e = sideEnd(to, c.to_anchor, waypoints[waypoints.length - 1] ?? centre(from))
    const points = [s.at, ...waypoints, e.at]
    const controls = curveControls(points, s.dir, e.dir)
    const polyline = [points[0]]
    controls.forEach((ctl, i) => {
      for (let k = 1; k <= CURVE_SAMPLES; k++) polyline.push(cubicAt(points[i], ctl, points[i + 1], k / CURVE_SAMPLES))
    })
    return { points, controls, polyline, middle: halfWay(polyline) }
  }
  const start = c.from_anchor ? anchorPoint(from, c.from_anchor) : null
  const end = c.to_anchor ? anchorPoint(to, c.to_anchor) : null
  // On a turned item's outline: the way out worked out in its own frame.
  const edge = (e: RouteEnd, toward: Point) => turn(e, edgePoint(e, intoFrame(e, toward)))
  const points = [
    start ?? edge(from, waypoints[0] ?? end ?? centre(to)),
    ...waypoints,
    end ?? edge(to, waypoints[waypoints.length - 1] ?? start ?? centre(from)),
  ]
  return { points, polyline: points, middle: halfWay(points) }
}

/** Whether a route is a plain straight segment (the wall draws those in one batch, without a route). */
export const isSimpleRoute = (c: RouteSpec) => (c.route ?? 'straight') === 'straight' && !c.waypoints?.length

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

/**
 * The item boxes an orthogonal route goes around: those near the way between its ends, except its own items and
 * the boxes holding either end (an environment or rack drawn around them). Empty for the other styles.
 * `boxes`: every item's box, or a query of those meeting the corridor near the way (a spatial index: a map of
 * 10,000 orthogonal connectors then looks at ten boxes each, not 10,000).
 */
export function routeObstacles(
  c: RouteSpec,
  fromEnd: RouteEnd,
  toEnd: RouteEnd,
  boxes: Iterable<RouteEnd> | ((corridor: Box) => Iterable<RouteEnd>),
): Box[] {
  if (c.route !== 'orthogonal') return []
  const from = worldOf(fromEnd),
    to = worldOf(toEnd)
  const pts = [centre(from), centre(to), ...(c.waypoints ?? [])]
  const pad = 4 * ROUTE_STUB
  const x0 = Math.min(from.x, to.x, ...pts.map((p) => p.x)) - pad,
    y0 = Math.min(from.y, to.y, ...pts.map((p) => p.y)) - pad
  const x1 = Math.max(from.x + from.w, to.x + to.w, ...pts.map((p) => p.x)) + pad,
    y1 = Math.max(from.y + from.h, to.y + to.h, ...pts.map((p) => p.y)) + pad
  const corridor = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }
  const out: Box[] = []
  for (const end of typeof boxes === 'function' ? boxes(corridor) : boxes) {
    const b = worldOf(end)
    if (overlaps(b, corridor) && !inside(centre(from), inflate(b, 0.5)) && !inside(centre(to), inflate(b, 0.5))) out.push(b)
  }
  return out
}

/** SVG path data of a route. */
export function routePath(r: Route): string {
  const f = (n: number) => Math.round(n * 100) / 100
  const [p0, ...rest] = r.points
  return `M${f(p0.x)} ${f(p0.y)}${rest
    .map((p, i) => {
      const ctl = r.controls?.[i]
      return ctl ? ` C${f(ctl[0].x)} ${f(ctl[0].y)} ${f(ctl[1].x)} ${f(ctl[1].y)} ${f(p.x)} ${f(p.y)}` : ` L${f(p.x)} ${f(p.y)}`
    })
    .join('')}`
}

/** Draws a route onto a canvas path (the wall's batched connectors). */
export function traceRoute(ctx: Pick<CanvasRenderingContext2D, 'moveTo' | 'lineTo' | 'bezierCurveTo'>, r: Route) {
  ctx.moveTo(r.points[0].x, r.points[0].y)
  r.points.slice(1).forEach((p, i) => {
    const ctl = r.controls?.[i]
    if (ctl) ctx.bezierCurveTo(ctl[0].x, ctl[0].y, ctl[1].x, ctl[1].y, p.x, p.y)
    else ctx.lineTo(p.x, p.y)
  })
}

/** How far `p` is from the route (hit tests). */
export function distanceToRoute(p: Point, r: Route): number {
  let best = Infinity
  const line = r.polyline
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1],
      b = line[i]
    const dx = b.x - a.x,
      dy = b.y - a.y
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)))
  }
  return best
}

/** The anchor on `box` nearest to `p`: a point of its outline, as fractions of the box. */
export function nearestAnchor(box: RouteEnd, world: Point): Anchor {
  // Fractions of the box in the item's own frame: a turned item's outline as it is drawn.
  const p = intoFrame(box, world)
  const fx = Math.min(1, Math.max(0, (p.x - box.x) / box.w)),
    fy = Math.min(1, Math.max(0, (p.y - box.y) / box.h))
  const side = anchorSide({ x: fx, y: fy })
  const r = (n: number) => Math.round(n * 1000) / 1000
  return side === 0 ? { x: 0, y: r(fy) } : side === 2 ? { x: 1, y: r(fy) } : side === 1 ? { x: r(fx), y: 0 } : { x: r(fx), y: 1 }
}
