/**
 * The one camera of the wall and the editor (issue 18): world ↔ screen, fit to screen (fullscreen NOC walls at
 * any resolution, 4K or portrait) and zoom about a point, with one zoom floor and ceiling for both.
 */
import type { Box } from '../items'

/** Screen = world × scale + (x, y). */
export interface Camera {
  x: number
  y: number
  scale: number
}

/** The zoom floor: low enough to fit a 10 000-item map on a wall. */
export const MIN_SCALE = 0.02
export const MAX_SCALE = 8
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s))

/** Shows all of `content` centred in a `width` × `height` viewport with `margin` screen pixels around it. */
export function fitCamera(content: Box, width: number, height: number, margin = 16): Camera {
  const w = Math.max(1, width - 2 * margin),
    h = Math.max(1, height - 2 * margin)
  const scale = clampScale(Math.min(w / Math.max(1, content.w), h / Math.max(1, content.h)))
  return { scale, x: width / 2 - (content.x + content.w / 2) * scale, y: height / 2 - (content.y + content.h / 2) * scale }
}

/** What the map shows: the resolution's canvas and everything placed outside it. */
export function contentBox(resolution: { width: number; height: number }, extent: Box | null): Box {
  const r = { x: 0, y: 0, w: resolution.width, h: resolution.height }
  if (!extent) return r
  const x = Math.min(r.x, extent.x),
    y = Math.min(r.y, extent.y)
  return { x, y, w: Math.max(r.x + r.w, extent.x + extent.w) - x, h: Math.max(r.y + r.h, extent.y + extent.h) - y }
}

/** The world rectangle a viewport shows. */
export const visibleWorld = (c: Camera, width: number, height: number): Box => ({
  x: -c.x / c.scale,
  y: -c.y / c.scale,
  w: width / c.scale,
  h: height / c.scale,
})

export const toWorld = (c: Camera, sx: number, sy: number) => ({ x: (sx - c.x) / c.scale, y: (sy - c.y) / c.scale })
export const toScreen = (c: Camera, wx: number, wy: number) => ({ x: wx * c.scale + c.x, y: wy * c.scale + c.y })

/** Zooms by `factor` keeping the world point under (sx, sy) in place. */
export function zoomAt(c: Camera, sx: number, sy: number, factor: number): Camera {
  const scale = clampScale(c.scale * factor)
  const p = toWorld(c, sx, sy)
  return { scale, x: sx - p.x * scale, y: sy - p.y * scale }
}

/** A view grown by `ratio` of its size on every side: culling with overscan re-culls less often while panning. */
export const grow = (b: Box, ratio: number): Box => ({
  x: b.x - b.w * ratio,
  y: b.y - b.h * ratio,
  w: b.w * (1 + 2 * ratio),
  h: b.h * (1 + 2 * ratio),
})
export const contains = (outer: Box, inner: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h
