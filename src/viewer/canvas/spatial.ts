/**
 * Culling and hit tests (Konva performance guidance: draw only what is on screen, hit-test only where
 * clicked): an rbush R-tree of item boxes, queried with the visible world rectangle or the clicked point.
 * (Connectors are culled by the batch drawing itself: they are one typed array walked per frame.)
 */
import RBush from 'rbush'
import { byZ, kindOf, type Box, type MapDocument, type MapItem } from '../../shared/maps'

/** `order` is the drawing position (z order, id tie-break), precomputed so a query sorts by a number. */
export interface Entry {
  minX: number
  minY: number
  maxX: number
  maxY: number
  id: string
  order: number
}

/** The axis-aligned box of an item, rotated about its top-left corner as Konva rotates it. */
export function worldBox(item: MapItem): Box {
  const b = kindOf(item).bounds(item)
  if (!item.rotation) return b
  const rad = (item.rotation * Math.PI) / 180,
    cos = Math.cos(rad),
    sin = Math.sin(rad)
  const xs: number[] = [],
    ys: number[] = []
  for (const [px, py] of [
    [b.x, b.y],
    [b.x + b.w, b.y],
    [b.x, b.y + b.h],
    [b.x + b.w, b.y + b.h],
  ]) {
    const dx = px - item.x,
      dy = py - item.y
    xs.push(item.x + dx * cos - dy * sin)
    ys.push(item.y + dx * sin + dy * cos)
  }
  const x = Math.min(...xs),
    y = Math.min(...ys)
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y }
}

const entry = (b: Box, id: string, order: number): Entry => ({ minX: b.x, minY: b.y, maxX: b.x + b.w, maxY: b.y + b.h, id, order })

export interface SpatialIndex {
  /** Ids of the items whose boxes meet `view`, in drawing order (z ascending). */
  items(view: Box): string[]
  /** The topmost item under a world point among those `accept` allows, or null. */
  itemAt(x: number, y: number, accept?: (id: string) => boolean): string | null
  /** The box around everything on the map (for fit to screen); null for an empty map. */
  extent: Box | null
  boxes: ReadonlyMap<string, Box>
  /** Every item id in drawing order. */
  all: readonly string[]
}

const inView = (v: Box) => ({ minX: v.x, minY: v.y, maxX: v.x + v.w, maxY: v.y + v.h })
const sorted = (hits: Entry[]) => hits.sort((a, b) => a.order - b.order).map((e) => e.id)
const covers = (v: Box, e: Box | null) => !e || (v.x <= e.x && v.y <= e.y && v.x + v.w >= e.x + e.w && v.y + v.h >= e.y + e.h)

/** Bulk-loads the index (rbush's load is several times faster than inserting one by one). */
export function buildIndex(doc: MapDocument): SpatialIndex {
  const boxes = new Map<string, Box>()
  const itemTree = new RBush<Entry>()
  const itemEntries = byZ(doc.items).map((item, i) => {
    const b = worldBox(item)
    boxes.set(item.id, b)
    return entry(b, item.id, i)
  })
  itemTree.load(itemEntries)
  const all = itemTree.toJSON() as { minX: number; minY: number; maxX: number; maxY: number }
  const extent = itemEntries.length ? { x: all.minX, y: all.minY, w: all.maxX - all.minX, h: all.maxY - all.minY } : null
  // A view over the whole map (fit to screen, the common NOC case) skips the tree and the sort.
  const allItems = itemEntries.map((e) => e.id)
  return {
    items: (view) => (covers(view, extent) ? allItems : sorted(itemTree.search(inView(view)))),
    itemAt: (x, y, accept) => {
      const hits = sorted(itemTree.search({ minX: x, minY: y, maxX: x, maxY: y })).filter((id) => !accept || accept(id))
      return hits.length ? hits[hits.length - 1] : null
    },
    extent,
    boxes,
    all: allItems,
  }
}
