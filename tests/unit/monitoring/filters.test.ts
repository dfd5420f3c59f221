import { describe, expect, it } from 'vitest'
import { entityRules, extraRules, filterColumns, groupColumn, stateRules } from '../../../src/monitoring/filters'

const t = (key: string) => key

describe('monitoring filters per entity (SPEC §5 filter language, SPEC §2 …/unhandled)', () => {
  it('filters the alerts table with one set of rules: host_name is a host’s name, a resource column leaves hosts out', () => {
    expect(
      entityRules('problems', 'hosts', [
        ['host_name', 'contains', 'web'],
        ['plugin_output', 'contains', 'PING'],
      ]),
    ).toEqual([
      ['name', 'contains', 'web'],
      ['plugin_output', 'contains', 'PING'],
    ])
    expect(entityRules('problems', 'resources', [['host_name', 'contains', 'web']])).toEqual([['host_name', 'contains', 'web']])
    expect(entityRules('problems', 'hosts', [['display_name', 'equals', 'disk']])).toBeNull()
    expect(entityRules('hosts', 'hosts', [['name', 'equals', 'a']])).toEqual([['name', 'equals', 'a']])
  })

  it('hides handled rows (acknowledged or in maintenance) with each entity’s maintenance column', () => {
    expect(extraRules('hosts', ['acknowledged', 'maintenance'])).toEqual([
      ['acknowledged', 'equals', false],
      ['max_scheduled_downtime_depth', 'equals', 0],
    ])
    expect(extraRules('resources', ['maintenance'])).toEqual([['scheduled_downtime_depth', 'equals', 0]])
    expect(extraRules('resources', [])).toEqual([])
    expect(stateRules(['down', 'unreachable'])).toEqual([['state', 'in', ['down', 'unreachable']]])
    expect(stateRules([])).toEqual([])
  })

  it('maps the route’s group_by to a list column: type is the host type on the host list', () => {
    expect(groupColumn('hosts', 'type')).toBe('hosttype')
    expect(groupColumn('resources', 'host')).toBe('host_name')
    expect(groupColumn('hosts', 'nonsense')).toBeNull()
    expect(groupColumn('hosts', null)).toBeNull()
  })

  it('offers the columns a child badge link filters on, so the filter panel can show it', () => {
    const hostKeys = filterColumns('hosts', t, { environments: [], organizations: [] }).map((c) => c.key)
    expect(hostKeys).toEqual(expect.arrayContaining(['parents', 'hosttype', 'name', 'state']))
    expect(
      filterColumns('hosts', t, { environments: [], organizations: [] })
        .find((c) => c.key === 'state')
        ?.options?.map((o) => o.value),
    ).toEqual(['up', 'down', 'unreachable', 'pending'])
  })
})
