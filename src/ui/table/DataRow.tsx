import { memo, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useTexts } from '../use-texts'
import type { TableColumn } from './types'

/** Class and style of one cell position (sticky columns: table.css and useStickyOffsets). */
export interface CellLayout {
  className?: string
  style?: CSSProperties
}

/** What a row reports to its table; one object for the table's life, so that rows stay memoised. */
export interface RowEvents<Row> {
  keyDown(e: KeyboardEvent<HTMLTableRowElement>, id: string): void
  click(e: MouseEvent<HTMLTableRowElement>, row: Row, id: string): void
  toggleExpanded(id: string): void
  toggleSelected(row: Row, id: string): void
  element(id: string, el: HTMLTableRowElement | null): void
}

export interface DataRowProps<Row> {
  row: Row
  id: string
  /** The visible columns, in order. */
  columns: readonly TableColumn<Row>[]
  /** Per cell position: the expand and select cells first, then one per visible column. */
  layout: readonly CellLayout[]
  expandable: boolean
  open: boolean
  selectable: boolean
  selected: boolean
  active: boolean
  className: string | undefined
  span: number
  /** The expanded row's content, rendered by the table only while open. */
  details: ReactNode
  events: RowEvents<Row>
}

/**
 * One row of a DataTable. Memoised on its props: a feed delta that changes one row (a new row object, the
 * others kept by the cache) re-renders that row alone, not every cell of the page (issue 4 "stays responsive").
 */
function DataRowOf<Row>(props: DataRowProps<Row>) {
  const { row, id, columns, layout, expandable, open, selectable, selected, active, className, span, details, events } = props
  const t = useTexts()
  const detailsId = `row-details-${id}`
  const leading = (expandable ? 1 : 0) + (selectable ? 1 : 0)
  return (
    <>
      <tr
        ref={(el) => events.element(id, el)}
        tabIndex={active ? 0 : -1}
        className={className}
        onKeyDown={(e) => events.keyDown(e, id)}
        onClick={(e) => events.click(e, row, id)}
      >
        {expandable && (
          <td {...layout[0]}>
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={t(open ? 'ui.table.collapseRow' : 'ui.table.expandRow')}
              onClick={() => events.toggleExpanded(id)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          </td>
        )}
        {selectable && (
          <td {...layout[leading - 1]}>
            <input
              type="checkbox"
              className="form-check-input"
              aria-label={t('ui.table.selectRow')}
              checked={selected}
              onChange={() => events.toggleSelected(row, id)}
            />
          </td>
        )}
        {columns.map((column, i) => (
          <td key={column.id} {...layout[leading + i]}>
            {column.fills ? <div className="fill-text">{column.cell(row)}</div> : column.cell(row)}
          </td>
        ))}
      </tr>
      {open && (
        <tr id={detailsId} className="table-light">
          <td colSpan={span}>{details}</td>
        </tr>
      )}
    </>
  )
}

export const DataRow = memo(DataRowOf) as typeof DataRowOf
