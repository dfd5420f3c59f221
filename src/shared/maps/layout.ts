/**
 * Automatic layout of maps generated from data (issue 7 "Maps generated from data"): a layered layout for
 * parent/child trees (SPEC §3 Host parents and children) — hosts by depth in rows, ordered to reduce
 * crossings — and a grid otherwise. Re-sync adds new hosts in free space near where the layout wants
 * them and never moves an item that is already on the map, so hand-placed positions are kept.
 */
import { connectionRefusal, type Connector } from './connector'
import { emptyDocument, type MapDocument } from './document'
import { itemKinds, kindOf, type Box } from './items'

/** A host to lay out: its id, its name (the stable order) and its parents' host ids. */
export interface LayoutHost {
  id: number
  name: string
  parents: readonly number[]
}

export interface Point {
  x: number
  y: number
}

/** Room per host: the 48 px host item plus its label and the space between rows. */
export const LAYOUT_CELL = { width: 160, height: 120 } as const
export const LAYOUT_MARGIN = 64
/** A layer wider than this wraps into several rows, so huge environments stay inside the canvas. */
export const MAX_ROW_LENGTH = 40
const HOST_SIZE = itemKinds.host.defaults({ id: 'size', x: 0, y: 0, z: 0 }).w
/** Left/top of a host item centred in its cell. */
const inset = { x: (LAYOUT_CELL.width - HOST_SIZE) / 2, y: (LAYOUT_CELL.height - HOST_SIZE) / 3 }

const byName = (a: LayoutHost, b: LayoutHost) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id)

/** Parent links whose both ends are in the set (a link to a host outside the map is not drawn). */
export function linksOf(hosts: readonly LayoutHost[]): [parent: number, child: number][] {
  const ids = new Set(hosts.map((h) => h.id))
  return hosts.flatMap((h) => h.parents.filter((p) => ids.has(p) && p !== h.id).map((p): [number, number] => [p, h.id]))
}

/** Depth of each host: the longest chain of parents above it (a cycle is cut where it closes). */
function depths(hosts: readonly LayoutHost[]): Map<number, number> {
  const parentsOf = new Map<number, number[]>(hosts.map((h) => [h.id, []]))
  for (const [p, c] of linksOf(hosts)) parentsOf.get(c)!.push(p)
  const depth = new Map<number, number>()
  const onPath = new Set<number>()
  const visit = (id: number): number => {
    const known = depth.get(id)
    if (known !== undefined) return known
    if (onPath.has(id)) return -1
    onPath.add(id)
    let d = 0
    for (const p of parentsOf.get(id)!) d = Math.max(d, visit(p) + 1)
    onPath.delete(id)
    depth.set(id, d)
    return d
  }
  for (const h of [...hosts].sort(byName)) visit(h.id)
  return depth
}

/**
 * Orders each layer by the barycentre of its neighbours in the layer above (down sweeps) and below (up
 * sweeps), the classic Sugiyama heuristic: it removes the crossings of trees and most of those of DAGs.
 */
function orderLayers(layers: number[][], links: [number, number][]) {
  const up = new Map<number, number[]>()
  const down = new Map<number, number[]>()
  for (const [p, c] of links) {
    up.set(c, [...(up.get(c) ?? []), p])
    down.set(p, [...(down.get(p) ?? []), c])
  }
  const index = new Map<number, number>()
  const reindex = (layer: number[]) => layer.forEach((id, i) => index.set(id, i))
  layers.forEach(reindex)
  const sweep = (layer: number[], neighbours: Map<number, number[]>) => {
    const key = new Map(
      layer.map((id, i) => {
        const ns = (neighbours.get(id) ?? []).map((n) => index.get(n)!)
        return [id, ns.length ? ns.reduce((a, b) => a + b, 0) / ns.length : i] as const
      }),
    )
    layer.sort((a, b) => key.get(a)! - key.get(b)! || index.get(a)! - index.get(b)!)
    reindex(layer)
  }
  for (let round = 0; round < 4; round++) {
    for (let d = 1; d < layers.length; d++) sweep(layers[d], up)
    for (let d = layers.length - 2; d >= 0; d--) sweep(layers[d], down)
  }
}

/** Rows of hosts, top to bottom: layers by depth (wrapped past MAX_ROW_LENGTH), or a grid without links. */
function rowsOf(hosts: readonly LayoutHost[]): number[][] {
  const sorted = [...hosts].sort(byName)
  const links = linksOf(sorted)
  if (!links.length) {
    // A grid a little wider than tall, like the screens maps are shown on.
    const columns = Math.max(1, Math.ceil(Math.sqrt((sorted.length * 16) / 9)))
    const rows: number[][] = []
    for (let i = 0; i < sorted.length; i += columns) rows.push(sorted.slice(i, i + columns).map((h) => h.id))
    return rows
  }
  const depth = depths(sorted)
  const layers: number[][] = []
  for (const h of sorted) (layers[depth.get(h.id)!] ??= []).push(h.id)
  const dense = layers.filter((l) => l?.length)
  orderLayers(dense, links)
  return dense.flatMap((layer) => {
    const wrapped: number[][] = []
    for (let i = 0; i < layer.length; i += MAX_ROW_LENGTH) wrapped.push(layer.slice(i, i + MAX_ROW_LENGTH))
    return wrapped
  })
}

/** Top-left position of every host item, each row centred under the widest. */
export function layoutHosts(hosts: readonly LayoutHost[]): Map<number, Point> {
  const rows = rowsOf(hosts)
  const widest = Math.max(0, ...rows.map((r) => r.length))
  const at = new Map<number, Point>()
  rows.forEach((row, r) => {
    const shift = (widest - row.length) / 2
    row.forEach((id, i) =>
      at.set(id, {
        x: Math.round(LAYOUT_MARGIN + (i + shift) * LAYOUT_CELL.width + inset.x),
        y: Math.round(LAYOUT_MARGIN + r * LAYOUT_CELL.height + inset.y),
      }),
    )
  })
  return at
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
/** The space a new host needs free around it: its cell, so labels do not touch. */
const cellAround = (p: Point): Box => ({ x: p.x - inset.x, y: p.y - inset.y, w: LAYOUT_CELL.width, h: LAYOUT_CELL.height })

/** The free cell nearest to `want`, searched in growing rings of cells (never outside the canvas' top/left). */
function freeSpot(want: Point, occupied: Box[]): Point {
  for (let ring = 0; ring < 400; ring++) {
    const spots: Point[] = []
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue
        const p = { x: want.x + dx * LAYOUT_CELL.width, y: want.y + dy * LAYOUT_CELL.height }
        if (p.x - inset.x >= 0 && p.y - inset.y >= 0) spots.push(p)
      }
    }
    spots.sort((a, b) => Math.hypot(a.x - want.x, a.y - want.y) - Math.hypot(b.x - want.x, b.y - want.y))
    const free = spots.find((p) => !occupied.some((o) => overlaps(cellAround(p), o)))
    if (free) return free
  }
  return want
}

/**
 * Where to put hosts that are new on a generated map (re-sync): under their parents as they stand now when
 * they have some on the map, else where the full layout would put them; moved to the nearest free cell.
 * `placed` are the items already on the map, which never move.
 */
export function placeNewHosts(
  hosts: readonly LayoutHost[],
  placed: ReadonlyMap<number, Point>,
  occupied: readonly Box[],
): Map<number, Point> {
  const ideal = layoutHosts(hosts)
  const depth = depths(hosts)
  const taken = [...occupied]
  const at = new Map<number, Point>()
  const fresh = hosts.filter((h) => !placed.has(h.id)).sort((a, b) => depth.get(a.id)! - depth.get(b.id)! || byName(a, b))
  for (const h of fresh) {
    const parents = h.parents.map((p) => placed.get(p) ?? at.get(p)).filter((p): p is Point => p !== undefined)
    const want = parents.length
      ? {
          x: Math.round(parents.reduce((s, p) => s + p.x, 0) / parents.length),
          y: Math.max(...parents.map((p) => p.y)) + LAYOUT_CELL.height,
        }
      : ideal.get(h.id)!
    const spot = freeSpot(want, taken)
    at.set(h.id, spot)
    taken.push(cellAround(spot))
  }
  return at
}

const hostItemId = (hostId: number) => `host-${hostId}`
const linkId = (parent: number, child: number) => `link-${parent}-${child}`

/** The resolution that shows every item with a margin: never smaller than before or full HD, at most the maximum. */
function fitResolution(doc: MapDocument) {
  let width = Math.max(1920, doc.resolution.width)
  let height = Math.max(1080, doc.resolution.height)
  for (const item of Object.values(doc.items)) {
    const b = kindOf(item).bounds(item)
    width = Math.max(width, Math.ceil(b.x + b.w + LAYOUT_MARGIN))
    height = Math.max(height, Math.ceil(b.y + b.h + LAYOUT_MARGIN))
  }
  return { width: Math.min(width, 16384), height: Math.min(height, 16384) }
}

/** Adds host items at the given points and parent→child connectors not yet drawn (SPEC §5 connection rules). */
function addHosts(doc: MapDocument, hosts: readonly LayoutHost[], at: ReadonlyMap<number, Point>) {
  let z = Math.max(0, ...Object.values(doc.items).map((i) => i.z), ...Object.values(doc.connectors).map((c) => c.z))
  for (const h of hosts) {
    const p = at.get(h.id)
    if (!p) continue
    let id = hostItemId(h.id)
    // An item drawn by hand may already use the id: the new one takes the next free suffix.
    for (let n = 2; doc.items[id]; n++) id = `${hostItemId(h.id)}-${n}`
    doc.items[id] = itemKinds.host.defaults({ id, x: p.x, y: p.y, z: ++z, host_id: h.id, name: h.name, label: h.name })
  }
  const itemOfHost = new Map<number, string>()
  for (const item of Object.values(doc.items)) if (item.kind === 'host') itemOfHost.set(item.host_id, item.id)
  const existing: Connector[] = Object.values(doc.connectors)
  for (const [parent, child] of linksOf(hosts)) {
    const from = itemOfHost.get(parent)
    const to = itemOfHost.get(child)
    if (!from || !to || connectionRefusal(existing, from, to)) continue
    const c: Connector = { id: linkId(parent, child), from, to, z: ++z, kind: 'plain', width: 2, dash: false }
    if (doc.connectors[c.id]) continue
    doc.connectors[c.id] = c
    existing.push(c)
  }
  doc.resolution = fitResolution(doc)
}

/** A new generated map: every host laid out, connectors parent→child. */
export function generatedDocument(hosts: readonly LayoutHost[]): MapDocument {
  const doc = emptyDocument()
  addHosts(doc, hosts, layoutHosts(hosts))
  return doc
}

/**
 * Re-sync of a generated map: hosts not yet on it are added in free space with their links; nothing on
 * the map moves or goes away (a person may have placed, restyled or added items by hand). `known` hosts
 * were there at an earlier sync: one missing from the map now was removed by a person and stays away
 * (issue 7: re-sync adds new hosts).
 */
export function syncDocument(
  current: MapDocument,
  hosts: readonly LayoutHost[],
  known: ReadonlySet<number> = new Set(),
): { document: MapDocument; added: number[] } {
  const doc: MapDocument = structuredClone(current)
  const placed = new Map<number, Point>()
  for (const item of Object.values(doc.items)) if (item.kind === 'host') placed.set(item.host_id, { x: item.x, y: item.y })
  const occupied = Object.values(doc.items).map((i) => kindOf(i).bounds(i))
  const at = placeNewHosts(
    hosts.filter((h) => placed.has(h.id) || !known.has(h.id)),
    placed,
    occupied,
  )
  addHosts(doc, hosts, at)
  return { document: doc, added: [...at.keys()] }
}
