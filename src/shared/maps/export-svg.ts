/**
 * SVG export of a map document (issue 6 "export … to PNG/SVG"; the PNG is this SVG rasterised). The SVG
 * backend of the shared drawing (draw/): the same operations the wall paints with Konva, in the same layers,
 * so the file looks like the wall (issue 18 "One picture everywhere"). A pure function of the document, the live
 * states and bandwidth readings, the theme, and uploaded pictures as data URIs (a self-contained file). Every
 * text and attribute is XML-escaped: labels are text, never markup (a `<script>` in a label stays visible text).
 */
import type { BandwidthReading } from './bandwidth'
import type { Connector } from './connector'
import { byZ, type MapDocument } from './document'
import type { MapItem } from './items'
import { routeEnd, routeObstacles } from './route'
import {
  connectorOps,
  drawItem,
  isLive,
  mapTheme,
  textLines,
  type DrawContext,
  type DrawOp,
  type LiveState,
  type MapTheme,
  type MeasureText,
  type TextOp,
} from './draw'

export interface SvgOptions {
  /** Text widths in the map font, so that labels wrap as on the wall (the server's: src/server/maps/text-metrics.ts). */
  measure: MeasureText
  /** The map font's faces for the characters and weights drawn, as CSS to embed (the server's: mapFontFaces). */
  fontFaces?: (chars: ReadonlySet<string>, weights: ReadonlySet<400 | 700>) => string
  /** Live states by item id (the roll-up with SPEC §4 decorations); without them bound items are drawn nohost. */
  states?: Record<string, LiveState>
  /** Readings of bandwidth connectors; without one a bandwidth connector keeps its own colour. */
  bandwidth?: (c: Connector) => BandwidthReading | undefined
  /** Uploaded pictures by id, as data URIs (background and image items). */
  images?: Record<number, string>
  /** The map palette (SPEC §1 themes); the default theme's when absent. */
  theme?: MapTheme
  title?: string
}

/** XML-escapes text and drops characters XML 1.0 cannot carry. */
export function xmlEscape(value: unknown): string {
  return (
    String(value ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

const n = (v: number) => String(Math.round(v * 100) / 100)
type Attrs = Record<string, string | number | undefined>
const attrs = (a: Attrs) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : xmlEscape(v)}"`)
    .join('')
const el = (tag: string, a: Attrs, body?: string) => (body === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${body}</${tag}>`)

/** Fill, stroke and dash as SVG attributes: an op without a fill is not filled (SVG would fill it black). */
const paint = (op: Exclude<DrawOp, TextOp | { op: 'image' }>): Attrs => ({
  fill: op.fill ?? 'none',
  stroke: op.stroke,
  'stroke-width': op.stroke ? (op.strokeWidth ?? 1) : undefined,
  'stroke-dasharray': op.dash?.join(' '),
  opacity: op.opacity,
})

/**
 * Lines of a text op, as the wall lays them out (draw/wrap.ts), each centred on its line box as Konva draws it
 * (`central` baseline, line height = size).
 */
function text(op: TextOp, measure: MeasureText): string {
  const lines = textLines(op, measure)
  const top = op.valign === 'middle' && op.h !== undefined ? op.y + op.h / 2 - (lines.length * op.size) / 2 : op.y
  const x = op.align === 'left' ? op.x : op.align === 'right' ? op.x + op.w : op.x + op.w / 2
  return el(
    'text',
    {
      x,
      'font-size': op.size,
      'font-family': op.font,
      'font-weight': op.bold ? 'bold' : undefined,
      fill: op.fill,
      'text-anchor': { left: 'start', center: 'middle', right: 'end' }[op.align],
      'dominant-baseline': 'central',
    },
    lines.map((l, i) => el('tspan', { x, y: top + op.size * (i + 0.5) }, xmlEscape(l))).join(''),
  )
}

/** One operation as SVG: the SVG backend of draw/ops.ts. */
export function svgOf(op: DrawOp, measure: MeasureText, images: Record<number, string> = {}): string {
  switch (op.op) {
    case 'rect':
      return el('rect', { x: op.x, y: op.y, width: op.w, height: op.h, rx: op.radius, ...paint(op) })
    case 'circle':
      return el('circle', { cx: op.x, cy: op.y, r: op.r, ...paint(op) })
    case 'path':
      return el('path', {
        d: op.d,
        transform: op.x || op.y ? `translate(${n(op.x ?? 0)} ${n(op.y ?? 0)})` : undefined,
        ...paint(op),
        'stroke-linecap': op.round ? 'round' : undefined,
        'stroke-linejoin': op.round ? 'round' : undefined,
        'vector-effect': op.screenStroke ? 'non-scaling-stroke' : undefined,
      })
    case 'text':
      return text(op, measure)
    case 'image':
      return images[op.imageId]
        ? el('image', { x: op.x, y: op.y, width: op.w, height: op.h, href: images[op.imageId], preserveAspectRatio: 'none' })
        : ''
  }
}

function drawn(item: MapItem, o: SvgOptions, ctx: DrawContext) {
  const transform = `translate(${n(item.x)} ${n(item.y)})${item.rotation ? ` rotate(${n(item.rotation)})` : ''}`
  const body = drawItem(item, o.states?.[item.id], ctx)
    .map((op) => svgOf(op, o.measure, o.images))
    .join('')
  return el('g', { transform, 'data-kind': item.kind, 'data-id': item.id }, body)
}

/** The whole map as an SVG document: background, static items, connectors, live items (the wall's layers), each in z order. */
export function exportSvg(doc: MapDocument, options: SvgOptions): string {
  // The characters and weights of every text drawn, as each is measured: the font faces to embed.
  const chars = new Set<string>()
  const weights = new Set<400 | 700>()
  const o: SvgOptions = {
    ...options,
    measure: (text, size, bold) => {
      for (const char of text) chars.add(char)
      weights.add(bold ? 700 : 400)
      return options.measure(text, size, bold)
    },
  }
  const { width, height } = doc.resolution
  const theme = o.theme ?? mapTheme(undefined)
  const ctx: DrawContext = { theme, lod: 'detail', hasImage: (id) => !!o.images?.[id] }
  const background = doc.background.image_id
    ? svgOf({ op: 'image', imageId: doc.background.image_id, x: 0, y: 0, w: width, h: height }, o.measure, o.images)
    : ''
  const items = byZ(doc.items)
  const boxes = new Map(items.map((i) => [i.id, routeEnd(i)]))
  const connectors = byZ(doc.connectors).flatMap((c) => {
    const from = boxes.get(c.from),
      to = boxes.get(c.to)
    if (!from || !to) return []
    const reading = c.bandwidth ? o.bandwidth?.(c) : undefined
    return connectorOps(c, from, to, ctx, reading, routeObstacles(c, from, to, boxes.values())).map((op) => svgOf(op, o.measure))
  })
  const layers = [
    el(
      'g',
      { class: 'items' },
      items
        .filter((i) => !isLive(i))
        .map((i) => drawn(i, o, ctx))
        .join(''),
    ),
    el('g', { class: 'connectors' }, connectors.join('')),
    el(
      'g',
      { class: 'live' },
      items
        .filter(isLive)
        .map((i) => drawn(i, o, ctx))
        .join(''),
    ),
  ]
  const fonts = chars.size && o.fontFaces ? el('defs', {}, el('style', {}, xmlEscape(o.fontFaces(chars, weights)))) : ''
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg"${attrs({ width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': theme.font })}>`,
    o.title ? el('title', {}, xmlEscape(o.title)) : '',
    fonts,
    el('rect', { width, height, fill: doc.background.colour }),
    background,
    ...layers,
    '</svg>',
  ]
    .filter(Boolean)
    .join('\n')
}
