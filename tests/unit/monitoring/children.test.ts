import { describe, expect, it } from 'vitest'
import { childBadges, childQuery, truncateName } from '../../../src/monitoring/children'
import { decodeFilter } from '../../../src/ui'

const names = (n: number, prefix = 'child') => Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i + 1}` }))

describe('child host badges (SPEC §2 host table expanded row, SPEC §7 hosts/grouped)', () => {
  it('asks hosts/grouped by host type for at most 1500 children with the SPEC §7 columns', () => {
    expect(childQuery('core-sw')).toEqual({
      group_by: 'hosttype',
      limit: 1500,
      columns: 'id,name,state,hosttype,parents,children',
      advanced_filter: JSON.stringify([['parents', 'equals', 'core-sw']]),
    })
  })

  it('shows at most 3 names, each cut to 25 characters, then an ellipsis', () => {
    expect(truncateName('a'.repeat(25))).toBe('a'.repeat(25))
    expect(truncateName('b'.repeat(26))).toBe(`${'b'.repeat(25)}…`)
    const [badge] = childBadges('core-sw', [{ hosttype: 'linux', totalresults: 5, result: [{ name: 'x'.repeat(30) }, ...names(4)] }])
    expect(badge.text).toBe(`${'x'.repeat(25)}…, child-1, child-2…`)
    expect(badge.count).toBe(5)
    const [few] = childBadges('core-sw', [{ hosttype: 'ping', totalresults: 2, result: names(2) }])
    expect(few.text).toBe('child-1, child-2')
  })

  it('links each badge to the host list grouped by type and filtered on the parent and the type', () => {
    const [badge] = childBadges('core sw/1', [{ hosttype: 'switch', totalresults: 1, result: names(1) }])
    const url = new URL(`http://x${badge.href}`)
    expect(url.pathname).toBe('/monitoring/hosts/groupby=type')
    expect(decodeFilter(url.searchParams.get('filter')!).filter).toEqual([
      ['parents', 'equals', 'core sw/1'],
      ['hosttype', 'equals', 'switch'],
    ])
  })

  it('leaves out empty groups', () => {
    expect(childBadges('h', [{ hosttype: 'linux', totalresults: 0, result: [] }])).toEqual([])
  })
})
