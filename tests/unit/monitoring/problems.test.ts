import { describe, expect, it } from 'vitest'
import { pageSlices, PROBLEM_SEGMENTS, problemGroups } from '../../../src/monitoring/problems'

const order = PROBLEM_SEGMENTS.map((s) => `${s.entity}:${s.state}`)

describe('alerts table order and paging (SPEC §4 PROBLEM, SPEC §2 alerts overview)', () => {
  it('puts down hosts and critical resources first, then warning, unreachable, unknown', () => {
    expect(order).toEqual(['hosts:down', 'resources:critical', 'resources:warning', 'hosts:unreachable', 'resources:unknown'])
  })

  it('cuts a page across segments by their counts, one request per segment it touches', () => {
    // 3 down hosts, 4 critical, 0 warning, 2 unreachable, 5 unknown; pages of 4
    const counts = [3, 4, 0, 2, 5]
    const slice = (page: number) =>
      pageSlices(PROBLEM_SEGMENTS, counts, page, 4).map((s) => [`${s.segment.entity}:${s.segment.state}`, s.offset, s.limit])
    expect(slice(1)).toEqual([
      ['hosts:down', 0, 3],
      ['resources:critical', 0, 1],
    ])
    expect(slice(2)).toEqual([
      ['resources:critical', 1, 3],
      ['hosts:unreachable', 0, 1],
    ])
    expect(slice(3)).toEqual([
      ['hosts:unreachable', 1, 1],
      ['resources:unknown', 0, 3],
    ])
    expect(slice(4)).toEqual([['resources:unknown', 3, 2]])
    expect(slice(5)).toEqual([])
  })

  it('covers every row exactly once over all pages', () => {
    const counts = [7, 0, 13, 1, 9]
    const seen: string[] = []
    for (let page = 1; page <= 4; page++) {
      for (const s of pageSlices(PROBLEM_SEGMENTS, counts, page, 10))
        for (let i = 0; i < s.limit; i++) seen.push(`${s.segment.state}:${s.offset + i}`)
    }
    expect(seen).toHaveLength(30)
    expect(new Set(seen).size).toBe(30)
  })

  it('groups by type into host and resource problems, by state in PROBLEM order, by environment by name', () => {
    expect(problemGroups(null).map((g) => g.segments.length)).toEqual([5])
    expect(problemGroups('type').map((g) => [g.key, g.segments.map((s) => s.state)])).toEqual([
      ['host', ['down', 'unreachable']],
      ['resource_check', ['critical', 'warning', 'unknown']],
    ])
    expect(problemGroups('state').map((g) => g.key)).toEqual(['down', 'critical', 'warning', 'unreachable', 'unknown'])
    expect(problemGroups('hostgroup_alias', ['Zeta', 'Alpha']).map((g) => [g.key, g.column])).toEqual([
      ['Alpha', 'hostgroup_alias'],
      ['Zeta', 'hostgroup_alias'],
    ])
  })
})
