/**
 * The hand-drawn style (`style.sketch`): roughjs' generator (pure geometry, no DOM) turns a path into sketchy
 * stroke and hatch paths, drawn as plain path operations by every backend. Seeded by the item id so an item
 * looks the same on every redraw and in the export, and memoised because generating is far slower than drawing.
 */
import rough from 'roughjs'
import type { PathInfo } from 'roughjs/bin/core'
import type { Lod, PathOp } from './ops'

const generator = rough.generator()
const cache = new Map<string, PathInfo[]>()
const CACHE_LIMIT = 2000

/** A stable positive seed from an id (roughjs wants a non-zero integer). */
export function seedOf(id: string): number {
  let h = 2166136261
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619)
  return (h >>> 0) % 2_000_000_000 || 1
}

export interface SketchStyle {
  fill?: string
  stroke: string
  strokeWidth: number
}

/** Sketchy paths of an SVG path; `fill` is hachured the rough way. */
function sketchPaths(d: string, seed: number, style: SketchStyle): PathInfo[] {
  const key = `${seed}|${style.fill ?? ''}|${style.stroke}|${style.strokeWidth}|${d}`
  let paths = cache.get(key)
  if (!paths) {
    paths = generator.toPaths(
      generator.path(d, {
        seed,
        stroke: style.stroke,
        strokeWidth: style.strokeWidth,
        roughness: 1.2,
        fill: style.fill,
        fillStyle: 'hachure',
        hachureGap: 6,
        fillWeight: Math.max(0.5, style.strokeWidth / 2),
      }),
    )
    // A bounded memo: evict the oldest entry rather than growing with every edit.
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
    cache.set(key, paths)
  }
  return paths
}

/** A path filled and stroked, or hand-drawn through roughjs when `sketch` is on and the LOD shows detail. */
export function drawnPath(id: string, d: string, paint: SketchStyle & { dash?: boolean }, sketch: boolean | undefined, lod: Lod): PathOp[] {
  if (!sketch || lod !== 'detail')
    return [
      {
        op: 'path',
        d,
        fill: paint.fill,
        stroke: paint.stroke,
        strokeWidth: paint.strokeWidth,
        dash: paint.dash ? DASH : undefined,
        screenStroke: true,
      },
    ]
  return sketchPaths(d, seedOf(id), paint).map((p) => ({
    op: 'path',
    d: p.d,
    stroke: p.stroke === 'none' ? undefined : p.stroke,
    strokeWidth: p.strokeWidth,
    fill: p.fill === 'none' ? undefined : p.fill,
  }))
}

/** The dash of dashed lines and connectors. */
export const DASH: readonly number[] = [8, 5]
