import { useCallback, useState, type ReactNode } from 'react'
import type { FilterNode } from '../../shared/filter'
import { ActionArea, actionRequest, type ActionRequest } from '../actions/ActionArea'
import type { BulkScope, MultiAction, PanelAction } from '../actions/requests'
import { rowBase } from '../actions/requests'
import { runReschedule } from '../actions/run'
import { useTableRefetchInterval } from '../feed'
import type { MonitoredRow } from '../model'
import type { Entity } from '../problems'
import { useMultiSelect } from '../use-multi-select'
import { useNow } from '../use-now'
import type { TableScreen } from '../use-table-screen'
import { FilterBar } from './FilterBar'
import type { TableControls } from './GroupTables'
import { MultiSelectBar } from './MultiSelectBar'

/** Ages are abbreviated to seconds (SPEC §9); a tick every 15 s keeps them close without re-rendering often. */
const CLOCK_MS = 15_000

export interface TableWorkspaceProps {
  screen: TableScreen
  entities: readonly Entity[]
  /** The state chips (SPEC §2 state-count totals). */
  states: readonly string[]
  countRules(entity: Entity): FilterNode[] | null
  /** Everything the current filter matches, per entity, for the bulk actions. */
  scopes: BulkScope[]
  children(controls: TableControls): ReactNode
}

/**
 * A table screen's working area: the filter bar, multi-select mode (SPEC §4), the open action panel and
 * the screen's tables, which get the shared controls.
 */
export function TableWorkspace({ screen, entities, states, countRules, scopes, children }: TableWorkspaceProps) {
  const [filterOpen, setFilterOpen] = useState(false)
  const [request, setRequest] = useState<ActionRequest | null>(null)
  const multi = useMultiSelect()
  const now = useNow(CLOCK_MS)
  const refetchInterval = useTableRefetchInterval()
  const onAction = useCallback((action: PanelAction, row: MonitoredRow) => setRequest(actionRequest(action, [row])), [])
  const onReschedule = useCallback((row: MonitoredRow) => void runReschedule(`${rowBase(row)}/reschedule`).catch(() => null), [])
  const openFilter = useCallback(() => setFilterOpen(true), [])
  const controls: TableControls = { screen, now, refetchInterval, multi, onAction, onReschedule, openFilter }

  // In multi-select mode the panel acts on the selection as it changes (SPEC §4).
  const shown = request && (request.multi && !request.bulk && multi.action === request.action ? { ...request, rows: multi.rows } : request)
  const startMulti = (action: MultiAction | null) => {
    if (!request) return
    if (action) multi.start(action, request.rows)
    else multi.stop()
    setRequest({ ...request, multi: action !== null, rows: action ? request.rows : request.rows.slice(0, 1) })
  }

  return (
    <>
      <FilterBar
        screen={screen}
        entities={entities}
        states={states}
        countRules={countRules}
        open={filterOpen}
        onOpenChange={setFilterOpen}
        refetchInterval={refetchInterval}
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <MultiSelectBar
          multi={multi}
          scopes={scopes}
          refetchInterval={refetchInterval}
          onApply={(action) => setRequest(actionRequest(action, multi.rows, { multi: true }))}
          onApplyAll={(action, count) => setRequest(actionRequest(action, [], { multi: true, bulk: { scopes, count } }))}
        />
      </div>
      {shown && (
        <ActionArea
          key={`${request.action}:${request.bulk ? 'bulk' : (request.rows[0]?.id ?? '')}`}
          request={shown}
          onDone={() => {
            setRequest(null)
            multi.stop()
          }}
          onClose={() => {
            setRequest(null)
            multi.clear()
          }}
          onMultiSelect={startMulti}
        />
      )}
      {children(controls)}
    </>
  )
}
