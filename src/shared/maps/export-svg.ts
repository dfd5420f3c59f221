/**
 * SVG export of a map document (issue 6 "export … to PNG/SVG"; PNG is drawn by the editor from Konva). A
 * pure function of the document and, optionally, live states (SPEC §4 MAP colours) and uploaded pictures
 * as data URIs, so the file is self-contained. Every text and attribute is XML-escaped: labels are text,
 * never markup (a `<script>` in a label stays visible text).
 */
import { MAP } from '../enums'
import { byZ, type MapDocument } from './document'
import { kindOf, type ItemKind, type ItemOf, type MapItem, type ShapeIcon } from './items'
import type { ItemState } from './item-state'

export interface SvgOptions {
  /** Item states by item id, as rollupMap() returns them; without them bound items are drawn neutral. */
  states?: Record<string, ItemState>
  /** States of hosts by host id, for the slots of racks. */
  hosts?: Record<number, ItemState>
  /** Uploaded pictures by id, as data URIs (background and image items). */
  images?: Record<number, string>
  title?: string
}

/** SPEC §4 MAP values as colours (Bootstrap's success, danger, orange, warning, secondary). */
export const MAP_STATE_COLOURS: Record<number, string> = {
  [MAP.up]: '#28a745',
  [MAP.down]: '#dc3545',
  [MAP.unreachable]: '#fd7e14',
  [MAP.warning]: '#ffc107',
  [MAP.pending]: '#6c757d',
  [MAP.nohost]: '#adb5bd',
}
const NEUTRAL = MAP_STATE_COLOURS[MAP.nohost]
const INK = '#212529'

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

/** Multi-line text as tspans; `anchor` follows the item's alignment. */
function text(value: string, x: number, y: number, size: number, fill: string, anchor = 'middle') {
  const lines = value.split('\n')
  return el(
    'text',
    { x, y, 'font-size': size, fill, 'text-anchor': anchor },
    lines.map((l, i) => el('tspan', { x, dy: i ? size * 1.2 : 0 }, xmlEscape(l))).join(''),
  )
}

const stateColour = (item: MapItem, o: SvgOptions) => {
  const s = o.states?.[item.id]
  return s ? (MAP_STATE_COLOURS[s.map_state] ?? NEUTRAL) : NEUTRAL
}
const caption = (item: MapItem, fallback = '') => {
  const label = item.label ?? fallback
  return label ? text(label, item.w / 2, item.h + 14, 12, item.style?.text ?? INK) : ''
}

/** Outlines of the SPEC §5 shape icons in the item's own box (w × h). */
const OUTLINES: Record<ShapeIcon, (w: number, h: number) => string> = {
  rectangle: (w, h) => el('rect', { width: w, height: h }),
  rounded: (w, h) => el('rect', { width: w, height: h, rx: Math.min(w, h) / 6 }),
  ellipse: (w, h) => el('ellipse', { cx: w / 2, cy: h / 2, rx: w / 2, ry: h / 2 }),
  diamond: (w, h) => el('polygon', { points: `${n(w / 2)},0 ${n(w)},${n(h / 2)} ${n(w / 2)},${n(h)} 0,${n(h / 2)}` }),
  triangle: (w, h) => el('polygon', { points: `${n(w / 2)},0 ${n(w)},${n(h)} 0,${n(h)}` }),
  hexagon: (w, h) =>
    el('polygon', {
      points: `${n(w / 4)},0 ${n(w * 0.75)},0 ${n(w)},${n(h / 2)} ${n(w * 0.75)},${n(h)} ${n(w / 4)},${n(h)} 0,${n(h / 2)}`,
    }),
  cloud: (w, h) =>
    el('path', {
      d: `M${n(w * 0.25)},${n(h * 0.8)} a${n(w * 0.2)},${n(h * 0.25)} 0 0 1 ${n(w * 0.05)},-${n(h * 0.45)} a${n(w * 0.25)},${n(h * 0.3)} 0 0 1 ${n(w * 0.45)},-${n(h * 0.1)} a${n(w * 0.2)},${n(h * 0.25)} 0 0 1 ${n(w * 0.05)},${n(h * 0.55)} Z`,
    }),
  cylinder: (w, h) =>
    el('path', {
      d: `M0,${n(h * 0.1)} a${n(w / 2)},${n(h * 0.1)} 0 0 1 ${n(w)},0 v${n(h * 0.8)} a${n(w / 2)},${n(h * 0.1)} 0 0 1 -${n(w)},0 Z M0,${n(h * 0.1)} a${n(w / 2)},${n(h * 0.1)} 0 0 0 ${n(w)},0`,
    }),
  server: (w, h) =>
    el('rect', { width: w, height: h, rx: 3 }) + [1, 2].map((i) => el('line', { x1: 0, y1: (h * i) / 3, x2: w, y2: (h * i) / 3 })).join(''),
  router: (w, h) =>
    el('ellipse', { cx: w / 2, cy: h / 2, rx: w / 2, ry: h / 2 }) +
    el('path', { d: `M${n(w * 0.2)},${n(h / 2)} H${n(w * 0.8)} M${n(w / 2)},${n(h * 0.2)} V${n(h * 0.8)}` }),
  switch: (w, h) =>
    el('rect', { width: w, height: h, rx: 3 }) +
    el('path', { d: `M${n(w * 0.2)},${n(h * 0.35)} H${n(w * 0.8)} M${n(w * 0.2)},${n(h * 0.65)} H${n(w * 0.8)}` }),
  firewall: (w, h) =>
    el('rect', { width: w, height: h }) + [1, 2, 3].map((i) => el('line', { x1: 0, y1: (h * i) / 4, x2: w, y2: (h * i) / 4 })).join(''),
  storage: (w, h) => OUTLINES.cylinder(w, h),
  workstation: (w, h) =>
    el('rect', { width: w, height: h * 0.75, rx: 2 }) +
    el('path', { d: `M${n(w * 0.35)},${n(h)} H${n(w * 0.65)} M${n(w / 2)},${n(h * 0.75)} V${n(h)}` }),
  internet: (w, h) =>
    el('ellipse', { cx: w / 2, cy: h / 2, rx: w / 2, ry: h / 2 }) +
    el('ellipse', { cx: w / 2, cy: h / 2, rx: w / 5, ry: h / 2 }) +
    el('line', { x1: 0, y1: h / 2, x2: w, y2: h / 2 }),
}

/** A bound item's marker: its state colour as a dot, a box, or only its label (SPEC §2 "state icons"). */
function marker(item: ItemOf<'host' | 'resource' | 'environment' | 'map'>, o: SvgOptions) {
  const fill = stateColour(item, o)
  const stroke = item.style?.stroke ?? INK
  if (item.state_icon === 'label')
    return el('rect', { width: item.w, height: item.h, rx: 4, fill: item.style?.fill ?? '#ffffff', stroke: fill, 'stroke-width': 3 })
  if (item.state_icon === 'box') return el('rect', { width: item.w, height: item.h, rx: 4, fill, stroke })
  return el('ellipse', { cx: item.w / 2, cy: item.h / 2, rx: item.w / 2, ry: item.h / 2, fill, stroke })
}
const boundName = (item: ItemOf<'host' | 'resource' | 'environment' | 'map'>) =>
  item.kind === 'resource' ? `${item.host_name} ${item.name}` : item.name
const bound = (item: ItemOf<'host' | 'resource' | 'environment' | 'map'>, o: SvgOptions) => marker(item, o) + caption(item, boundName(item))

/** One drawing per item kind (STYLE.md "One kind, one file, one registry line": a new kind fails tsc here). */
const DRAW: { [K in ItemKind]: (item: ItemOf<K>, o: SvgOptions) => string } = {
  host: bound,
  resource: bound,
  environment: bound,
  map: bound,
  shape: (item) =>
    el(
      'g',
      { fill: item.style?.fill ?? '#ffffff', stroke: item.style?.stroke ?? INK, 'stroke-width': 2 },
      OUTLINES[item.icon](item.w, item.h),
    ) + (item.label ? text(item.label, item.w / 2, item.h / 2 + 4, 12, item.style?.text ?? INK) : ''),
  text: (item) => {
    const x = item.align === 'center' ? item.w / 2 : item.align === 'right' ? item.w : 0
    const box = item.style?.fill ? el('rect', { width: item.w, height: item.h, fill: item.style.fill, stroke: item.style.stroke }) : ''
    return (
      box +
      text(
        item.text,
        x,
        item.font_size,
        item.font_size,
        item.style?.text ?? INK,
        { left: 'start', center: 'middle', right: 'end' }[item.align],
      )
    )
  },
  image: (item, o) =>
    (o.images?.[item.image_id]
      ? el('image', { width: item.w, height: item.h, href: o.images[item.image_id], preserveAspectRatio: 'none' })
      : el('rect', { width: item.w, height: item.h, fill: '#e9ecef', stroke: NEUTRAL, 'stroke-dasharray': '4 4' })) + caption(item),
  line: (item) =>
    el('polyline', {
      points: item.points.flatMap((v, i) => (i % 2 ? [] : [`${n(v)},${n(item.points[i + 1])}`])).join(' '),
      fill: 'none',
      stroke: item.style?.stroke ?? INK,
      'stroke-width': item.stroke_width,
      'stroke-dasharray': item.dash ? '8 6' : undefined,
      'marker-end': item.arrow !== 'none' ? 'url(#arrow)' : undefined,
      'marker-start': item.arrow === 'both' ? 'url(#arrow)' : undefined,
    }) + (item.label ? text(item.label, item.points[0], item.points[1] - 6, 12, item.style?.text ?? INK, 'start') : ''),
  rack: (item, o) => {
    const unit = (item.h - 24) / item.units
    const slots = item.slots.map((s) => {
      const fill = s.host_id ? (o.hosts?.[s.host_id] ? MAP_STATE_COLOURS[o.hosts[s.host_id].map_state] : NEUTRAL) : '#f8f9fa'
      const y = 12 + (item.units - (s.u + s.size - 1)) * unit
      return (
        el('rect', { x: 8, y, width: item.w - 16, height: s.size * unit - 1, fill, stroke: INK }) +
        (s.label ? text(s.label, item.w / 2, y + (s.size * unit) / 2 + 4, Math.min(11, unit), INK) : '')
      )
    })
    return (
      el('rect', { width: item.w, height: item.h, fill: item.style?.fill ?? '#343a40', stroke: stateColour(item, o), 'stroke-width': 3 }) +
      slots.join('') +
      caption(item)
    )
  },
}

function drawItem(item: MapItem, o: SvgOptions) {
  const transform = `translate(${n(item.x)} ${n(item.y)})${item.rotation ? ` rotate(${n(item.rotation)} ${n(item.w / 2)} ${n(item.h / 2)})` : ''}`
  return el('g', { transform, 'data-kind': item.kind }, (DRAW[item.kind] as (i: MapItem, o: SvgOptions) => string)(item, o))
}

function centre(item: MapItem) {
  const b = kindOf(item).bounds(item)
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 }
}

/** The whole map as an SVG document: background, connectors under the items, items in z order. */
export function exportSvg(doc: MapDocument, o: SvgOptions = {}): string {
  const { width, height } = doc.resolution
  const background =
    doc.background.image_id && o.images?.[doc.background.image_id]
      ? el('image', { width, height, href: o.images[doc.background.image_id], preserveAspectRatio: 'xMidYMid slice' })
      : ''
  const connectors = byZ(doc.connectors).map((c) => {
    const from = doc.items[c.from],
      to = doc.items[c.to]
    if (!from || !to) return ''
    const a = centre(from),
      b = centre(to)
    return (
      el('line', {
        x1: a.x,
        y1: a.y,
        x2: b.x,
        y2: b.y,
        stroke: c.colour ?? '#495057',
        'stroke-width': c.width,
        'stroke-dasharray': c.dash ? '8 6' : undefined,
      }) + (c.label ? text(c.label, (a.x + b.x) / 2, (a.y + b.y) / 2 - 4, 11, INK) : '')
    )
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg"${attrs({ width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': 'sans-serif' })}>`,
    o.title ? el('title', {}, xmlEscape(o.title)) : '',
    `<defs>${el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' }, el('path', { d: 'M0,0 L10,5 L0,10 z', fill: INK }))}</defs>`,
    el('rect', { width, height, fill: doc.background.colour }),
    background,
    el('g', { class: 'connectors' }, connectors.join('')),
    el(
      'g',
      { class: 'items' },
      byZ(doc.items)
        .map((item) => drawItem(item, o))
        .join(''),
    ),
    '</svg>',
  ]
    .filter(Boolean)
    .join('\n')
}
