import { describe, expect, it } from 'vitest'
import { ariaSort, fromOrderParam, nextSort, toOrderParam } from '../../../../src/ui/table/sort'
import { parseOrder } from '../../../../src/shared/filter'

describe('table sort (SPEC §4 cycles ascending, descending, none per column)', () => {
  it('cycles one column through ascending, descending and none', () => {
    const asc = nextSort(null, 'name')
    expect(asc).toEqual({ column: 'name', desc: false })
    const desc = nextSort(asc, 'name')
    expect(desc).toEqual({ column: 'name', desc: true })
    expect(nextSort(desc, 'name')).toBeNull()
  })

  it('starts another column ascending', () => {
    expect(nextSort({ column: 'name', desc: true }, 'age')).toEqual({ column: 'age', desc: false })
  })

  it('writes the SPEC §7 order parameter that the server parses back', () => {
    expect(toOrderParam(null)).toBeUndefined()
    expect(toOrderParam({ column: 'name', desc: false })).toBe('name')
    expect(toOrderParam({ column: 'last_state_change', desc: true })).toBe('-last_state_change')
    expect(parseOrder(toOrderParam({ column: 'age', desc: true })!)).toEqual([{ column: 'age', desc: true }])
  })

  it('reads an order from a link, refusing malformed values', () => {
    expect(fromOrderParam('-name')).toEqual({ column: 'name', desc: true })
    expect(fromOrderParam('name')).toEqual({ column: 'name', desc: false })
    expect(fromOrderParam('')).toBeNull()
    expect(fromOrderParam(null)).toBeNull()
    expect(fromOrderParam('name; drop')).toBeNull()
  })

  it('announces the state of each header', () => {
    expect(ariaSort(null, 'name')).toBe('none')
    expect(ariaSort({ column: 'name', desc: false }, 'name')).toBe('ascending')
    expect(ariaSort({ column: 'name', desc: true }, 'name')).toBe('descending')
    expect(ariaSort({ column: 'name', desc: true }, 'age')).toBe('none')
  })
})
