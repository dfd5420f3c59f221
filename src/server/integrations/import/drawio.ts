/**
 * draw.io (diagrams.net) import (issue 6 "Import"): `<mxfile><diagram><mxGraphModel>` files, plain or with the
 * page compressed (base64 of raw deflate of the URI-encoded XML), and bare `<mxGraphModel>` documents.
 * The first page becomes the map: vertices become shapes or text, a vertex naming a host of the environment
 * (its label, or a `host`/`hostname` attribute, with `service`/`resource` for a check) becomes a bound item,
 * edges become connectors (keeping their waypoints, attach points and right angles, issue 18), and edges with
 * free ends, or a second edge between two items, become lines along their route. The rest is counted as unsupported (SPEC §8).
 */
import { inflateRawSync } from 'node:zlib'
import { ApiError } from '../../../shared/errors'
import { UPLOAD_MAX_BYTES } from '../../../shared/constants'
import { colour, DocumentBuilder, type Converter, type Draft, type ImportLookup } from './builder'
import { childNamed, childrenNamed, parseXml, type XmlNode } from './xml'
import { isEdgeLabel, isGroup, isOrthogonal, isText, parseStyle, plainLabel, shapeIcon, styleColours, type CellStyle } from './drawio-style'
import { edgeRoute } from './drawio-route'

/** A compressed page inflates to no more than an uncompressed file may hold (SPEC §9 upload max 10 MB). */
const MAX_INFLATED = UPLOAD_MAX_BYTES

interface Point {
  x: number
  y: number
}
interface Cell {
  id: string
  parent?: string
  label: string
  style: CellStyle
  vertex: boolean
  edge: boolean
  source?: string
  target?: string
  hidden: boolean
  /** Attributes of an `<object>`/`<UserObject>` wrapper (custom properties such as `host`). */
  props: Record<string, string>
  geometry: { x: number; y: number; w: number; h: number; points: Point[]; sourcePoint?: Point; targetPoint?: Point } | null
  order: number
}

const invalid = (reason: string) => new ApiError('invalid_input', { field: 'body', reason })
const num = (v: string | undefined) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? 0 : Number(v))
const point = (n: XmlNode | undefined): Point | undefined => (n ? { x: num(n.attrs.x), y: num(n.attrs.y) } : undefined)

function inflatePage(text: string): XmlNode {
  try {
    const raw = inflateRawSync(Buffer.from(text, 'base64'), { maxOutputLength: MAX_INFLATED }).toString('latin1')
    return parseXml(decodeURIComponent(raw))
  } catch (err) {
    if (err instanceof ApiError) throw err
    throw invalid('a compressed draw.io page could not be read')
  }
}

/** The pages of the file: the first as its mxGraphModel, the number of the others. */
function firstPage(root: XmlNode): { model: XmlNode; others: number } {
  if (root.tag === 'mxGraphModel') return { model: root, others: 0 }
  const pages = root.tag === 'mxfile' ? childrenNamed(root, 'diagram') : []
  if (!pages.length) throw invalid('not a draw.io file (no <mxfile> with a <diagram>)')
  const page = pages[0]
  const model = childNamed(page, 'mxGraphModel') ?? (page.text.trim() ? inflatePage(page.text.trim()) : null)
  if (!model || model.tag !== 'mxGraphModel') throw invalid('the first draw.io page has no diagram')
  return { model, others: pages.length - 1 }
}

function readCell(node: XmlNode, order: number): Cell | null {
  const wrapped = node.tag === 'object' || node.tag === 'UserObject'
  const cell = wrapped ? childNamed(node, 'mxCell') : node.tag === 'mxCell' ? node : undefined
  if (!cell) return null
  const a = cell.attrs
  const style = parseStyle(a.style)
  const geo = childNamed(cell, 'mxGeometry')
  const { label: _label, id: _id, placeholders: _p, ...props } = wrapped ? node.attrs : {}
  return {
    id: (wrapped ? node.attrs.id : a.id) ?? `cell-${order}`,
    parent: a.parent,
    label: plainLabel(wrapped ? node.attrs.label : a.value, style),
    style,
    vertex: a.vertex === '1',
    edge: a.edge === '1',
    source: a.source,
    target: a.target,
    hidden: a.visible === '0',
    props,
    order,
    geometry: geo
      ? {
          x: num(geo.attrs.x),
          y: num(geo.attrs.y),
          w: num(geo.attrs.width),
          h: num(geo.attrs.height),
          points: (childNamed(geo, 'Array')?.children ?? []).map(point).filter((p): p is Point => !!p),
          sourcePoint: point(geo.children.find((c) => c.attrs.as === 'sourcePoint')),
          targetPoint: point(geo.children.find((c) => c.attrs.as === 'targetPoint')),
        }
      : null,
  }
}

/** The bound item a vertex stands for, if it names a host (or a host's check) of the environment. */
function binding(cell: Cell, lookup: ImportLookup, b: DocumentBuilder): Draft<'host' | 'resource'> | null {
  const hostName = cell.props.host ?? cell.props.hostname
  const checkName = cell.props.service ?? cell.props.resource
  if (hostName && checkName) {
    const r = lookup.resource(hostName, checkName)
    if (r) return { kind: 'resource', resource_id: r.id, host_id: r.host_id, name: r.name, host_name: r.host_name }
    b.unmatched(`${hostName}/${checkName}`)
    return null
  }
  const name = hostName ?? (cell.label.includes('\n') ? undefined : cell.label)
  const host = name ? lookup.host(name) : undefined
  if (host) return { kind: 'host', host_id: host.id, name: host.name }
  if (hostName) b.unmatched(hostName)
  return null
}

function vertexDraft(cell: Cell, at: Point, lookup: ImportLookup, b: DocumentBuilder): Draft {
  const g = cell.geometry!
  const box = { x: at.x, y: at.y, w: g.w, h: g.h, z: cell.order, rotation: num(cell.style.kv.rotation) }
  const style = styleColours(cell.style)
  if (isText(cell.style)) {
    const align = cell.style.kv.align === 'center' || cell.style.kv.align === 'right' ? cell.style.kv.align : 'left'
    return { kind: 'text', ...box, text: cell.label, font_size: num(cell.style.kv.fontSize) || 12, align, style: { text: style.text } }
  }
  const bound = binding(cell, lookup, b)
  if (bound) return { ...bound, ...box, style, ...(cell.label && cell.label !== bound.name ? { label: cell.label } : {}) } as Draft
  return { kind: 'shape', ...box, icon: shapeIcon(cell.style), style, label: cell.label }
}

export const drawio: Converter = (text, lookup) => {
  const { model, others } = firstPage(parseXml(text.trim()))
  const b = new DocumentBuilder()
  if (others) b.skip('page', others)
  const root = childNamed(model, 'root')
  const cells = (root?.children ?? []).map(readCell).filter((c): c is Cell => c !== null)
  const byId = new Map(cells.map((c) => [c.id, c]))
  const background = colour(model.attrs.background)
  if (background && background !== 'transparent') b.background = { ...b.background, colour: background }

  // Children of groups and containers are placed relative to their parent.
  const absolute = (cell: Cell, depth = 0): Point => {
    const parent = cell.parent ? byId.get(cell.parent) : undefined
    const own = { x: cell.geometry?.x ?? 0, y: cell.geometry?.y ?? 0 }
    if (!parent?.vertex || depth > 50) return own
    const p = absolute(parent, depth + 1)
    return { x: p.x + own.x, y: p.y + own.y }
  }

  const itemOf = new Map<string, string | null>()
  const edgeLabels = new Map<string, string[]>()
  for (const cell of cells) {
    if (!cell.vertex || cell.hidden) continue
    const parent = cell.parent ? byId.get(cell.parent) : undefined
    if (parent?.edge || isEdgeLabel(cell.style)) {
      if (cell.label && cell.parent) edgeLabels.set(cell.parent, [...(edgeLabels.get(cell.parent) ?? []), cell.label])
      continue
    }
    if (isGroup(cell.style)) continue
    if (!cell.geometry) {
      b.skip('cell without geometry')
      continue
    }
    itemOf.set(cell.id, b.add(vertexDraft(cell, absolute(cell), lookup, b)))
  }

  const boxOf = (id: string | undefined) => {
    const cell = id ? byId.get(id) : undefined
    if (!cell?.geometry || !itemOf.get(cell.id)) return undefined
    return { ...absolute(cell), w: cell.geometry.w, h: cell.geometry.h }
  }
  const centre = (id: string | undefined): Point | undefined => {
    const box = boxOf(id)
    return box && { x: box.x + box.w / 2, y: box.y + box.h / 2 }
  }
  for (const cell of cells) {
    if (!cell.edge || cell.hidden) continue
    const label = [cell.label, ...(edgeLabels.get(cell.id) ?? [])].filter(Boolean).join(' / ')
    const from = cell.source ? itemOf.get(cell.source) : undefined
    const to = cell.target ? itemOf.get(cell.target) : undefined
    const width = num(cell.style.kv.strokeWidth) || 2
    const waypoints = cell.geometry?.points ?? []
    const kv = cell.style.kv
    const style = { label, colour: kv.strokeColor, width, dash: kv.dashed === '1' }
    // A routed edge keeps its route as a connector's (issue 18); a second edge between the same items is a line.
    if (from && to && (waypoints.length || isOrthogonal(cell.style))) {
      const anchor = (x?: string, y?: string) => {
        const [fx, fy] = [Number(x), Number(y)]
        return x && y && fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1 ? { x: fx, y: fy } : undefined
      }
      const routed = {
        ...style,
        route: isOrthogonal(cell.style) ? ('orthogonal' as const) : undefined,
        waypoints: waypoints.map((p) => ({ x: p.x, y: p.y })),
        from_anchor: anchor(kv.exitX, kv.exitY),
        to_anchor: anchor(kv.entryX, kv.entryY),
      }
      if (b.connect(from, to, routed, null)) continue
      const route = edgeRoute({
        source: boxOf(cell.source)!,
        target: boxOf(cell.target)!,
        style: cell.style.kv,
        waypoints,
        orthogonal: isOrthogonal(cell.style),
      })
      b.add(lineDraft(route, cell, label, width))
      continue
    }
    if (from && to) {
      b.connect(from, to, style, 'edge already connected')
      continue
    }
    // An edge with a free end is a drawn line; one attached to something not converted cannot be kept.
    const start = cell.source ? centre(cell.source) : cell.geometry?.sourcePoint
    const end = cell.target ? centre(cell.target) : cell.geometry?.targetPoint
    if (!start || !end) {
      b.skip('edge')
      continue
    }
    b.add(lineDraft([start, ...(cell.geometry?.points ?? []), end], cell, label, width))
  }
  return b.build()
}

function lineDraft(path: Point[], cell: Cell, label: string, width: number): Draft {
  const x = path[0].x,
    y = path[0].y
  const points = path.flatMap((p) => [p.x - x, p.y - y])
  const xs = points.filter((_, i) => i % 2 === 0),
    ys = points.filter((_, i) => i % 2 === 1)
  const end = cell.style.kv.endArrow !== 'none'
  const start = !!cell.style.kv.startArrow && cell.style.kv.startArrow !== 'none'
  return {
    kind: 'line',
    x,
    y,
    z: cell.order,
    points,
    label,
    w: Math.max(1, Math.max(...xs) - Math.min(...xs)),
    h: Math.max(1, Math.max(...ys) - Math.min(...ys)),
    arrow: end && start ? 'both' : end ? 'end' : 'none',
    dash: cell.style.kv.dashed === '1',
    stroke_width: Math.min(40, Math.max(0.5, width)),
    style: { stroke: cell.style.kv.strokeColor },
  }
}
