/**
 * What an item is drawn from on the wall and in the editor (STYLE.md "Rendering": a pure function of item and
 * theme; it reads no store and makes no request). The drawing itself is shared with the export
 * (src/shared/maps/draw).
 */
import type { LiveState, Lod, MapTheme } from '../../shared/maps/draw'

export type { Lod, LiveState, ItemDecorations } from '../../shared/maps/draw'

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
  /** The scale labels are judged at (shared/maps/view/lod.ts `labelScaleFor`): a label shows when it is readable on screen; absent: always. */
  labelScale?: number
}
