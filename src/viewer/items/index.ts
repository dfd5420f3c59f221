/**
 * The registry of item renderers (STYLE.md "Item kinds"): one per kind, and a kind without a renderer does not
 * compile. The viewer, the editor and slideshows draw items through it.
 */
import { createElement } from 'react'
import type { ItemKind, MapItem } from '../../shared/maps'
import { host } from './host'
import { resource } from './resource'
import { environment } from './environment'
import { map } from './map'
import { shape } from './shape'
import { text } from './text'
import { image } from './image'
import { line } from './line'
import { rack } from './rack'
import type { ItemProps, ItemRenderer } from './types'

export const itemRenderers = { host, resource, environment, map, shape, text, image, line, rack } satisfies {
  [K in ItemKind]: ItemRenderer<K>
}

/** The renderer of an item, typed loosely enough to call with any item (the one dispatch on `kind`). */
export const rendererOf = (item: MapItem) =>
  itemRenderers[item.kind] as unknown as ItemRenderer<ItemKind> & { outline?: (item: MapItem) => number[] }

/** Draws any item through its kind's renderer: `<ItemNode item={…} theme={…} lod="detail" />`. */
export function ItemNode(props: ItemProps<MapItem>) {
  return createElement(rendererOf(props.item), props as ItemProps<never>)
}

export type { ItemProps, ItemRenderer, LiveState, ItemDecorations, Lod, ImageLookup } from './types'
export { ConnectorLine, connectorEnds, connectorColour, type ConnectorProps } from './connector'
export { decorationBadges } from './parts'
export { shapePath, edgePoint, type ShapePath } from './geometry'
