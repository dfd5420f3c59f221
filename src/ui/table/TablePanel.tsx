import { useId, useMemo, useState, type ReactNode } from 'react'
import { useTexts } from '../use-texts'
import { ChipList, type Chip } from '../ChipList'
import { ColumnMenu } from './ColumnMenu'
import { CsvButton } from './CsvButton'
import { DataTable } from './DataTable'
import { emptyMessageKey, type EmptyKind } from './empty'
import { PageSizeSelect } from './PageSizeSelect'
import { Pagination } from './Pagination'
import { lastPage } from './pagination'
import type { SortState } from './sort'
import type { TableColumn, TableSelection } from './types'

/**
 * SPEC §2 "Generic table panel". Controlled: the screen keeps page, page size and sort (in the hash route,
 * see table-path.ts and sort.ts `toOrderParam`) and fetches the page from the server, so the panel only
 * shows `rows` and reports what the person asked for.
 */
export interface TablePanelProps<Row> {
  /** Translated title; also the table's accessible name. */
  title: string
  rows: readonly Row[]
  /** Stable id per row (e.g. `String(host.id)`): rows update in place and keep their expanded state. */
  getRowId(row: Row): string
  columns: readonly TableColumn<Row>[]
  /** SPEC §7 `totalresults`: the count in the title and the last page. */
  total: number
  /** 1-based page shown. */
  page: number
  /** From the `page_size` preference by default (SPEC §3), one of SPEC §9 10, 25, 50, 100, 250. */
  pageSize: number
  onPageChange(page: number): void
  onPageSizeChange(pageSize: number): void
  sort: SortState | null
  onSortChange(sort: SortState | null): void
  /** A fetch is running: a spinner shows and the rows stay (no flicker). */
  loading?: boolean
  /** Which SPEC §2 empty message to show. */
  emptyKind?: EmptyKind
  /** SPEC §2 "filter indicator"; also picks the filter variant of the empty message. */
  filterActive?: boolean
  /** Makes the filter indicator a button, e.g. to open the filter panel. */
  onFilterIndicatorClick?(): void
  /** SPEC §2 "State-count totals"; with `onStateTotalToggle` they are quick-filter buttons. */
  stateTotals?: readonly Chip[]
  onStateTotalToggle?(key: string): void
  /** SPEC §2 expanded row; without it rows do not expand. */
  renderExpanded?(row: Row): ReactNode
  /** Classes of a row, e.g. `decoratedRowClass` to grey stale rows (SPEC §4). */
  rowClassName?(row: Row): string | undefined
  /** SPEC §2 "CSV download" of every row of the current filter; the button shows only with it. */
  fetchAllRows?(): Promise<readonly Row[]>
  /** File name base of the CSV, the title by default. */
  csvName?: string
  /** SPEC §4 multi-select mode; absent when the mode is off. */
  selection?: TableSelection<Row>
  /** Screen buttons in the header (filter toggle, multi-select toggle, group-by, …). */
  toolbar?: ReactNode
  /** Uncontrolled collapse (SPEC §2 "Collapsible"); start collapsed with `defaultCollapsed`. */
  defaultCollapsed?: boolean
}

export function TablePanel<Row>(props: TablePanelProps<Row>) {
  const { title, columns, total, page, pageSize, selection } = props
  const t = useTexts()
  const [collapsed, setCollapsed] = useState(props.defaultCollapsed ?? false)
  const [visibility, setVisibility] = useState<Record<string, boolean>>(() => Object.fromEntries(columns.map((c) => [c.id, !c.hidden])))
  const [rejected, setRejected] = useState<string | null>(null)
  const bodyId = useId()
  const csvColumns = useMemo(
    () =>
      columns
        .filter((c) => c.csv && visibility[c.id] !== false)
        .flatMap((c) => [{ header: c.header, value: c.csv! }, ...(c.csvExtra ?? [])]),
    [columns, visibility],
  )
  const last = lastPage(total, pageSize)
  const filterText = t('ui.table.filterActive')

  return (
    <section className="card mb-3" aria-label={title}>
      <header className="card-header d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className="btn btn-link p-0 text-reset text-decoration-none fw-semibold"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={() => setCollapsed(!collapsed)}
        >
          <span aria-hidden="true" className="me-1">
            {collapsed ? '▸' : '▾'}
          </span>
          {title}
        </button>
        <span className="badge text-bg-secondary">{total}</span>
        {props.loading && (
          <span className="spinner-border spinner-border-sm" role="status">
            <span className="visually-hidden">{t('ui.table.loading')}</span>
          </span>
        )}
        {props.filterActive &&
          (props.onFilterIndicatorClick ? (
            <button type="button" className="btn btn-sm btn-warning py-0" onClick={props.onFilterIndicatorClick}>
              {filterText}
            </button>
          ) : (
            <span className="badge text-bg-warning">{filterText}</span>
          ))}
        {selection && <span className="badge text-bg-primary">{t('ui.table.selected', { n: selection.selected.size })}</span>}
        {props.stateTotals && <ChipList label={t('ui.table.stateTotals')} chips={props.stateTotals} onToggle={props.onStateTotalToggle} />}
        <div className="ms-auto d-flex flex-wrap align-items-center gap-2">
          {props.toolbar}
          {props.fetchAllRows && (
            <CsvButton fetchRows={props.fetchAllRows} columns={csvColumns} fileName={props.csvName ?? title} total={props.total} />
          )}
          <ColumnMenu columns={columns} visible={visibility} onToggle={(id) => setVisibility((v) => ({ ...v, [id]: v[id] === false }))} />
        </div>
      </header>
      <div id={bodyId} hidden={collapsed}>
        {rejected && (
          <div className="alert alert-danger alert-dismissible m-2 mb-0" role="alert">
            {rejected}
            <button type="button" className="btn-close" aria-label={t('ui.modal.close')} onClick={() => setRejected(null)} />
          </div>
        )}
        <DataTable
          label={title}
          rows={props.rows}
          getRowId={props.getRowId}
          columns={columns}
          visibility={visibility}
          sort={props.sort}
          onSortChange={props.onSortChange}
          renderExpanded={props.renderExpanded}
          rowClassName={props.rowClassName}
          selection={selection}
          onSelectionRejected={setRejected}
          empty={props.loading ? t('ui.table.loading') : t(emptyMessageKey(props.emptyKind ?? 'records', props.filterActive ?? false))}
        />
        <footer className="card-footer d-flex flex-wrap align-items-center justify-content-between gap-2">
          <PageSizeSelect pageSize={pageSize} onPageSizeChange={props.onPageSizeChange} />
          <Pagination page={page} last={last} onPageChange={props.onPageChange} />
        </footer>
      </div>
    </section>
  )
}
