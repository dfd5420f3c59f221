import { describe, expect, it } from 'vitest'
import { formatTablePath, isTablePathSegment, parseTablePath } from '../../../src/ui/table-path'

describe('table path forms (SPEC §2: /groupby={group_by}, /page={page}, /groupby={group}/page={page})', () => {
  it('parses the three forms', () => {
    expect(parseTablePath([])).toEqual({})
    expect(parseTablePath(['groupby=type'])).toEqual({ groupBy: 'type' })
    expect(parseTablePath(['page=3'])).toEqual({ page: 3 })
    expect(parseTablePath(['groupby=hostgroup', 'page=2'])).toEqual({ groupBy: 'hostgroup', page: 2 })
  })

  it('refuses anything else', () => {
    expect(parseTablePath(['page=2', 'groupby=type'])).toBeNull()
    expect(parseTablePath(['page=0'])).toBeNull()
    expect(parseTablePath(['web01'])).toBeNull()
    expect(parseTablePath(['groupby=a', 'page=1', 'x'])).toBeNull()
  })

  it('tells a table segment from a host name', () => {
    expect(isTablePathSegment('groupby=type')).toBe(true)
    expect(isTablePathSegment('page=12')).toBe(true)
    expect(isTablePathSegment('web01')).toBe(false)
  })

  it("writes the forms back for the table panel's page and group changes", () => {
    expect(formatTablePath({})).toBe('')
    expect(formatTablePath({ page: 1 })).toBe('')
    expect(formatTablePath({ page: 3 })).toBe('page=3')
    expect(formatTablePath({ groupBy: 'type' })).toBe('groupby=type')
    expect(formatTablePath({ groupBy: 'hostgroup', page: 2 })).toBe('groupby=hostgroup/page=2')
    for (const path of [{ page: 4 }, { groupBy: 'type', page: 7 }, { groupBy: 'all' }])
      expect(parseTablePath(formatTablePath(path).split('/'))).toEqual(path)
  })
})
