/**
 * Level of detail (Konva performance guidance: simplify what is too small to read). Decided from the zoom
 * and from how many items are on screen: past DETAIL_LIMIT visible items, per-item nodes cost more than a
 * frame, so the map is drawn as batched blocks whatever the zoom.
 */
import type { Lod } from '../items/types'

/** Below this scale labels are unreadable (12 px text under ~7 px). */
export const LABEL_SCALE = 0.6
/** Below this scale icons are a few pixels: items become blocks. */
export const BLOCK_SCALE = 0.3
/** Most items drawn as Konva nodes at once; more are drawn in batches. */
export const DETAIL_LIMIT = 1500

export function lodFor(scale: number, visibleItems: number): Lod {
  if (scale < BLOCK_SCALE || visibleItems > DETAIL_LIMIT) return 'blocks'
  return scale < LABEL_SCALE ? 'plain' : 'detail'
}
