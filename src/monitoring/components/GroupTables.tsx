import { useState } from 'react'
import { useTableShortcuts } from '../../app/input'
import { LIST_LIMIT_MAX } from '../../shared/constants'
import type { FilterNode } from '../../shared/filter'
import { toOrderParam } from '../../ui'
import type { PanelAction } from '../actions/requests'
import { fetchList, fetchProblemPage, useListPage, useProblemPage, type ListParams, type ProblemParams } from '../api'
import type { MonitoredRow, PageData } from '../model'
import type { Entity, Segment } from '../problems'
import type { MultiSelect } from '../use-multi-select'
import type { TableScreen } from '../use-table-screen'
import type { TableKind } from './columns'
import { MonitoredTable } from './MonitoredTable'

/** What a screen hands to each of its (group) tables. */
export interface TableControls {
  screen: TableScreen
  now: number
  refetchInterval: number | false
  multi: MultiSelect
  onAction(action: PanelAction, row: MonitoredRow): void
  onReschedule(row: MonitoredRow): void
  openFilter(): void
}

interface GroupTableProps {
  controls: TableControls
  title: string
  kind: TableKind
  /**
   * The screen's primary table keeps its page in the route (SPEC §2 /page={page}) and answers the paging
   * shortcuts (SPEC §2 < > [ ]); other group tables page on their own.
   */
  primary: boolean
  defaultCollapsed?: boolean
  showHost?: boolean
}

function usePage(controls: TableControls, primary: boolean): [number, (page: number) => void] {
  const [local, setLocal] = useState(1)
  return primary ? [controls.screen.state.page, (page) => controls.screen.go({ page })] : [local, setLocal]
}

interface ShownProps extends GroupTableProps {
  data: PageData | undefined
  loading: boolean
  page: number
  setPage(page: number): void
  fetchAllRows(): Promise<readonly MonitoredRow[]>
}

function Shown({ controls, data, loading, page, setPage, fetchAllRows, ...props }: ShownProps) {
  const { screen, multi } = controls
  useTableShortcuts({ page, pageSize: screen.pageSize, onPageChange: setPage, total: data?.totalresults }, props.primary)
  return (
    <MonitoredTable
      title={props.title}
      kind={props.kind}
      showHost={props.showHost}
      data={data}
      loading={loading}
      now={controls.now}
      page={page}
      onPageChange={setPage}
      pageSize={screen.pageSize}
      onPageSizeChange={screen.setPageSize}
      sort={screen.state.sort}
      onSortChange={(sort) => screen.go({ sort })}
      filterActive={screen.filterActive}
      onFilterIndicatorClick={controls.openFilter}
      selection={multi.selectionFor(data?.result ?? [])}
      onAction={controls.onAction}
      onReschedule={controls.onReschedule}
      fetchAllRows={fetchAllRows}
      defaultCollapsed={props.defaultCollapsed}
    />
  )
}

export interface EntityGroupTableProps extends GroupTableProps {
  entity: Entity
  rules: FilterNode[]
}

/** A table of one entity (hosts or resources) under the screen's filters and an optional group rule. */
export function EntityGroupTable({ entity, rules, ...props }: EntityGroupTableProps) {
  const { screen, refetchInterval } = props.controls
  const [page, setPage] = usePage(props.controls, props.primary)
  const base = { advanced_filter: rules, order: toOrderParam(screen.state.sort), environment_ids: screen.environmentParam }
  const params: ListParams = { ...base, limit: screen.pageSize, offset: (page - 1) * screen.pageSize }
  const query = useListPage(entity, params, refetchInterval)
  const fetchAll = async () => (await fetchList(entity, { ...base, limit: LIST_LIMIT_MAX, offset: 0 })).result
  return (
    <Shown
      {...props}
      data={query.data}
      loading={query.isFetching && (query.isPlaceholderData || !query.data)}
      page={page}
      setPage={setPage}
      fetchAllRows={fetchAll}
    />
  )
}

export interface ProblemGroupTableProps extends GroupTableProps {
  segments: readonly Segment[]
  rules: ProblemParams['rules']
}

/** A table of the alerts overview: hosts and resources in SPEC §4 PROBLEM order (problems.ts). */
export function ProblemGroupTable({ segments, rules, ...props }: ProblemGroupTableProps) {
  const { screen, refetchInterval } = props.controls
  const [page, setPage] = usePage(props.controls, props.primary)
  const params: ProblemParams = {
    segments,
    rules,
    page,
    pageSize: screen.pageSize,
    environment_ids: screen.environmentParam,
    order: toOrderParam(screen.state.sort),
  }
  const query = useProblemPage(params, refetchInterval)
  const fetchAll = async () => (await fetchProblemPage({ ...params, page: 1, pageSize: LIST_LIMIT_MAX })).result
  return (
    <Shown
      {...props}
      data={query.data}
      loading={query.isFetching && (query.isPlaceholderData || !query.data)}
      page={page}
      setPage={setPage}
      fetchAllRows={fetchAll}
    />
  )
}
