import { useCallback, useLayoutEffect, useRef } from 'react'
import { MOBILE_WIDTH_PX } from '../../shared/constants'

const offsetVar = (index: number) => `--sticky-left-${index}`
/** Where table.css makes the columns sticky (SPEC §9 "Mobile threshold width 480 px"). */
export const PHONE_QUERY = `(max-width: ${MOBILE_WIDTH_PX}px)`

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
    // Only where the columns are sticky: elsewhere a live update that resizes a column would restyle and lay out
    // the whole table once more for offsets nothing uses (issue 4). Absent in jsdom (unit tests): measured once.
    const phone = typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null
    let observer: ResizeObserver | null = null
    const follow = () => {
      if (phone && !phone.matches) {
        observer?.disconnect()
        observer = null
        return
      }
      measure()
      if (observer || typeof ResizeObserver === 'undefined') return
      observer = new ResizeObserver(measure)
      for (const cell of cells) observer.observe(cell)
    }
    follow()
    phone?.addEventListener('change', follow)
    return () => {
      phone?.removeEventListener('change', follow)
      observer?.disconnect()
    }
  }, [count])
  /** Class and style of the cell at `index` in its row; the same for the table's life with `count`. */
  const stickyCell = useCallback(
    (index: number, name = false) =>
      index < count ? { className: `sticky-cell${name ? ' sticky-name' : ''}`, style: { left: `var(${offsetVar(index)}, 0px)` } } : {},
    [count],
  )
  return { headerRef, stickyCell }
}
