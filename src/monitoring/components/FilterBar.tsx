import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { extraSwitches, hiddenExtras, toCustomFilter, type ExtraFilter, type TableFilterModel } from '../../shared/api/table-filter'
import type { FilterNode } from '../../shared/filter'
import { ChipList, extraChips, STATE_FIELD, stateChips, toggleExtraFilter, toggleQuickFilter, type FilterTuple } from '../../ui'
import { FilterToggle, SectionFilterPanel } from '../../app/filters'
import { useCounts } from '../api'
import { maintenanceColumn, TICKETED } from '../filters'
import type { Entity } from '../problems'
import type { TableScreen } from '../use-table-screen'

export interface FilterBarProps {
  screen: TableScreen
  /** The state chips in order (SPEC §2 "State-count totals"), e.g. the PROBLEM states. */
  states: readonly string[]
  /** Each entity's rules for the counts, without the state quick filter and the extra filters. */
  countRules(entity: Entity): FilterNode[] | null
  entities: readonly Entity[]
  open: boolean
  onOpenChange(open: boolean): void
  refetchInterval: number | false
}

function useEntityCounts(entity: Entity, column: string, bar: FilterBarProps, extra: FilterNode[] = []) {
  const base = bar.entities.includes(entity) ? bar.countRules(entity) : null
  const rules = base && [...base, ...extra]
  return useCounts(
    entity,
    column,
    rules && { advanced_filter: rules, environment_ids: bar.screen.environmentParam },
    bar.refetchInterval,
    true,
  ).data
}

const sum =
  (...counts: (Record<string, number> | undefined)[]) =>
  (pick: (c: Record<string, number>) => number) =>
    counts.reduce((n, c) => n + (c ? pick(c) : 0), 0)

/**
 * Above a screen's tables: the filter toggle, the state totals and the extra totals (acknowledged, in
 * maintenance) as quick-filter chips (SPEC §2, SPEC §3 table filter model), and the SPEC §2 filter panel with
 * saved filters (personal, or organization-wide with user_read, SPEC §6) stored on the server.
 */
export function FilterBar(props: FilterBarProps) {
  const { screen, open, onOpenChange } = props
  const { t } = useTranslation()
  const { state } = screen
  const byState = sum(useEntityCounts('hosts', 'state', props), useEntityCounts('resources', 'state', props))
  const acknowledged = sum(useEntityCounts('hosts', 'acknowledged', props), useEntityCounts('resources', 'acknowledged', props))
  const maintenance = sum(
    useEntityCounts('hosts', maintenanceColumn('hosts'), props),
    useEntityCounts('resources', maintenanceColumn('resources'), props),
  )
  const ticket = sum(useEntityCounts('hosts', 'state', props, [TICKETED]), useEntityCounts('resources', 'state', props, [TICKETED]))
  const notice = screen.filter.notice

  // A link whose filter was not applied opens the panel, so the person reads why (SPEC §5 messages).
  useEffect(() => {
    if (notice) onOpenChange(true)
  }, [notice, onOpenChange])

  // SPEC §3 table filter model of this screen: the route's state and the counts, in the SPEC's names.
  const model: TableFilterModel = {
    quick_filters: { [STATE_FIELD]: state.states },
    state_totals: Object.fromEntries(props.states.map((s) => [s, byState((c) => c[s] ?? 0)])),
    extra_totals: {
      acknowledged: acknowledged((c) => c['1'] ?? c.true ?? 0),
      maintenance: maintenance((c) => Object.entries(c).reduce((n, [depth, k]) => n + (Number(depth) > 0 ? k : 0), 0)),
      ticket: ticket((c) => Object.values(c).reduce((a, b) => a + b, 0)),
    },
    custom_filter: toCustomFilter(screen.filter.tuples.filter((n): n is FilterTuple => Array.isArray(n))),
    extra_filter: extraSwitches(state.hidden),
    defaultStatesFilter: [],
    defaultExtraFilter: extraSwitches(screen.defaultHidden),
    customFilterCapable: true,
    show_empty: false,
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <FilterToggle filter={screen.filter} active={screen.filterActive} open={open} onOpenChange={onOpenChange} />
        <ChipList
          label={t('ui.table.stateTotals')}
          chips={stateChips(model, props.states, (s) => t(`ui.states.${s}`))}
          onToggle={(key) => screen.go({ states: toggleQuickFilter(model, STATE_FIELD, key)[STATE_FIELD] })}
        />
        <ChipList
          label={t('monitoring.filters.extra')}
          chips={extraChips(model, (k) => t(`monitoring.filters.${k}`))}
          onToggle={(key) => screen.go({ hidden: hiddenExtras(toggleExtraFilter(model, key as ExtraFilter)) })}
        />
      </div>
      {open && (
        <SectionFilterPanel
          location={screen.location}
          columns={screen.filterColumns}
          applied={screen.filter.tuples}
          onApply={(filter) => screen.go({ filter })}
          enabled={screen.filterEnabled}
          onEnabledChange={screen.setFilterEnabled}
          notice={notice}
          onClose={() => onOpenChange(false)}
        />
      )}
    </>
  )
}
