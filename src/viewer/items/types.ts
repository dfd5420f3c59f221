/**
 * What an item renderer is (STYLE.md "Item kinds": `src/viewer/items/<kind>.tsx` draws a kind and its live
 * marker). A renderer is a pure react-konva component of its props: it reads no store and makes no request,
 * so the viewer, the editor, slideshows and exports draw the same thing.
 */
import type { FC } from 'react'
import type { ItemKind, ItemOf, ItemState } from '../../shared/maps'
import type { MapTheme } from '../theme'

/**
 * Level of detail (performance: labels hidden and items simplified when zoomed out). `detail` draws
 * everything; `plain` hides labels and hand-drawn strokes; `blocks` draws each item as a filled box.
 */
export type Lod = 'detail' | 'plain' | 'blocks'

/** SPEC §4 Decorations of a bound item, besides its state. */
export interface ItemDecorations {
  in_maintenance?: boolean
  stale?: boolean
  flapping?: boolean
  acknowledged?: boolean
  ticket?: boolean
}

/** The live state a renderer is given: the roll-up's ItemState plus decorations. */
export interface LiveState extends ItemState, ItemDecorations {
  /** States of parts of an item (a rack's slots, by host id). */
  parts?: Readonly<Record<number, ItemState>>
}

/** Uploaded pictures (image items, backgrounds) are loaded by the caller and handed in, by upload id. */
export type ImageLookup = (imageId: number) => CanvasImageSource | undefined

export interface ItemProps<T> {
  item: T
  /** Absent for unbound kinds and where no live state is shown (the editor's design view). */
  state?: LiveState
  theme: MapTheme
  lod: Lod
  images?: ImageLookup
  /** Hit detection: off where nothing is clicked (Konva performance guidance). Default true. */
  listening?: boolean
  /** The scale labels are judged at (canvas/lod.ts `labelScaleFor`): a label shows when it is readable on screen; absent: always. */
  labelScale?: number
}

/**
 * A kind's renderer: the component plus `outline` — the polyline an item is reduced to in `blocks` LOD when
 * its box would be misleading (a long diagonal line); absent means "its bounding box".
 */
export type ItemRenderer<K extends ItemKind> = FC<ItemProps<ItemOf<K>>> & {
  outline?: (item: ItemOf<K>) => number[]
}
