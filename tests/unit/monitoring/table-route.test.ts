import { describe, expect, it } from 'vitest'
import { problemsDefaults, problemsRoute, readTableState, tablePathOf, tableSearch } from '../../../src/monitoring/table-route'

const q = (s: string) => new URLSearchParams(s)

describe('table state in the hash route (SPEC §2 path forms, STYLE.md: a link reproduces the screen)', () => {
  it('reads group, page, sort, filter, state and extra quick filters', () => {
    const state = readTableState({ groupBy: 'type', page: 3 }, q('order=-name&states=down,unreachable&hide=acknowledged&filter=abc'))
    expect(state).toEqual({
      groupBy: 'type',
      page: 3,
      sort: { column: 'name', desc: true },
      filter: { kind: 'encoded', value: 'abc' },
      states: ['down', 'unreachable'],
      hidden: ['acknowledged'],
    })
  })

  it('reads a saved filter guid (SPEC §2 ?filter={guid}) and groupby=all as no grouping', () => {
    const state = readTableState({ groupBy: 'all' }, q('filter=0b9d6c1e-6a51-4bde-8a34-2f3c0f5b7d10'), { groupBy: 'type' })
    expect(state.groupBy).toBeNull()
    expect(state.filter).toEqual({ kind: 'saved', guid: '0b9d6c1e-6a51-4bde-8a34-2f3c0f5b7d10' })
    expect(state.page).toBe(1)
  })

  it('writes back only what differs from the defaults', () => {
    expect(
      tableSearch(
        { sort: null, states: [], hidden: ['acknowledged', 'maintenance'] },
        { hidden: ['maintenance', 'acknowledged'] },
      ).toString(),
    ).toBe('')
    expect(
      tableSearch(
        { sort: { column: 'state', desc: false }, states: ['ok'], hidden: [], filter: 'xyz' },
        { hidden: ['acknowledged'] },
      ).toString(),
    ).toBe('order=state&filter=xyz&states=ok&hide=')
  })

  it('lets an explicit hide= win over the route default, also when empty', () => {
    expect(readTableState({}, q('hide='), { hidden: ['acknowledged', 'maintenance'] }).hidden).toEqual([])
    expect(readTableState({}, q(''), { hidden: ['acknowledged', 'maintenance'] }).hidden).toEqual(['acknowledged', 'maintenance'])
    expect(readTableState({}, q('hide=bogus,maintenance')).hidden).toEqual(['maintenance'])
  })

  it('parses the alerts routes: overview path forms, …/{defaultOpenTable}/all and …/unhandled', () => {
    expect(problemsRoute(undefined)).toEqual({ variant: 'overview', openTable: null, path: {} })
    expect(problemsRoute('groupby=state/page=2')).toEqual({ variant: 'overview', openTable: null, path: { groupBy: 'state', page: 2 } })
    expect(problemsRoute('resource_check/all')).toEqual({
      variant: 'all',
      openTable: 'resource_check',
      path: {},
    })
    expect(problemsRoute('host/unhandled/page=4')).toEqual({ variant: 'unhandled', openTable: 'host', path: { page: 4 } })
    expect(problemsRoute('host/sometimes')).toBeNull()
    // A grouping chosen on the screen stays in the variant (issue 17).
    expect(problemsRoute('all/unhandled/groupby=state')).toEqual({ variant: 'unhandled', openTable: 'all', path: { groupBy: 'state' } })
  })

  it('hides acknowledged, in-maintenance and ticketed alerts by default only on …/unhandled (SPEC §2, issue 17)', () => {
    expect(problemsDefaults(problemsRoute('host/unhandled')!)).toEqual({
      groupBy: 'type',
      hidden: ['acknowledged', 'maintenance', 'ticket'],
    })
    expect(problemsDefaults(problemsRoute('host/all')!).hidden).toEqual([])
    expect(problemsDefaults(problemsRoute('')!)).toEqual({ groupBy: null, hidden: [] })
  })

  it('reads a splat as table path forms or refuses it', () => {
    expect(tablePathOf('groupby=all')).toEqual({ groupBy: 'all' })
    expect(tablePathOf('page=0')).toBeNull()
    expect(tablePathOf('somewhere/else/entirely')).toBeNull()
  })
})
