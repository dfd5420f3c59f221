/**
 * The hand-drawn style (`style.sketch`): roughjs' generator turns a path into sketchy stroke and hatch paths,
 * which Konva draws as plain Path nodes. Seeded by the item id so an item looks the same on every redraw,
 * and memoised because generating is far slower than drawing.
 */
import rough from 'roughjs'
import type { PathInfo } from 'roughjs/bin/core'

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
export function sketchPaths(d: string, seed: number, style: SketchStyle): PathInfo[] {
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
