import { useCallback, useLayoutEffect, useRef } from 'react'

const offsetVar = (index: number) => `--sticky-left-${index}`

/**
 * The `left` offsets of a table's first `count` columns, which table.css keeps in view on a phone while the
 * table scrolls sideways (issue 17): each is the width of the header cells before it, measured again when
 * they resize (data arriving, fonts, a column shown). They are CSS variables on the table, set without a
 * React render: a live update that changes a state badge's width does not re-render every row (issue 4).
 */
export function useStickyOffsets(count: number) {
  const headerRef = useRef<HTMLTableRowElement>(null)
  useLayoutEffect(() => {
    const row = headerRef.current
    const table = row?.closest('table')
    if (!row || !table || count === 0) return
    const cells = Array.from(row.cells).slice(0, count)
    // All widths are read before any offset is written, and an unchanged offset is not written again: a write
    // between reads would force a layout per column on every live update.
    const measure = () => {
      const widths = cells.map((cell) => cell.getBoundingClientRect().width)
      let left = 0
      widths.forEach((width, i) => {
        const value = `${left}px`
        if (table.style.getPropertyValue(offsetVar(i)) !== value) table.style.setProperty(offsetVar(i), value)
        left += width
      })
    }
    measure()
    // Absent in jsdom (unit tests); the first measure then stands.
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    for (const cell of cells) observer.observe(cell)
    return () => observer.disconnect()
  }, [count])
  /** Class and style of the cell at `index` in its row; the same for the table's life with `count`. */
  const stickyCell = useCallback(
    (index: number, name = false) =>
      index < count ? { className: `sticky-cell${name ? ' sticky-name' : ''}`, style: { left: `var(${offsetVar(index)}, 0px)` } } : {},
    [count],
  )
  return { headerRef, stickyCell }
}
