/**
 * Culling and hit tests of the wall and the editor (Konva performance guidance: draw only what is on screen,
 * hit-test only where clicked): an rbush R-tree of the items' world boxes, queried with the visible world
 * rectangle or the clicked point. The tree finds candidates by their axis-aligned boxes; a hit then honours
 * rotation (world-box.ts, which also answers the rubber band).
 */
import RBush from 'rbush'
import { byZ, type MapDocument } from '../document'
import type { Box } from '../items'
import { itemContains, worldBox } from './world-box'

/** `order` is the drawing position (z order, id tie-break), precomputed so a query sorts by a number. */
interface Entry {
  minX: number
  minY: number
  maxX: number
  maxY: number
  id: string
  order: number
}

export interface SpatialIndex {
  /** Ids of the items whose world boxes meet `view`, in drawing order (z ascending): what to draw. */
  items(view: Box): string[]
  /** The world boxes of the items meeting `area`, in no order (obstacles near a connector's way, route.ts). */
  boxesIn(area: Box): Box[]
  /** The topmost item whose turned box holds a world point, among those `accept` allows, or null. */
  itemAt(x: number, y: number, accept?: (id: string) => boolean): string | null
  /** The box around everything on the map (for fit to screen); null for an empty map. */
  extent: Box | null
  /** Each item's world box. */
  boxes: ReadonlyMap<string, Box>
  /** Every item id in drawing order. */
  all: readonly string[]
}

const entry = (b: Box, id: string, order: number): Entry => ({ minX: b.x, minY: b.y, maxX: b.x + b.w, maxY: b.y + b.h, id, order })
const inView = (v: Box) => ({ minX: v.x, minY: v.y, maxX: v.x + v.w, maxY: v.y + v.h })
const sorted = (hits: Entry[]) => hits.sort((a, b) => a.order - b.order).map((e) => e.id)
const covers = (v: Box, e: Box | null) => !e || (v.x <= e.x && v.y <= e.y && v.x + v.w >= e.x + e.w && v.y + v.h >= e.y + e.h)

/** Bulk-loads the index (rbush's load is several times faster than inserting one by one). */
export function buildIndex(doc: MapDocument): SpatialIndex {
  const boxes = new Map<string, Box>()
  const tree = new RBush<Entry>()
  const entries = byZ(doc.items).map((item, i) => {
    const b = worldBox(item)
    boxes.set(item.id, b)
    return entry(b, item.id, i)
  })
  tree.load(entries)
  const all = tree.toJSON() as { minX: number; minY: number; maxX: number; maxY: number }
  const extent = entries.length ? { x: all.minX, y: all.minY, w: all.maxX - all.minX, h: all.maxY - all.minY } : null
  // A view over the whole map (fit to screen, the common NOC case) skips the tree and the sort.
  const allItems = entries.map((e) => e.id)
  return {
    items: (view) => (covers(view, extent) ? allItems : sorted(tree.search(inView(view)))),
    boxesIn: (area) => tree.search(inView(area)).map((e) => boxes.get(e.id)!),
    itemAt: (x, y, accept) => {
      const hits = sorted(tree.search({ minX: x, minY: y, maxX: x, maxY: y }))
      for (let i = hits.length - 1; i >= 0; i--)
        if ((!accept || accept(hits[i])) && itemContains(doc.items[hits[i]], { x, y })) return hits[i]
      return null
    },
    extent,
    boxes,
    all: allItems,
  }
}
