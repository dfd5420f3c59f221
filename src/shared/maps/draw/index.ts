/**
 * How a map looks (issue 18 "One picture everywhere"): one drawing per item kind, as primitive operations
 * (ops.ts) from (item, live state, theme, LOD), painted by the Konva backend (src/viewer/items: the wall,
 * slideshows, the editor) and the SVG backend (../export-svg.ts: SVG and PNG export, dashboard thumbnails).
 * A kind without a drawing does not compile (STYLE.md "One kind, one file, one registry line").
 */
import { bindingsOf } from '../document'
import type { ItemKind, ItemOf, MapItem } from '../items'
import { environment, host, map, resource } from './bound'
import { image } from './image'
import { line } from './line'
import type { DrawContext, DrawOp, LiveState } from './ops'
import { rack } from './rack'
import { shape } from './shape'
import { text } from './text'

/** An item kind's drawing: its ops in item coordinates, and optionally the polyline it is reduced to in blocks LOD. */
export interface ItemDrawing<K extends ItemKind> {
  ops(item: ItemOf<K>, state: LiveState | undefined, ctx: DrawContext): DrawOp[]
  /** In map coordinates; absent means "its bounding box". */
  outline?: (item: ItemOf<K>) => number[]
}

export const itemDrawings = { host, resource, environment, map, shape, text, image, line, rack } satisfies {
  [K in ItemKind]: ItemDrawing<K>
}

const drawingOf = (item: MapItem) => itemDrawings[item.kind] as unknown as ItemDrawing<ItemKind>

/** An item's drawing in its own coordinates: placed at (item.x, item.y) and turned by item.rotation about that corner. */
export const drawItem = (item: MapItem, state: LiveState | undefined, ctx: DrawContext): DrawOp[] =>
  drawingOf(item).ops(item as never, state, ctx)

/** The polyline an item is reduced to when zoomed out, in map coordinates; undefined: its box. */
export const outlineOf = (item: MapItem): number[] | undefined => drawingOf(item).outline?.(item as never)

/**
 * Items that show a live state are painted above the connectors, the others below (the wall's layers: static
 * items, connectors, live items); each in z order.
 */
export const isLive = (item: MapItem) => bindingsOf(item).length > 0

export * from './ops'
export * from './palette'
export { connectorColour, connectorLabel, connectorOps, CONNECTOR_LABEL } from './connector'
export { decorationBadges } from './parts'
export { DASH } from './sketch'
export { shapePath, edgePoint, type ShapePath } from './shapes'
export { textLines, type MeasureText } from './wrap'
