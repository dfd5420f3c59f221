/**
 * Splits the drawing order into chunks that keep their identity while their members do not change, so that
 * each chunk can be cached as one bitmap and an edit re-caches only the chunk it touches (STYLE.md
 * "Rendering": static items cached, redrawn only when the document changes). Chunks follow z-order, so
 * caching never changes what is drawn on top of what.
 */
import { useRef } from 'react'

export function chunk<T>(
  list: readonly T[],
  size: number,
  previous: readonly (readonly T[])[],
  same: (a: T, b: T) => boolean,
): (readonly T[])[] {
  const out: (readonly T[])[] = []
  for (let i = 0, n = 0; i < list.length; i += size, n++) {
    const part = list.slice(i, i + size)
    const old = previous[n]
    out.push(old && old.length === part.length && old.every((x, k) => same(x, part[k])) ? old : part)
  }
  return out
}

/** `chunk` that remembers the previous result between renders. */
export function useStableChunks<T>(list: readonly T[], size: number, same: (a: T, b: T) => boolean): (readonly T[])[] {
  const previous = useRef<(readonly T[])[]>([])
  previous.current = chunk(list, size, previous.current, same)
  return previous.current
}
