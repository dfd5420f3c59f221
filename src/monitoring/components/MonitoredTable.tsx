import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '../../app/api'
import { decoratedRowClass, TablePanel, type SortState, type TableSelection } from '../../ui'
import type { PanelAction } from '../actions/requests'
import { actionable, rowId, type MonitoredRow, type PageData } from '../model'
import { columnsOf, type TableKind } from './columns'
import { RowDetails } from './RowDetails'

export interface MonitoredTableProps {
  title: string
  kind: TableKind
  showHost?: boolean
  data: PageData | undefined
  /** A first load or another page is loading (not a background refresh, which must not flicker). */
  loading: boolean
  page: number
  onPageChange(page: number): void
  pageSize: number
  onPageSizeChange(size: number): void
  sort: SortState | null
  onSortChange(sort: SortState | null): void
  filterActive: boolean
  onFilterIndicatorClick(): void
  selection?: TableSelection<MonitoredRow>
  onAction(action: PanelAction, row: MonitoredRow): void
  onReschedule(row: MonitoredRow): void
  /** SPEC §2 CSV download: every row of the current filter. */
  fetchAllRows(): Promise<readonly MonitoredRow[]>
  defaultCollapsed?: boolean
  /** The screen's clock (ms) for the ages. */
  now: number
}

/** A SPEC §2 host, resource or alerts table in the generic table panel: decorations, expanded rows, actions. */
export function MonitoredTable(props: MonitoredTableProps) {
  const { t } = useTranslation()
  const { kind, showHost = true, now, onAction, onReschedule } = props
  const showEnvironment = (useCurrentUser()?.allowed_environments.length ?? 0) > 1
  const columns = useMemo(
    () => columnsOf({ t, now, kind, showHost, onAction, onReschedule, showEnvironment }),
    [t, now, kind, showHost, onAction, onReschedule, showEnvironment],
  )
  return (
    <TablePanel<MonitoredRow>
      title={props.title}
      rows={props.data?.result ?? []}
      getRowId={rowId}
      columns={columns}
      total={props.data?.totalresults ?? 0}
      page={props.page}
      pageSize={props.pageSize}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      sort={props.sort}
      onSortChange={props.onSortChange}
      loading={props.loading}
      emptyKind={kind === 'problems' ? 'problems' : 'records'}
      filterActive={props.filterActive}
      onFilterIndicatorClick={props.onFilterIndicatorClick}
      renderExpanded={(row) => <RowDetails row={row} now={now} onReschedule={onReschedule} />}
      rowClassName={(row) => decoratedRowClass(actionable(row))}
      fetchAllRows={props.fetchAllRows}
      selection={props.selection}
      defaultCollapsed={props.defaultCollapsed}
    />
  )
}
