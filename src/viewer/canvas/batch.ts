/**
 * Batched drawing (Konva performance guidance; "frameworks at the rim"): thousands of items and connectors
 * are drawn by a few Konva Shapes whose sceneFunc walks typed arrays built once per document and issues
 * one path per colour — one fill per colour instead of one node per item, and no allocation per item in a
 * frame. Used when the LOD is `blocks` (items) and always for connectors.
 */
import {
  connectorRoute,
  isSimpleRoute,
  routeEnd,
  routeObstacles,
  traceRoute,
  type Box,
  type Connector,
  type MapDocument,
  type Route,
} from '../../shared/maps'
import type { BandwidthReading } from '../../shared/maps/bandwidth'
import type { SpatialIndex } from '../../shared/maps/view'
import { CONNECTOR_LABEL, connectorColour, connectorLabel, DASH, outlineOf, type MapTheme } from '../../shared/maps/draw'
import type { Lod } from '../items/types'
import { MAP } from '../../shared/enums'

export interface BatchModel {
  /** Items in drawing order, and each one's position in it. */
  ids: string[]
  order: ReadonlyMap<string, number>
  /** x, y, w, h of item i at 4i. */
  box: Float32Array
  bound: Uint8Array
  /** Kinds drawn as a polyline rather than a box (a line), absolute coordinates. */
  outline: (number[] | undefined)[]
  /** An unbound item's own colour (fill, else stroke); undefined: the theme's. */
  colour: (string | undefined)[]
  connectors: Connector[]
  /** x0, y0, x1, y1 of connector j at 4j: the ends of a straight one, the extent of a routed one. */
  seg: Float32Array
  /** The route of connector j when it is not one straight segment (bends, waypoints, curves). */
  routes: (Route | undefined)[]
  /** Where connector j's label sits (the middle of its route) at 2j. */
  middle: Float32Array
}

const byConnectorZ = (a: Connector, b: Connector) => a.z - b.z || (a.id < b.id ? -1 : 1)

export function buildBatchModel(
  doc: MapDocument,
  { all: drawOrder, boxes, boxesIn }: Pick<SpatialIndex, 'all' | 'boxes' | 'boxesIn'>,
  isBound: (id: string) => boolean,
): BatchModel {
  const n = drawOrder.length
  const box = new Float32Array(4 * n),
    bound = new Uint8Array(n)
  const outline: (number[] | undefined)[] = [],
    colour: (string | undefined)[] = []
  const order = new Map<string, number>()
  drawOrder.forEach((id, i) => {
    const b = boxes.get(id)!,
      item = doc.items[id]
    box[4 * i] = b.x
    box[4 * i + 1] = b.y
    box[4 * i + 2] = b.w
    box[4 * i + 3] = b.h
    bound[i] = isBound(id) ? 1 : 0
    outline.push(outlineOf(item))
    colour.push(item.style?.fill ?? item.style?.stroke)
    order.set(id, i)
  })
  const connectors = Object.values(doc.connectors).filter((c) => boxes.has(c.from) && boxes.has(c.to))
  // Documents mostly list connectors in drawing order already: then the sort of 10,000 is skipped.
  if (connectors.some((c, j) => j > 0 && byConnectorZ(connectors[j - 1], c) > 0)) connectors.sort(byConnectorZ)
  const seg = new Float32Array(4 * connectors.length),
    middle = new Float32Array(2 * connectors.length)
  const routes: (Route | undefined)[] = []
  // Routes end on the items' own boxes, turned as the items are (the index holds the boxes around them).
  const ends = new Map<string, Box>()
  const endOf = (id: string) => ends.get(id) ?? ends.set(id, routeEnd(doc.items[id])).get(id)!
  connectors.forEach((c, j) => {
    const from = endOf(c.from),
      to = endOf(c.to)
    const route = connectorRoute(c, from, to, routeObstacles(c, from, to, boxesIn))
    const simple = isSimpleRoute(c)
    // A straight one: its two ends; else the extent of its polyline (no arrays made per connector).
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity
    if (simple) [{ x: x0, y: y0 }, { x: x1, y: y1 }] = route.points
    else
      for (const p of route.polyline) {
        x0 = Math.min(x0, p.x)
        y0 = Math.min(y0, p.y)
        x1 = Math.max(x1, p.x)
        y1 = Math.max(y1, p.y)
      }
    seg[4 * j] = x0
    seg[4 * j + 1] = y0
    seg[4 * j + 2] = x1
    seg[4 * j + 3] = y1
    middle[2 * j] = route.middle.x
    middle[2 * j + 1] = route.middle.y
    routes.push(simple ? undefined : route)
  })
  return { ids: [...drawOrder], order, box, bound, outline, colour, connectors, seg, routes, middle }
}

/** Whether the box at 4i of `a` meets the view. */
const meets = (a: Float32Array, i: number, v: Box) =>
  a[4 * i] <= v.x + v.w && a[4 * i] + a[4 * i + 2] >= v.x && a[4 * i + 1] <= v.y + v.h && a[4 * i + 1] + a[4 * i + 3] >= v.y
const segMeets = (s: Float32Array, j: number, v: Box) =>
  Math.min(s[4 * j], s[4 * j + 2]) <= v.x + v.w &&
  Math.max(s[4 * j], s[4 * j + 2]) >= v.x &&
  Math.min(s[4 * j + 1], s[4 * j + 3]) <= v.y + v.h &&
  Math.max(s[4 * j + 1], s[4 * j + 3]) >= v.y

let scratch = new Int16Array(0)
const scratchOf = (n: number) => (scratch.length >= n ? scratch : (scratch = new Int16Array(n)))

/**
 * Items in view as filled boxes (lines as polylines), one path per palette colour. `pick(i)` gives item i's
 * palette index, or -1 to leave it out (the other layer draws it).
 */
export function drawBlocks(
  ctx: CanvasRenderingContext2D,
  m: BatchModel,
  view: Box,
  palette: readonly string[],
  pick: (i: number) => number,
  scale: number,
) {
  paintBlocks(ctx, m, null, view, palette, pick, scale)
}

/** drawBlocks of `items` (indices into m, in drawing order) only, or of all when null. */
function paintBlocks(
  ctx: CanvasRenderingContext2D,
  m: BatchModel,
  items: readonly number[] | null,
  view: Box,
  palette: readonly string[],
  pick: (i: number) => number,
  scale: number,
) {
  const n = items ? items.length : m.ids.length
  const sel = scratchOf(n)
  for (let k = 0; k < n; k++) {
    const i = items ? items[k] : k
    sel[k] = meets(m.box, i, view) ? pick(i) : -1
  }
  for (let p = 0; p < palette.length; p++) {
    let rects = 0,
      lines = 0
    ctx.beginPath()
    for (let k = 0; k < n; k++) {
      if (sel[k] !== p) continue
      const i = items ? items[k] : k
      if (m.outline[i]) {
        lines++
        continue
      }
      ctx.rect(m.box[4 * i], m.box[4 * i + 1], m.box[4 * i + 2], m.box[4 * i + 3])
      rects++
    }
    if (rects) {
      ctx.fillStyle = palette[p]
      ctx.fill()
    }
    if (!lines) continue
    ctx.beginPath()
    for (let k = 0; k < n; k++) {
      const pts = sel[k] === p ? m.outline[items ? items[k] : k] : undefined
      if (!pts) continue
      ctx.moveTo(pts[0], pts[1])
      for (let q = 2; q < pts.length; q += 2) ctx.lineTo(pts[q], pts[q + 1])
    }
    ctx.strokeStyle = palette[p]
    ctx.lineWidth = 1.5 / scale
    ctx.stroke()
  }
}

/** Unbound items' palette: the theme's muted colour, then each distinct own colour in first-seen order. */
export function unboundBlocks(m: BatchModel, theme: MapTheme) {
  const own = [...new Set(m.colour.filter((c) => c !== undefined))]
  const index = new Map(own.map((c, k) => [c, k + 1]))
  const pick = Int16Array.from(m.ids, (_, i) => (m.bound[i] ? -1 : m.colour[i] === undefined ? 0 : index.get(m.colour[i]!)!))
  return { palette: [theme.muted, ...own], pick: (i: number) => pick[i] }
}

/** Palette index of a live state in blocks: the MAP value, or STALE (SPEC §4 "Stale items are greyed"). */
const STALE = 6
export const liveIndex = (s: { map_state: number; stale?: boolean } | undefined) => (!s ? MAP.nohost : s.stale ? STALE : s.map_state)

/**
 * Sets the palette index in `colours` of the items `changed` (ids) to `colourOf(id)`, and returns those whose index
 * changed (indices into m): what a live repaint draws again.
 */
export function recolour(m: BatchModel, colours: Uint8Array, changed: Iterable<string>, colourOf: (id: string) => number): number[] {
  const recoloured: number[] = []
  for (const id of changed) {
    const i = m.order.get(id)
    if (i === undefined) continue
    const next = colourOf(id)
    if (colours[i] !== next) recoloured.push(i)
    colours[i] = next
  }
  return recoloured
}

/** Clears the whole canvas whatever the transform (for a layer that does not clear before drawing). */
export function clearCanvas(ctx: CanvasRenderingContext2D) {
  ctx.save()
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height)
  ctx.restore()
}

/**
 * Repaints the pixels of items `changed` (indices into `m`) only, for a layer drawn by drawBlocks with the same
 * palette and pick: around each one's box, out to whole device pixels and wide enough for its outline's stroke and
 * anti-aliasing, the layer is cleared and every item whose paint can reach there is drawn again in drawBlocks' order.
 * A wall of 10,000 items repainted whole four times a second spent 16 ms of its main thread's CPU on each repaint
 * rasterising the recorded paths (Chromium's LayerTreeHost::DoUpdateLayers, traced in bench/wall-soak), which
 * stretched to four vsyncs when the machine's cores were busy (issue 18). All the changed items' boxes make one
 * clip and one clear, and the items near any of them are drawn once, one path per colour as drawBlocks does: a
 * clip, a clear and a pass over the palette per item made a wall's repaint of ~260 items 4.4 ms of script.
 * The layer's transform only scales and moves (the stage's).
 */
export function repaintBlocks(
  ctx: CanvasRenderingContext2D,
  m: BatchModel,
  changed: readonly number[],
  index: Pick<SpatialIndex, 'items'>,
  view: Box,
  palette: readonly string[],
  pick: (i: number) => number,
  scale: number,
) {
  if (!changed.length) return
  const t = ctx.getTransform()
  // An outline's stroke is 1.5 screen pixels wide (drawBlocks); two cover half of it and the anti-aliasing.
  const pad = 2 / scale
  const near = new Set<number>()
  ctx.save()
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.beginPath()
  for (const i of changed) {
    const [x, y, w, h] = m.box.subarray(4 * i, 4 * i + 4)
    const x0 = Math.floor(t.a * (x - pad) + t.e),
      y0 = Math.floor(t.d * (y - pad) + t.f),
      x1 = Math.ceil(t.a * (x + w + pad) + t.e),
      y1 = Math.ceil(t.d * (y + h + pad) + t.f)
    ctx.rect(x0, y0, x1 - x0, y1 - y0)
    const area = { x: (x0 - t.e) / t.a - pad, y: (y0 - t.f) / t.d - pad, w: (x1 - x0) / t.a + 2 * pad, h: (y1 - y0) / t.d + 2 * pad }
    for (const id of index.items(area)) {
      const k = m.order.get(id)
      if (k !== undefined) near.add(k)
    }
  }
  // The rectangles wind the same way: the clip is their union, and the clear reaches only inside it.
  ctx.clip()
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height)
  ctx.setTransform(t)
  paintBlocks(ctx, m, [...near], view, palette, pick, scale)
  ctx.restore()
}

export interface ConnectorPaint {
  theme: MapTheme
  lod: Lod
  /** Labels are drawn (at full detail): false until the map font has loaded (viewer/map-font.ts). */
  labels: boolean
  scale: number
  reading: (c: Connector) => BandwidthReading | undefined
}

const styleKey = (c: Connector, theme: MapTheme, lod: Lod, reading?: BandwidthReading) =>
  `${connectorColour(c, theme, reading)}|${c.width}|${c.dash && lod !== 'blocks' ? 1 : 0}`

/** Each connector's stroke style, worked out once per theme and LOD; null where live bandwidth decides it. */
export const connectorStyles = (m: BatchModel, theme: MapTheme, lod: Lod): (string | null)[] =>
  m.connectors.map((c) => (c.bandwidth ? null : styleKey(c, theme, lod)))

/**
 * Connectors in view, one stroke per colour/width/dash (`styles` from connectorStyles); labels at full detail.
 * Ends, colours, dash and labels are the shared drawing's (shared/maps/draw/connector.ts), as in the export.
 */
export function drawConnectors(
  ctx: CanvasRenderingContext2D,
  m: BatchModel,
  view: Box,
  styles0: readonly (string | null)[],
  paint: ConnectorPaint,
) {
  const styles = new Map<string, number[]>()
  const labels: number[] = []
  m.connectors.forEach((c, j) => {
    if (!segMeets(m.seg, j, view)) return
    const key = styles0[j] ?? styleKey(c, paint.theme, paint.lod, paint.reading(c))
    const list = styles.get(key)
    if (list) list.push(j)
    else styles.set(key, [j])
    if (paint.labels && paint.lod === 'detail' && (c.label || c.bandwidth)) labels.push(j)
  })
  const s = m.seg
  for (const [key, list] of styles) {
    const [colour, width, dash] = key.split('|')
    ctx.beginPath()
    for (const j of list) {
      const route = m.routes[j]
      if (route) {
        traceRoute(ctx, route)
        continue
      }
      ctx.moveTo(s[4 * j], s[4 * j + 1])
      ctx.lineTo(s[4 * j + 2], s[4 * j + 3])
    }
    ctx.strokeStyle = colour
    // Never thinner than a device pixel, or a zoomed-out map loses its links.
    ctx.lineWidth = Math.max(Number(width), 1 / paint.scale)
    ctx.setLineDash(dash === '1' ? (DASH as number[]) : [])
    ctx.stroke()
  }
  ctx.setLineDash([])
  if (!labels.length) return
  ctx.font = `${CONNECTOR_LABEL.size}px ${paint.theme.font}`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  for (const j of labels) {
    const c = m.connectors[j]
    const label = connectorLabel(c, paint.theme, c.bandwidth ? paint.reading(c) : undefined)
    if (!label) continue
    ctx.fillStyle = label.colour
    // Text drawn as text on the canvas: never markup.
    ctx.fillText(label.text, m.middle[2 * j], m.middle[2 * j + 1] - CONNECTOR_LABEL.lift)
  }
}
