/** Connector routes (issue 18 "as fluent as draw.io"): straight, orthogonal around items, curved; waypoints and anchors. */
import { describe, expect, it } from 'vitest'
import {
  Connector,
  connectorRoute,
  distanceToRoute,
  MapDocument,
  nearestAnchor,
  itemKinds,
  routeEnd,
  routeObstacles,
  routePath,
  ROUTE_STUB,
  type Box,
  type Point,
} from '../../../src/shared/maps'
import { exportSvg } from '../../../src/shared/maps/export-svg'
import { measureMapText } from '../../../src/server/maps/text-metrics'
import { connectorOps, mapTheme } from '../../../src/shared/maps/draw'

const A: Box = { x: 0, y: 100, w: 100, h: 60 }
const B: Box = { x: 500, y: 100, w: 100, h: 60 }
/** Right in the way between A and B. */
const WALL: Box = { x: 250, y: 40, w: 60, h: 200 }

/** Whether the segment a–b passes through the inside of box `o`. */
function crosses(a: Point, b: Point, o: Box): boolean {
  for (let t = 0; t <= 1; t += 1 / 200) {
    const x = a.x + (b.x - a.x) * t,
      y = a.y + (b.y - a.y) * t
    if (x > o.x && x < o.x + o.w && y > o.y && y < o.y + o.h) return true
  }
  return false
}
const segments = (pts: Point[]) => pts.slice(1).map((p, i) => [pts[i], p] as const)

describe('connector routes', () => {
  it('runs straight from edge to edge, as connectors always did', () => {
    const r = connectorRoute({}, A, B)
    expect(r.points).toEqual([
      { x: 100, y: 130 },
      { x: 500, y: 130 },
    ])
    expect(routePath(r)).toBe('M100 130 L500 130')
    expect(r.middle).toEqual({ x: 300, y: 130 })
  })

  it('keeps a straight route’s waypoints and leaves the boxes towards them', () => {
    const r = connectorRoute({ waypoints: [{ x: 300, y: 0 }] }, A, B)
    expect(r.points[1]).toEqual({ x: 300, y: 0 })
    expect(r.points).toHaveLength(3)
    // The ends sit on the boxes' outlines, on the way to the waypoint.
    expect(r.points[0]).toEqual({ x: 100, y: 104 })
    expect(r.points[2]).toEqual({ x: 500, y: 104 })
  })

  it('starts and ends at attach points, which follow the items when they move', () => {
    const c = { from_anchor: { x: 0.5, y: 1 }, to_anchor: { x: 0, y: 0 } }
    expect(connectorRoute(c, A, B).points).toEqual([
      { x: 50, y: 160 },
      { x: 500, y: 100 },
    ])
    const moved = connectorRoute(c, { ...A, x: 40 }, { ...B, y: 300 }).points
    expect(moved).toEqual([
      { x: 90, y: 160 },
      { x: 500, y: 300 },
    ])
  })

  it('routes orthogonally at right angles around an item in the way, and around its own items', () => {
    const c = { route: 'orthogonal' as const }
    const obstacles = routeObstacles(c, A, B, [A, B, WALL])
    expect(obstacles).toEqual([WALL])
    const r = connectorRoute(c, A, B, obstacles)
    expect(r.points[0]).toEqual({ x: 100, y: 130 })
    expect(r.points[r.points.length - 1]).toEqual({ x: 500, y: 130 })
    for (const [a, b] of segments(r.points)) {
      expect(a.x === b.x || a.y === b.y, 'right angles only').toBe(true)
      for (const box of [A, B, WALL]) expect(crosses(a, b, box)).toBe(false)
    }
    // Without the wall it is one straight run.
    expect(connectorRoute(c, A, B).points).toHaveLength(2)
  })

  it('leaves an orthogonal route square to its attach side and through its waypoints', () => {
    const c = { route: 'orthogonal' as const, from_anchor: { x: 0.5, y: 0 }, waypoints: [{ x: 300, y: 20 }] }
    const r = connectorRoute(c, A, B)
    expect(r.points[0]).toEqual({ x: 50, y: 100 })
    // Up out of the top side first.
    expect(r.points[1].x).toBe(50)
    expect(r.points[1].y).toBeLessThan(100)
    expect(distanceToRoute({ x: 300, y: 20 }, r)).toBe(0)
    for (const [a, b] of segments(r.points)) for (const box of [A, B]) expect(crosses(a, b, box)).toBe(false)
  })

  it('finds the same obstacles through a spatial query of its corridor as through every box (the wall, issue 18)', () => {
    const c = { route: 'orthogonal' as const }
    const far: Box = { x: 2000, y: 2000, w: 10, h: 10 }
    const asked: Box[] = []
    const query = (corridor: Box) => {
      asked.push(corridor)
      return [A, B, WALL, far].filter((b) => b.x < corridor.x + corridor.w && corridor.x < b.x + b.w)
    }
    expect(routeObstacles(c, A, B, query)).toEqual(routeObstacles(c, A, B, [A, B, WALL, far]))
    expect(asked).toHaveLength(1)
    expect(asked[0].x).toBeLessThan(A.x)
    expect(asked[0].x + asked[0].w).toBeGreaterThan(B.x + B.w)
  })

  it('reuses an orthogonal route while its ends, obstacles and spec stay the same, and follows any change', () => {
    const c = { route: 'orthogonal' as const }
    const r = connectorRoute(c, A, B, [WALL])
    expect(connectorRoute({ route: 'orthogonal' }, { ...A }, { ...B }, [{ ...WALL }])).toBe(r)
    const moved = connectorRoute(c, { ...A, y: 300 }, B, [WALL])
    expect(moved).not.toBe(r)
    expect(moved.points[0]).toEqual({ x: 100, y: 330 })
    expect(r.points.length).toBeGreaterThan(2)
    // The wall moved out of the way: straight across.
    expect(connectorRoute(c, A, B, [{ ...WALL, y: 400 }]).points).toHaveLength(2)
    const anchored = connectorRoute({ ...c, to_anchor: { x: 0.5, y: 0 } }, A, B, [WALL])
    expect(anchored.points[anchored.points.length - 1]).toEqual({ x: 550, y: 100 })
  })

  it('ignores other items unless orthogonal, and never routes around the boxes holding its ends', () => {
    expect(routeObstacles({}, A, B, [WALL])).toEqual([])
    const around = { x: -50, y: 0, w: 800, h: 400 }
    expect(routeObstacles({ route: 'orthogonal' }, A, B, [around, WALL])).toEqual([WALL])
  })

  it('curves smoothly through its waypoints, leaving and arriving square to the sides', () => {
    const r = connectorRoute({ route: 'curved', waypoints: [{ x: 300, y: 300 }] }, A, B)
    expect(r.points).toEqual([
      { x: 100, y: 130 },
      { x: 300, y: 300 },
      { x: 500, y: 130 },
    ])
    expect(r.controls).toHaveLength(2)
    expect(r.controls![0][0].y).toBe(130)
    expect(routePath(r)).toMatch(/^M100 130 C[\d. ]+ 300 300 C[\d. ]+ 500 130$/)
    expect(distanceToRoute({ x: 300, y: 300 }, r)).toBeLessThan(0.01)
    // The middle is on the curve, not on the chord between its ends.
    expect(r.middle.y).toBeGreaterThan(200)
  })

  it('attaches to the nearest point of an item’s outline', () => {
    expect(nearestAnchor(A, { x: 95, y: 115 })).toEqual({ x: 1, y: 0.25 })
    expect(nearestAnchor(A, { x: 25, y: 500 })).toEqual({ x: 0.25, y: 1 })
  })
})

describe('routes in the shared drawing', () => {
  const doc = (): MapDocument => ({
    schema_version: 1,
    resolution: { width: 800, height: 400 },
    background: { colour: '#ffffff', image_id: null },
    grid: { visible: true, snap: true, size: 16 },
    items: {
      a: { kind: 'shape', id: 'a', ...A, z: 1, rotation: 0, icon: 'rectangle' },
      b: { kind: 'shape', id: 'b', ...B, z: 2, rotation: 0, icon: 'rectangle' },
      w: { kind: 'shape', id: 'w', ...WALL, z: 3, rotation: 0, icon: 'rectangle' },
    },
    connectors: {
      l: { id: 'l', from: 'a', to: 'b', z: 1, kind: 'plain', width: 2, dash: false, route: 'orthogonal', label: 'uplink' },
    },
  })

  it('accepts connectors with and without routing fields, and refuses bad ones', () => {
    expect(MapDocument.safeParse(doc()).success).toBe(true)
    const old = doc()
    delete old.connectors.l.route
    delete old.connectors.l.label
    expect(MapDocument.safeParse(old).success).toBe(true)
    const base = doc().connectors.l
    expect(Connector.safeParse({ ...base, route: 'zigzag' }).success).toBe(false)
    expect(Connector.safeParse({ ...base, from_anchor: { x: 2, y: 0 } }).success).toBe(false)
    expect(Connector.safeParse({ ...base, waypoints: Array.from({ length: 51 }, () => ({ x: 0, y: 0 })) }).success).toBe(false)
  })

  it('draws the same route in the export as the shared connector drawing, around the item in the way', () => {
    const d = doc()
    const ops = connectorOps(d.connectors.l, A, B, { theme: mapTheme('default'), lod: 'detail' }, undefined, [WALL])
    const path = ops.find((o) => o.op === 'path')
    expect(path && 'd' in path && path.d.split(' L').length).toBeGreaterThan(3)
    expect(exportSvg(d, { measure: measureMapText })).toContain(`d="${path && 'd' in path ? path.d : ''}"`)
  })
})

describe('connector routes to turned items (issue 18: rotation)', () => {
  // A 100 × 60 box turned a quarter clockwise about its corner (0, 0): it now covers x −60…0, y 0…100.
  const turned = routeEnd(itemKinds.shape.defaults({ id: 't', x: 0, y: 0, z: 1, w: 100, h: 60, rotation: 90 }))
  const far: Box = { x: -80, y: 400, w: 100, h: 60 }
  const close = (p: Point, q: Point) => expect([p.x, p.y].map((n) => Math.round(n * 1000) / 1000)).toEqual([q.x, q.y])

  it('describes an item by its own box and its turn about its corner', () => {
    expect(turned).toEqual({ x: 0, y: 0, w: 100, h: 60, rotation: 90, pivot: { x: 0, y: 0 } })
    expect(routeEnd(itemKinds.shape.defaults({ id: 'u', x: 5, y: 6, z: 1, w: 10, h: 20 }))).toEqual({ x: 5, y: 6, w: 10, h: 20 })
  })

  it('attaches at the anchor where it is on the turned item, and leaves an orthogonal route the way that side now faces', () => {
    // The middle of its right side is now the middle of its bottom, at (−30, 100); that side faces down.
    const c = { route: 'orthogonal' as const, from_anchor: { x: 1, y: 0.5 } }
    const r = connectorRoute(c, turned, far)
    close(r.points[0], { x: -30, y: 100 })
    expect(r.points[1].x).toBeCloseTo(-30)
    expect(r.points[1].y).toBeGreaterThanOrEqual(100 + ROUTE_STUB)
    close(connectorRoute({ from_anchor: { x: 1, y: 0.5 } }, turned, far).points[0], { x: -30, y: 100 })
  })

  it('leaves a straight route from the turned outline, not from the unturned box', () => {
    const r = connectorRoute({}, turned, far)
    // Straight down from the middle of the turned box (−30, 50) to the far box below: out through its bottom edge.
    close(r.points[0], { x: -30, y: 100 })
    close(r.points[1], { x: -30, y: 400 })
  })

  it('gives the anchor of the turned outline nearest a point (the editor’s end handles)', () => {
    expect(nearestAnchor(turned, { x: -30, y: 104 })).toEqual({ x: 1, y: 0.5 })
    expect(nearestAnchor(turned, { x: -62, y: 25 })).toEqual({ x: 0.25, y: 1 })
  })

  it('keeps an orthogonal route off the turned box and round it to an anchor on its far side', () => {
    const c = { route: 'orthogonal' as const, to_anchor: { x: 0, y: 0.5 } }
    // The anchor on its left side, now its top, at (−30, 0); the route arrives from above.
    const r = connectorRoute(c, far, turned)
    close(r.points[r.points.length - 1], { x: -30, y: 0 })
    close(r.points[r.points.length - 2], { x: -30, y: -ROUTE_STUB })
    const body = { x: -60, y: 0, w: 60, h: 100 }
    for (const [a, b] of segments(r.points)) expect(crosses(a, b, body)).toBe(false)
  })
})
