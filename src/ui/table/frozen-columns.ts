import { useLayoutEffect, useRef } from 'react'
import { PHONE_QUERY } from './sticky-columns'

/**
 * Sizes a table's columns to their content once, then freezes them (issue 17: the alerts page under a live feed).
 * The browser lays the table out by content when it first shows rows, when its columns change (shown, hidden,
 * another language) or when its box changes width; the widths read from the header cells go to the `<col>`
 * elements and the table switches to a fixed layout (table.css `data-layout="fixed"`). After that a background
 * refresh bringing 30 new rows, or a new check output, lays out only the rows it changed: no column moves under
 * the person's eyes and the whole table is not measured again. New content wider than its column wraps inside
 * it, as AG Grid's and Grafana's tables keep their widths while data updates. Phones keep the content-sized
 * layout, whose first columns stay in view (sticky-columns.ts).
 */
export function useFrozenColumns(columnsKey: string, hasRows: boolean) {
  const tableRef = useRef<HTMLTableElement>(null)
  useLayoutEffect(() => {
    const table = tableRef.current
    const box = table?.parentElement
    // Absent in jsdom (unit tests): the table keeps the content-sized layout.
    if (!table || !box || typeof window.matchMedia !== 'function' || typeof ResizeObserver === 'undefined') return
    const phone = window.matchMedia(PHONE_QUERY)
    let boxWidth = box.clientWidth
    const freeze = () => {
      // The widths kept before would count as the columns' own in a content-sized layout: gone first.
      const cols = table.querySelectorAll<HTMLTableColElement>(':scope > colgroup > col')
      for (const col of cols) col.style.removeProperty('width')
      delete table.dataset.layout
      const header = table.tHead?.rows[0]
      // A hidden table (a closed panel) has no widths to keep; it is measured when its box opens.
      if (!hasRows || phone.matches || box.clientWidth === 0 || !header || header.cells.length !== cols.length) return
      // All widths are read in one content-sized layout before any is written.
      const widths = Array.from(header.cells, (cell) => cell.getBoundingClientRect().width)
      widths.forEach((width, i) => (cols[i].style.width = `${width}px`))
      table.dataset.layout = 'fixed'
    }
    freeze()
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === boxWidth) return
      boxWidth = box.clientWidth
      freeze()
    })
    observer.observe(box)
    phone.addEventListener('change', freeze)
    return () => {
      observer.disconnect()
      phone.removeEventListener('change', freeze)
    }
  }, [columnsKey, hasRows])
  return tableRef
}
