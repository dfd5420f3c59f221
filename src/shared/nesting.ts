/**
 * A bound on how deep input may nest. Validators recurse (zod's lazy schemas, the filter translation), so
 * input nested hundreds of levels deep would overflow the stack and answer 500 instead of a SPEC §8 400.
 * The check itself walks with its own stack and stops as soon as the bound is passed.
 */
export const MAX_JSON_DEPTH = 64

/** Nesting depth of a parsed JSON value (a scalar 0, `[]` or `{}` 1), or `limit + 1` as soon as it is deeper. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth + 1 > limit) return limit + 1
    deepest = Math.max(deepest, depth + 1)
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1])
  }
  return deepest
}
