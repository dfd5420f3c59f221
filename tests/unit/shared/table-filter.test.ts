/** SPEC §3 "Table filter model": one checked shape with the SPEC's names (issue 8). */
import { describe, expect, it } from 'vitest'
import { extraSwitches, fromCustomFilter, hiddenExtras, TableFilterModel, toCustomFilter } from '../../../src/shared/api/table-filter'

const model = {
  quick_filters: { state: ['down', 'critical'] },
  state_totals: { down: 2, critical: 5, ok: 40 },
  extra_totals: { acknowledged: 1, maintenance: 0 },
  custom_filter: [{ type: 'filter', key: 'name', value: 'web', operator: 'contains' }],
  extra_filter: { acknowledged: false, maintenance: true, ticket: true },
  defaultStatesFilter: [],
  defaultExtraFilter: { acknowledged: true, maintenance: true },
  customFilterCapable: true,
  show_empty: false,
}

describe('table filter model (SPEC §3)', () => {
  it('accepts a model with every SPEC field name', () => {
    expect(TableFilterModel.parse(model)).toEqual(model)
  })

  it('refuses a custom_filter entry that is not {type: "filter", key, value, operator} with a known operator (SPEC §5)', () => {
    expect(TableFilterModel.safeParse({ ...model, custom_filter: [{ key: 'name', value: 'web', operator: 'contains' }] }).success).toBe(
      false,
    )
    expect(
      TableFilterModel.safeParse({ ...model, custom_filter: [{ type: 'filter', key: 'name', value: 'web', operator: 'like' }] }).success,
    ).toBe(false)
  })

  it('refuses a model missing a field, or with renamed ones', () => {
    const { show_empty: _, ...missing } = model
    expect(TableFilterModel.safeParse(missing).success).toBe(false)
    expect(TableFilterModel.safeParse({ ...model, extra_filter: { handled: false } }).success).toBe(false)
  })

  it('turns link rules into custom_filter entries and back', () => {
    const rules: [string, 'contains', string][] = [['name', 'contains', 'web']]
    expect(toCustomFilter(rules)).toEqual(model.custom_filter)
    expect(fromCustomFilter(toCustomFilter(rules))).toEqual(rules)
  })

  it('reads the hidden extra filters from extra_filter and back', () => {
    expect(hiddenExtras(model.extra_filter)).toEqual(['acknowledged'])
    expect(extraSwitches(['acknowledged'])).toEqual(model.extra_filter)
  })
})
