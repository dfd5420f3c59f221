import { describe, expect, it } from 'vitest'
import { keepActive, navigateRows, type RowNavigation } from '../../../../src/ui/table/row-navigation'
import { emptyMessageKey } from '../../../../src/ui/table/empty'

const ids = ['a', 'b', 'c']
const closed: RowNavigation = { activeId: 'a', expanded: new Set() }

describe('expandable rows by keyboard (SPEC §2: left closes, right opens, up and down move)', () => {
  it('opens with right and closes with left', () => {
    const open = navigateRows(closed, ids, 'b', 'ArrowRight')
    expect([...open.expanded]).toEqual(['b'])
    expect(open.activeId).toBe('b')
    expect(navigateRows(open, ids, 'b', 'ArrowRight').expanded).toEqual(open.expanded)
    expect([...navigateRows(open, ids, 'b', 'ArrowLeft').expanded]).toEqual([])
    expect(navigateRows(closed, ids, 'a', 'ArrowLeft').expanded.size).toBe(0)
  })

  it('moves up and down and stops at the ends', () => {
    expect(navigateRows(closed, ids, 'a', 'ArrowDown').activeId).toBe('b')
    expect(navigateRows(closed, ids, 'c', 'ArrowDown').activeId).toBe('c')
    expect(navigateRows(closed, ids, 'b', 'ArrowUp').activeId).toBe('a')
    expect(navigateRows(closed, ids, 'a', 'ArrowUp').activeId).toBe('a')
  })

  it('keeps other open rows open', () => {
    const state: RowNavigation = { activeId: 'a', expanded: new Set(['a']) }
    expect([...navigateRows(state, ids, 'c', 'ArrowRight').expanded].sort()).toEqual(['a', 'c'])
  })

  it('ignores a row that is not shown', () => {
    expect(navigateRows(closed, ids, 'zz', 'ArrowDown')).toBe(closed)
  })

  it('keeps the active row across data updates while it is shown', () => {
    expect(keepActive('b', ['c', 'b'])).toBe('b')
    expect(keepActive('x', ['c', 'b'])).toBe('c')
    expect(keepActive(null, [])).toBeNull()
  })
})

describe('empty messages (SPEC §2)', () => {
  it('has the problems, risks and records messages with the filter variants', () => {
    expect(emptyMessageKey('problems', false)).toBe('ui.table.empty.problems')
    expect(emptyMessageKey('problems', true)).toBe('ui.table.empty.problemsFiltered')
    expect(emptyMessageKey('risks', true)).toBe('ui.table.empty.risks')
    expect(emptyMessageKey('records', false)).toBe('ui.table.empty.records')
    expect(emptyMessageKey('records', true)).toBe('ui.table.empty.recordsFiltered')
  })
})
