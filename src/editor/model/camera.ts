/** Camera maths of the editor canvas: zoom to fit, zoom about a point, screen ↔ map coordinates. */
import type { Box } from '../../shared/maps'
import type { Camera } from './editor'

export const MIN_SCALE = 0.05
export const MAX_SCALE = 8
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s))

/** The camera that shows `box` whole and centred in the viewport, with a margin. */
export function fitCamera(box: Box, viewport: { width: number; height: number }, margin = 32): Camera {
  const scale = clampScale(
    Math.min((viewport.width - 2 * margin) / Math.max(box.w, 1), (viewport.height - 2 * margin) / Math.max(box.h, 1)),
  )
  return { scale, x: viewport.width / 2 - (box.x + box.w / 2) * scale, y: viewport.height / 2 - (box.y + box.h / 2) * scale }
}

/** Zooms by `factor` keeping the map point under `at` (screen coordinates) in place. */
export function zoomAt(camera: Camera, factor: number, at: { x: number; y: number }): Camera {
  const scale = clampScale(camera.scale * factor)
  const mx = (at.x - camera.x) / camera.scale,
    my = (at.y - camera.y) / camera.scale
  return { scale, x: at.x - mx * scale, y: at.y - my * scale }
}

export const toMap = (camera: Camera, p: { x: number; y: number }) => ({
  x: (p.x - camera.x) / camera.scale,
  y: (p.y - camera.y) / camera.scale,
})
