/**
 * Reshaping a selected connector by pointer (issue 18 "as fluent as draw.io"): a square handle on each waypoint
 * (drag to move it, double-click to remove it), a round handle half-way along each stretch between them (drag
 * to add a waypoint there) and one on each end (drag along the item's outline to attach there). The drag is a
 * `reshape` gesture, recorded once at pointer-up. Sizes are screen pixels.
 */
import { nearestAnchor, type Connector, type Point } from '../../shared/maps'
import { runEdit } from '../actions'
import { setConnector } from '../actions/document'
import type { Editor } from '../model/editor'
import { snap } from '../model/doc-ops'
import { boxesOf, linkOf, routeOfLink, type Link } from '../model/links'
import { HANDLE_RADIUS } from './connect-handles'

export type RouteHandle =
  | { kind: 'waypoint'; index: number; at: Point }
  /** Dragging it inserts a waypoint at `index`. */
  | { kind: 'midpoint'; index: number; at: Point }
  | { kind: 'end'; end: 'from' | 'to'; at: Point }

/** The point of a polyline nearest to `p`. */
function nearestOn(line: Point[], p: Point): Point {
  let best = line[0],
    dist = Infinity
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1],
      b = line[i]
    const dx = b.x - a.x,
      dy = b.y - a.y
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
    const q = { x: a.x + t * dx, y: a.y + t * dy }
    const d = Math.hypot(q.x - p.x, q.y - p.y)
    if (d < dist) [best, dist] = [q, d]
  }
  return best
}

export function routeHandles(link: Link): RouteHandle[] {
  const route = routeOfLink(link)
  const waypoints = link.connector.waypoints ?? []
  const start = route.points[0],
    end = route.points[route.points.length - 1]
  const stops = [start, ...waypoints, end]
  const mids = stops.slice(1).map((q, i): RouteHandle => {
    const p = stops[i]
    // On the drawn route: half-way for a single stretch, else the route's point nearest to the stretch's middle.
    const at = waypoints.length === 0 ? route.middle : nearestOn(route.polyline, { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 })
    return { kind: 'midpoint', index: i, at }
  })
  return [
    { kind: 'end', end: 'from', at: start },
    { kind: 'end', end: 'to', at: end },
    ...waypoints.map((at, index): RouteHandle => ({ kind: 'waypoint', index, at })),
    ...mids,
  ]
}

/** The one selected connector's link, when exactly one connector is selected in an editable editor. */
export function selectedLink(editor: Editor): Link | null {
  const { selection, doc, readOnly } = editor.get()
  const [id] = selection
  const c = selection.size === 1 && !readOnly ? doc.connectors[id] : undefined
  return c ? linkOf(c, boxesOf(doc.items)) : null
}

/** The handle of the selected connector under `p`; waypoints first, so one on a midpoint's spot wins. */
export function handleAt(editor: Editor, p: Point): { link: Link; handle: RouteHandle } | null {
  const link = selectedLink(editor)
  if (!link) return null
  const r = (HANDLE_RADIUS + 2) / editor.get().camera.scale
  const order = { waypoint: 0, end: 1, midpoint: 2 }
  const handle = routeHandles(link)
    .sort((a, b) => order[a.kind] - order[b.kind])
    .find((h) => Math.hypot(h.at.x - p.x, h.at.y - p.y) <= r)
  return handle ? { link, handle } : null
}

type Fields = Pick<Connector, 'waypoints' | 'from_anchor' | 'to_anchor'>

/** What a handle dragged to `p` makes of the connector (waypoints land on the grid when it snaps). */
function reshaped(editor: Editor, link: Link, handle: RouteHandle, p: Point): Fields {
  const { grid } = editor.get().doc
  const at = grid.snap ? { x: snap(p.x, grid.size), y: snap(p.y, grid.size) } : { x: p.x, y: p.y }
  const waypoints = [...(link.connector.waypoints ?? [])]
  if (handle.kind === 'end')
    return handle.end === 'from' ? { from_anchor: nearestAnchor(link.from, p) } : { to_anchor: nearestAnchor(link.to, p) }
  if (handle.kind === 'waypoint') waypoints[handle.index] = at
  else waypoints.splice(handle.index, 0, at)
  return { waypoints }
}

/** Two clicks on one waypoint within this many milliseconds are a double-click (it removes the waypoint). */
const DOUBLE_CLICK_MS = 400

/**
 * Drags of route handles: `begin` at a press, `drag` shows the `reshape` gesture once the pointer has travelled
 * `threshold` screen pixels, `end` records it; a waypoint clicked twice without a drag is removed instead.
 */
export function createReshaper(editor: Editor, threshold: number) {
  let press: { link: Link; handle: RouteHandle; start: Point } | null = null
  let lastClick: { key: string; time: number } | null = null
  return {
    /** Starts a drag when `p` is on a handle of the one selected connector; false otherwise. */
    begin(p: Point): boolean {
      const hit = handleAt(editor, p)
      press = hit && { ...hit, start: p }
      return press !== null
    },
    drag(p: Point) {
      if (!press) return
      const { link, handle, start } = press
      if (editor.get().gesture === null && Math.hypot(p.x - start.x, p.y - start.y) * editor.get().camera.scale < threshold) return
      editor.set({ gesture: { kind: 'reshape', id: link.connector.id, fields: reshaped(editor, link, handle, p) } })
    },
    end() {
      const g = editor.get().gesture
      if (!press) return
      const { link, handle } = press
      const id = link.connector.id
      press = null
      if (g?.kind === 'reshape') {
        editor.set({ gesture: null })
        runEdit(editor, setConnector, { id, fields: g.fields })
        return
      }
      if (handle.kind !== 'waypoint') return
      const key = `${id}:${handle.index}`
      const now = Date.now()
      if (lastClick?.key === key && now - lastClick.time < DOUBLE_CLICK_MS) {
        lastClick = null
        runEdit(editor, setConnector, { id, fields: { waypoints: (link.connector.waypoints ?? []).filter((_, i) => i !== handle.index) } })
      } else lastClick = { key, time: now }
    },
  }
}
