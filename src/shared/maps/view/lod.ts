/**
 * Level of detail of the wall and the editor (Konva performance guidance: simplify what is too small to read).
 * Decided from the zoom and from how many items are on screen: past DETAIL_LIMIT visible items, per-item nodes
 * cost more than a frame, so the map is drawn as blocks whatever the zoom. Labels are decided apart, by their
 * size on screen (issue 18): a 40 px label on a 3840×2160 map fitted to a wall is readable, a 12 px one is not
 * (draw/ops.ts `labelVisible`: font size × scale ≥ MIN_LABEL_PX), and pinned labels show at any zoom.
 */
import type { Lod } from '../draw/ops'

/** Below this scale decorations and hand-drawn strokes are too small to see (12 px text under ~7 px). */
export const DETAIL_SCALE = 0.6
/** Below this scale icons are a few pixels: items become blocks. */
export const BLOCK_SCALE = 0.3
/** Most items drawn as Konva nodes at once; more are drawn in batches. */
export const DETAIL_LIMIT = 1500
/** Label scales are stepped (quarter octaves), so zooming redraws the items only when a step is crossed. */
const STEPS_PER_OCTAVE = 4

export function lodFor(scale: number, visibleItems: number): Lod {
  if (scale < BLOCK_SCALE || visibleItems > DETAIL_LIMIT) return 'blocks'
  return scale < DETAIL_SCALE ? 'plain' : 'detail'
}

/** The scale labels are judged at: the camera's, stepped; Infinity when labels are pinned on (a wall's or the map's choice). */
export const labelScaleFor = (scale: number, pinned: boolean) =>
  pinned ? Infinity : 2 ** (Math.floor(Math.log2(scale) * STEPS_PER_OCTAVE) / STEPS_PER_OCTAVE)
