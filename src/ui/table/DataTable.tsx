import { getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table'
import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTexts } from '../use-texts'
import { DataRow, type CellLayout, type RowEvents } from './DataRow'
import { isNavigationKey, keepActive, navigateRows, toggled, type RowNavigation } from './row-navigation'
import { ariaSort, nextSort, type SortState } from './sort'
import { useFrozenColumns } from './frozen-columns'
import { useStickyOffsets } from './sticky-columns'
import './table.css'
import type { TableColumn, TableSelection } from './types'

export interface DataTableProps<Row> {
  /** Accessible name of the table. */
  label: string
  rows: readonly Row[]
  /** A stable id per row: React keys and the expanded/active rows follow it, so feed updates do not flicker. */
  getRowId(row: Row): string
  columns: readonly TableColumn<Row>[]
  visibility: VisibilityState
  sort: SortState | null
  onSortChange(sort: SortState | null): void
  renderExpanded?(row: Row): ReactNode
  rowClassName?(row: Row): string | undefined
  selection?: TableSelection<Row>
  onSelectionRejected(message: string): void
  /** Shown in the body when there are no rows. */
  empty: ReactNode
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary'

/** The table of a table panel: server-sorted headers, expandable rows with arrow keys, optional selection. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, getRowId, visibility, sort, onSortChange, renderExpanded, rowClassName, selection, onSelectionRejected, empty } = props
  const t = useTexts()
  // New rows (a page, a background refresh bringing 30 new alerts) and new columns (the screen's clock moving
  // every age) render in the background in slices between frames; the rows shown stay until they are ready
  // (issue 4 "stays responsive" while the feed updates).
  const rows = useDeferredValue(props.rows)
  const columns = useDeferredValue(props.columns)
  const [nav, setNav] = useState<RowNavigation>({ activeId: null, expanded: new Set() })
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>())

  const defs = useMemo<ColumnDef<Row>[]>(() => columns.map((c) => ({ id: c.id, header: c.header })), [columns])
  const table = useReactTable({
    data: rows as Row[],
    columns: defs,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { columnVisibility: visibility },
  })
  const modelRows = table.getRowModel().rows
  const ids = modelRows.map((r) => r.id)
  const activeId = keepActive(nav.activeId, ids)
  const leading = (renderExpanded ? 1 : 0) + (selection ? 1 : 0)
  const visibleIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join('\n')
  // Kept while the columns and their visibility stay, so that unchanged rows skip rendering (DataRow).
  const visible = useMemo(() => {
    const byId = new Map(columns.map((c) => [c.id, c]))
    return visibleIds ? visibleIds.split('\n').map((id) => byId.get(id)!) : []
  }, [columns, visibleIds])
  const span = visible.length + leading
  const firstScrolling = visible.findIndex((c) => !c.sticky)
  // Headers as well as ids: another language sizes the columns anew.
  const tableRef = useFrozenColumns(`${leading}\n${visible.map((c) => `${c.id}:${c.header}`).join('\n')}`, modelRows.length > 0)
  const { headerRef, stickyCell } = useStickyOffsets(leading + (firstScrolling === -1 ? visible.length : firstScrolling))
  const cellProps = (index: number, column?: TableColumn<Row>): CellLayout => {
    const sticky = stickyCell(index, column?.sticky === 'name')
    const className = [column?.className, column?.fills && 'fill-cell', sticky.className].filter(Boolean).join(' ') || undefined
    return { className, style: sticky.style }
  }
  const layout = useMemo(
    () => [...Array.from({ length: leading }, (_, i) => cellProps(i)), ...visible.map((c, i) => cellProps(leading + i, c))],
    // stickyCell changes only with the number of sticky columns (their offsets are CSS variables).
    [stickyCell, visible, leading],
  )

  // The rows' handlers read the latest props and state through this ref, so `events` never changes.
  const latest = useRef({ nav, activeId, ids, selection, renderExpanded, onSelectionRejected })
  latest.current = { nav, activeId, ids, selection, renderExpanded, onSelectionRejected }
  const events = useMemo<RowEvents<Row>>(() => {
    const toggleSelected = (row: Row, id: string) => {
      const { selection, onSelectionRejected } = latest.current
      if (!selection) return
      if (!selection.selected.has(id) && !selection.canSelect(row)) onSelectionRejected(selection.rejectedMessage)
      else selection.onChange(toggled(selection.selected, id))
    }
    return {
      toggleSelected,
      toggleExpanded: (id) => setNav((s) => ({ activeId: id, expanded: toggled(s.expanded, id) })),
      keyDown: (e, id) => {
        const { nav, activeId, ids, renderExpanded } = latest.current
        if (e.target !== e.currentTarget || !isNavigationKey(e.key)) return
        if (!renderExpanded && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) return
        e.preventDefault()
        const next = navigateRows({ ...nav, activeId }, ids, id, e.key)
        setNav(next)
        if (next.activeId) rowRefs.current.get(next.activeId)?.focus()
      },
      click: (e, row, id) => {
        setNav((s) => ({ ...s, activeId: id }))
        if (latest.current.selection && !(e.target as HTMLElement).closest(INTERACTIVE)) toggleSelected(row, id)
      },
      element: (id, el) => {
        if (el) rowRefs.current.set(id, el)
        else rowRefs.current.delete(id)
      },
    }
  }, [])

  return (
    <div className="table-responsive">
      <table ref={tableRef} className="table table-sm table-hover align-middle mb-0 data-table" aria-label={label}>
        <colgroup>
          {Array.from({ length: leading }, (_, i) => (
            <col key={i} />
          ))}
          {visible.map((c) => (
            <col key={c.id} />
          ))}
        </colgroup>
        <thead>
          <tr ref={headerRef}>
            {renderExpanded && (
              <th scope="col" {...layout[0]}>
                <span className="visually-hidden">{t('ui.table.details')}</span>
              </th>
            )}
            {selection && (
              <th scope="col" {...layout[leading - 1]}>
                <span className="visually-hidden">{t('ui.table.select')}</span>
              </th>
            )}
            {table
              .getFlatHeaders()
              .filter((h) => h.column.getIsVisible())
              .map((header, i) => {
                const column = visible[i]
                const direction = ariaSort(sort, column.id)
                return (
                  <th key={header.id} scope="col" aria-sort={column.sortable ? direction : undefined} {...layout[leading + i]}>
                    {column.sortable ? (
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 text-reset text-decoration-none fw-semibold"
                        onClick={() => onSortChange(nextSort(sort, column.id))}
                      >
                        {column.header}
                        <span aria-hidden="true" className="ms-1">
                          {{ ascending: '▲', descending: '▼', none: '⇅' }[direction]}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                )
              })}
          </tr>
        </thead>
        <tbody>
          {modelRows.length === 0 && (
            <tr>
              <td colSpan={span} className="text-center text-body-secondary py-4">
                {empty}
              </td>
            </tr>
          )}
          {modelRows.map((row) => {
            const id = row.id
            const open = renderExpanded !== undefined && nav.expanded.has(id)
            const selected = selection?.selected.has(id) ?? false
            return (
              <DataRow<Row>
                key={id}
                row={row.original}
                id={id}
                columns={visible}
                layout={layout}
                expandable={renderExpanded !== undefined}
                open={open}
                selectable={selection !== undefined}
                selected={selected}
                active={id === activeId}
                className={[rowClassName?.(row.original), selected ? 'table-active' : ''].filter(Boolean).join(' ') || undefined}
                span={span}
                details={open ? renderExpanded!(row.original) : null}
                events={events}
              />
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
