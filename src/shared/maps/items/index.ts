/** The registry of map item kinds (STYLE.md "One kind, one file, one registry line"). */
import { z } from 'zod'
import type { ItemKindDef } from './base'
import { host, HostItem } from './host'
import { resource, ResourceItem } from './resource'
import { environment, EnvironmentItem } from './environment'
import { map, MapLinkItem } from './map'
import { shape, ShapeItem } from './shape'
import { text, TextItem } from './text'
import { image, ImageItem } from './image'
import { line, LineItem } from './line'
import { rack, RackItem } from './rack'

export const ITEM_KINDS = ['host', 'resource', 'environment', 'map', 'shape', 'text', 'image', 'line', 'rack'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

export const MapItem = z.discriminatedUnion('kind', [
  HostItem,
  ResourceItem,
  EnvironmentItem,
  MapLinkItem,
  ShapeItem,
  TextItem,
  ImageItem,
  LineItem,
  RackItem,
])
export type MapItem = z.infer<typeof MapItem>
export type ItemOf<K extends ItemKind> = Extract<MapItem, { kind: K }>

export const itemKinds = { host, resource, environment, map, shape, text, image, line, rack } satisfies {
  [K in ItemKind]: ItemKindDef<K, ItemOf<K>>
}

/** The kind definition of an item, typed loosely enough to call with any item (the one dispatch on `kind`). */
export const kindOf = (item: MapItem) => itemKinds[item.kind] as unknown as ItemKindDef<ItemKind, MapItem>

/** Kinds bound to a monitored object: they show a live state. */
export const BOUND_KINDS = ['host', 'resource', 'environment', 'map'] as const satisfies readonly ItemKind[]

export * from './base'
export { StateIcon } from './host'
export { SHAPE_ICONS, ShapeIcon } from './shape'
export { RackSlot } from './rack'
export type { HostItem } from './host'
export type { ResourceItem } from './resource'
export type { EnvironmentItem } from './environment'
export type { MapLinkItem } from './map'
export type { ShapeItem } from './shape'
export type { TextItem } from './text'
export type { ImageItem } from './image'
export type { LineItem } from './line'
export type { RackItem } from './rack'
