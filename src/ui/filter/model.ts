/**
 * The chips of a table's SPEC §3 table filter model (src/shared/api/table-filter.ts): the state totals as
 * quick filters on the `state` field (SPEC §2 "State-count totals and a filter indicator"), and the extra
 * filters with their totals. Pure: the screen builds the model, these turn it into ChipList chips and
 * back into the next model when a chip is pressed.
 */
import { EXTRA_FILTERS, type ExtraFilter, type TableFilterModel } from '../../shared/api/table-filter'
import type { Chip } from '../ChipList'

/** The quick-filter field of the state totals. */
export const STATE_FIELD = 'state'

/** One chip per state, counted by `state_totals`, pressed when the state quick filter holds it. */
export function stateChips(model: TableFilterModel, states: readonly string[], label: (state: string) => string): Chip[] {
  const on = model.quick_filters[STATE_FIELD] ?? []
  return states.map((s) => ({ key: s, label: label(s), count: model.state_totals[s] ?? 0, active: on.includes(s) }))
}

/** One chip per extra filter, counted by `extra_totals`, pressed while its rows are shown. */
export function extraChips(model: TableFilterModel, label: (extra: ExtraFilter) => string): Chip[] {
  return EXTRA_FILTERS.map((k) => ({ key: k, label: label(k), count: model.extra_totals[k] ?? 0, active: model.extra_filter[k] !== false }))
}

/** quick_filters with one value of one field switched. */
export function toggleQuickFilter(model: TableFilterModel, field: string, value: string): TableFilterModel['quick_filters'] {
  const on = model.quick_filters[field] ?? []
  return { ...model.quick_filters, [field]: on.includes(value) ? on.filter((v) => v !== value) : [...on, value] }
}

/** extra_filter with one extra filter switched (shown ↔ hidden). */
export function toggleExtraFilter(model: TableFilterModel, key: ExtraFilter): TableFilterModel['extra_filter'] {
  return { ...model.extra_filter, [key]: model.extra_filter[key] === false }
}
