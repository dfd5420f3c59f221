import { useCallback, useLayoutEffect, useRef, useState } from 'react'

/**
 * The `left` offsets of a table's first `count` columns, which table.css keeps in view on a phone while the
 * table scrolls sideways (issue 17): each is the width of the header cells before it, measured again when
 * they resize (data arriving, fonts, a column shown).
 */
export function useStickyOffsets(count: number) {
  const headerRef = useRef<HTMLTableRowElement>(null)
  const [offsets, setOffsets] = useState<readonly number[]>([])
  useLayoutEffect(() => {
    const row = headerRef.current
    if (!row || count === 0) return
    const cells = Array.from(row.cells).slice(0, count)
    const measure = () => {
      let left = 0
      const next = cells.map((cell) => {
        const at = left
        left += cell.getBoundingClientRect().width
        return at
      })
      setOffsets((prev) => (prev.length === next.length && prev.every((v, i) => v === next[i]) ? prev : next))
    }
    measure()
    // Absent in jsdom (unit tests); the first measure then stands.
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    for (const cell of cells) observer.observe(cell)
    return () => observer.disconnect()
  }, [count])
  /** Class and style of the cell at `index` in its row; the same function while the offsets stay (memoised rows). */
  const stickyCell = useCallback(
    (index: number, name = false) =>
      index < count ? { className: `sticky-cell${name ? ' sticky-name' : ''}`, style: { left: offsets[index] ?? 0 } } : {},
    [count, offsets],
  )
  return { headerRef, stickyCell }
}
