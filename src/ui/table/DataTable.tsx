import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table'
import { Fragment, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isNavigationKey, keepActive, navigateRows, toggled, type RowNavigation } from './row-navigation'
import { ariaSort, nextSort, type SortState } from './sort'
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
  const {
    label,
    rows,
    getRowId,
    columns,
    visibility,
    sort,
    onSortChange,
    renderExpanded,
    rowClassName,
    selection,
    onSelectionRejected,
    empty,
  } = props
  const { t } = useTranslation()
  const [nav, setNav] = useState<RowNavigation>({ activeId: null, expanded: new Set() })
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>())

  const defs = useMemo<ColumnDef<Row>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.header, cell: ({ row }) => c.cell(row.original) })),
    [columns],
  )
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
  const byId = new Map(columns.map((c) => [c.id, c]))
  const leading = (renderExpanded ? 1 : 0) + (selection ? 1 : 0)
  const visible = table.getVisibleLeafColumns().map((c) => byId.get(c.id)!)
  const span = visible.length + leading
  const firstScrolling = visible.findIndex((c) => !c.sticky)
  const { headerRef, stickyCell } = useStickyOffsets(leading + (firstScrolling === -1 ? visible.length : firstScrolling))
  const cellProps = (index: number, column?: TableColumn<Row>) => {
    const sticky = stickyCell(index, column?.sticky === 'name')
    const className = [column?.className, sticky.className].filter(Boolean).join(' ') || undefined
    return { className, style: sticky.style }
  }

  const toggleExpanded = (id: string) => setNav((s) => ({ activeId: id, expanded: toggled(s.expanded, id) }))

  const toggleSelected = (row: Row, id: string) => {
    if (!selection) return
    if (!selection.selected.has(id) && !selection.canSelect(row)) onSelectionRejected(selection.rejectedMessage)
    else selection.onChange(toggled(selection.selected, id))
  }

  const onRowKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (e.target !== e.currentTarget || !isNavigationKey(e.key)) return
    if (!renderExpanded && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) return
    e.preventDefault()
    const next = navigateRows({ ...nav, activeId }, ids, id, e.key)
    setNav(next)
    if (next.activeId) rowRefs.current.get(next.activeId)?.focus()
  }

  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, row: Row, id: string) => {
    setNav((s) => ({ ...s, activeId: id }))
    if (selection && !(e.target as HTMLElement).closest(INTERACTIVE)) toggleSelected(row, id)
  }

  return (
    <div className="table-responsive">
      <table className="table table-sm table-hover align-middle mb-0 data-table" aria-label={label}>
        <thead>
          <tr ref={headerRef}>
            {renderExpanded && (
              <th scope="col" {...cellProps(0)}>
                <span className="visually-hidden">{t('ui.table.details')}</span>
              </th>
            )}
            {selection && (
              <th scope="col" {...cellProps(leading - 1)}>
                <span className="visually-hidden">{t('ui.table.select')}</span>
              </th>
            )}
            {table
              .getFlatHeaders()
              .filter((h) => h.column.getIsVisible())
              .map((header, i) => {
                const column = byId.get(header.column.id)!
                const direction = ariaSort(sort, column.id)
                return (
                  <th key={header.id} scope="col" aria-sort={column.sortable ? direction : undefined} {...cellProps(leading + i, column)}>
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
            const detailsId = `row-details-${id}`
            return (
              <Fragment key={id}>
                <tr
                  ref={(el) => {
                    if (el) rowRefs.current.set(id, el)
                    else rowRefs.current.delete(id)
                  }}
                  tabIndex={id === activeId ? 0 : -1}
                  className={[rowClassName?.(row.original), selected ? 'table-active' : ''].filter(Boolean).join(' ') || undefined}
                  onKeyDown={(e) => onRowKeyDown(e, id)}
                  onClick={(e) => onRowClick(e, row.original, id)}
                >
                  {renderExpanded && (
                    <td {...cellProps(0)}>
                      <button
                        type="button"
                        className="btn btn-sm btn-link p-0"
                        aria-expanded={open}
                        aria-controls={open ? detailsId : undefined}
                        aria-label={t(open ? 'ui.table.collapseRow' : 'ui.table.expandRow')}
                        onClick={() => toggleExpanded(id)}
                      >
                        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
                      </button>
                    </td>
                  )}
                  {selection && (
                    <td {...cellProps(leading - 1)}>
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={t('ui.table.selectRow')}
                        checked={selected}
                        onChange={() => toggleSelected(row.original, id)}
                      />
                    </td>
                  )}
                  {row.getVisibleCells().map((cell, i) => (
                    <td key={cell.id} {...cellProps(leading + i, byId.get(cell.column.id))}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
                {open && (
                  <tr id={detailsId} className="table-light">
                    <td colSpan={span}>{renderExpanded!(row.original)}</td>
                  </tr>
                )}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
