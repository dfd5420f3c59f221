/** The chips of the SPEC §3 table filter model: state totals as state quick filters, extra filters with totals. */
import { describe, expect, it } from 'vitest'
import { extraChips, stateChips, toggleExtraFilter, toggleQuickFilter } from '../../../../src/ui/filter/model'
import type { TableFilterModel } from '../../../../src/shared/api/table-filter'

const model: TableFilterModel = {
  quick_filters: { state: ['down'] },
  state_totals: { down: 3, up: 12 },
  extra_totals: { acknowledged: 2 },
  custom_filter: [],
  extra_filter: { maintenance: false },
  defaultStatesFilter: [],
  defaultExtraFilter: {},
  customFilterCapable: true,
  show_empty: false,
}

describe('table filter model chips (SPEC §2 state-count totals, quick filter chips)', () => {
  it('counts each state from state_totals and presses the states of the quick filter', () => {
    expect(stateChips(model, ['down', 'unreachable', 'up'], (s) => s.toUpperCase())).toEqual([
      { key: 'down', label: 'DOWN', count: 3, active: true },
      { key: 'unreachable', label: 'UNREACHABLE', count: 0, active: false },
      { key: 'up', label: 'UP', count: 12, active: false },
    ])
  })

  it('shows the extra filters with their totals, pressed while their rows are shown', () => {
    expect(extraChips(model, (k) => k)).toEqual([
      { key: 'acknowledged', label: 'acknowledged', count: 2, active: true },
      { key: 'maintenance', label: 'maintenance', count: 0, active: false },
      { key: 'ticket', label: 'ticket', count: 0, active: true },
    ])
  })

  it('pressing a chip switches that value only', () => {
    expect(toggleQuickFilter(model, 'state', 'up')).toEqual({ state: ['down', 'up'] })
    expect(toggleQuickFilter(model, 'state', 'down')).toEqual({ state: [] })
    expect(toggleExtraFilter(model, 'maintenance')).toEqual({ maintenance: true })
    expect(toggleExtraFilter(model, 'acknowledged')).toEqual({ maintenance: false, acknowledged: false })
  })
})
