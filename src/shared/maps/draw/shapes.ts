/**
 * Outlines of the drawn shapes (SPEC §2 "shapes", SHAPE_ICONS) as SVG path data in item coordinates
 * (0..w, 0..h). The same path is filled by Konva or handed to roughjs for the hand-drawn style, so a shape
 * looks alike in both styles. `detail` is stroked only (the lines inside an icon).
 */
import type { ShapeIcon } from '../items'

export interface ShapePath {
  body: string
  detail?: string
}

const f = (n: number) => Math.round(n * 100) / 100
const poly = (pts: number[][]) => `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')} Z`
export const rectPath = (w: number, h: number) =>
  poly([
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ])

export function roundedPath(w: number, h: number, r = Math.min(w, h) * 0.15): string {
  return `M${f(r)} 0 H${f(w - r)} Q${f(w)} 0 ${f(w)} ${f(r)} V${f(h - r)} Q${f(w)} ${f(h)} ${f(w - r)} ${f(h)} H${f(r)} Q0 ${f(h)} 0 ${f(h - r)} V${f(r)} Q0 0 ${f(r)} 0 Z`
}

export function ellipsePath(w: number, h: number, x = 0, y = 0): string {
  const rx = w / 2,
    ry = h / 2
  return `M${f(x)} ${f(y + ry)} A${f(rx)} ${f(ry)} 0 1 0 ${f(x + w)} ${f(y + ry)} A${f(rx)} ${f(ry)} 0 1 0 ${f(x)} ${f(y + ry)} Z`
}

/** Evenly spaced horizontal lines inside a box: the bays of a server, storage or rack glyph. */
function bays(w: number, h: number, n: number, inset: number): string {
  return Array.from({ length: n - 1 }, (_, i) => `M${f(inset)} ${f(((i + 1) * h) / n)} H${f(w - inset)}`).join(' ')
}

const SHAPES: Record<ShapeIcon, (w: number, h: number) => ShapePath> = {
  rectangle: (w, h) => ({ body: rectPath(w, h) }),
  rounded: (w, h) => ({ body: roundedPath(w, h) }),
  ellipse: (w, h) => ({ body: ellipsePath(w, h) }),
  diamond: (w, h) => ({
    body: poly([
      [w / 2, 0],
      [w, h / 2],
      [w / 2, h],
      [0, h / 2],
    ]),
  }),
  triangle: (w, h) => ({
    body: poly([
      [w / 2, 0],
      [w, h],
      [0, h],
    ]),
  }),
  hexagon: (w, h) => ({
    body: poly([
      [w * 0.25, 0],
      [w * 0.75, 0],
      [w, h / 2],
      [w * 0.75, h],
      [w * 0.25, h],
      [0, h / 2],
    ]),
  }),
  cloud: (w, h) => ({
    body:
      `M${f(w * 0.25)} ${f(h * 0.85)} C${f(-w * 0.05)} ${f(h * 0.85)} ${f(-w * 0.02)} ${f(h * 0.4)} ${f(w * 0.22)} ${f(h * 0.42)} ` +
      `C${f(w * 0.25)} ${f(h * 0.05)} ${f(w * 0.65)} ${f(h * 0.02)} ${f(w * 0.7)} ${f(h * 0.32)} ` +
      `C${f(w * 1.02)} ${f(h * 0.28)} ${f(w * 1.05)} ${f(h * 0.85)} ${f(w * 0.78)} ${f(h * 0.85)} Z`,
  }),
  cylinder: (w, h) => {
    const ry = Math.min(h * 0.12, w * 0.25)
    return {
      body: `M0 ${f(ry)} A${f(w / 2)} ${f(ry)} 0 0 1 ${f(w)} ${f(ry)} V${f(h - ry)} A${f(w / 2)} ${f(ry)} 0 0 1 0 ${f(h - ry)} Z`,
      detail: `M0 ${f(ry)} A${f(w / 2)} ${f(ry)} 0 0 0 ${f(w)} ${f(ry)}`,
    }
  },
  server: (w, h) => ({ body: roundedPath(w, h, Math.min(w, h) * 0.06), detail: bays(w, h, 4, w * 0.12) }),
  storage: (w, h) => ({
    body: roundedPath(w, h, Math.min(w, h) * 0.06),
    detail:
      bays(w, h, 3, w * 0.08) + ` M${f(w * 0.75)} ${f(h * 0.17)} h1 M${f(w * 0.75)} ${f(h * 0.5)} h1 M${f(w * 0.75)} ${f(h * 0.83)} h1`,
  }),
  router: (w, h) => ({
    body: ellipsePath(w, h),
    detail: `M${f(w * 0.2)} ${f(h / 2)} H${f(w * 0.8)} M${f(w / 2)} ${f(h * 0.2)} V${f(h * 0.8)} M${f(w * 0.68)} ${f(h * 0.4)} L${f(w * 0.8)} ${f(h / 2)} L${f(w * 0.68)} ${f(h * 0.6)}`,
  }),
  switch: (w, h) => ({
    body: roundedPath(w, h, Math.min(w, h) * 0.1),
    detail:
      `M${f(w * 0.2)} ${f(h * 0.35)} H${f(w * 0.8)} M${f(w * 0.7)} ${f(h * 0.25)} L${f(w * 0.8)} ${f(h * 0.35)} L${f(w * 0.7)} ${f(h * 0.45)} ` +
      `M${f(w * 0.8)} ${f(h * 0.65)} H${f(w * 0.2)} M${f(w * 0.3)} ${f(h * 0.55)} L${f(w * 0.2)} ${f(h * 0.65)} L${f(w * 0.3)} ${f(h * 0.75)}`,
  }),
  firewall: (w, h) => ({
    body: rectPath(w, h),
    detail: `${bays(w, h, 3, 0)} M${f(w / 2)} 0 V${f(h / 3)} M${f(w / 4)} ${f(h / 3)} V${f((2 * h) / 3)} M${f((3 * w) / 4)} ${f(h / 3)} V${f((2 * h) / 3)} M${f(w / 2)} ${f((2 * h) / 3)} V${f(h)}`,
  }),
  workstation: (w, h) => ({
    body: roundedPath(w, h * 0.72, Math.min(w, h) * 0.05),
    detail: `M${f(w * 0.5)} ${f(h * 0.72)} V${f(h * 0.9)} M${f(w * 0.25)} ${f(h * 0.95)} H${f(w * 0.75)}`,
  }),
  internet: (w, h) => ({
    body: ellipsePath(w, h),
    detail: `M0 ${f(h / 2)} H${f(w)} ${ellipsePath(w * 0.45, h, w * 0.275, 0)} M${f(w * 0.1)} ${f(h * 0.25)} H${f(w * 0.9)} M${f(w * 0.1)} ${f(h * 0.75)} H${f(w * 0.9)}`,
  }),
}

export const shapePath = (icon: ShapeIcon, w: number, h: number): ShapePath => SHAPES[icon](w, h)

/** Where a connector leaves a box: the point on the box's edge on the way from its centre to `toward`. */
export function edgePoint(box: { x: number; y: number; w: number; h: number }, toward: { x: number; y: number }): { x: number; y: number } {
  const cx = box.x + box.w / 2,
    cy = box.y + box.h / 2
  const dx = toward.x - cx,
    dy = toward.y - cy
  if (dx === 0 && dy === 0) return { x: cx, y: cy }
  const t = Math.min(Math.abs(dx) > 0 ? box.w / 2 / Math.abs(dx) : Infinity, Math.abs(dy) > 0 ? box.h / 2 / Math.abs(dy) : Infinity, 1)
  return { x: cx + dx * t, y: cy + dy * t }
}
