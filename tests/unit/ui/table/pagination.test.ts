import { describe, expect, it } from 'vitest'
import { lastPage, pageNumbers, stepPage, targetPage } from '../../../../src/ui/table/pagination'

describe('table pagination (SPEC §2 up to 5 page numbers, SPEC §5 pages below 1 or above the last are ignored)', () => {
  it('counts the last page from the total, with page 1 for an empty table', () => {
    expect(lastPage(0, 50)).toBe(1)
    expect(lastPage(50, 50)).toBe(1)
    expect(lastPage(51, 50)).toBe(2)
    expect(lastPage(1000, 25)).toBe(40)
  })

  it('shows at most 5 numbers, centred on the current page where there is room', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3])
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageNumbers(2, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageNumbers(6, 10)).toEqual([4, 5, 6, 7, 8])
    expect(pageNumbers(9, 10)).toEqual([6, 7, 8, 9, 10])
    expect(pageNumbers(10, 10)).toEqual([6, 7, 8, 9, 10])
  })

  it('ignores pages below 1, above the last, the current one and non-integers', () => {
    expect(targetPage(0, 1, 5)).toBeNull()
    expect(targetPage(-3, 1, 5)).toBeNull()
    expect(targetPage(6, 1, 5)).toBeNull()
    expect(targetPage(3, 3, 5)).toBeNull()
    expect(targetPage(2.5, 1, 5)).toBeNull()
    expect(targetPage(4, 1, 5)).toBe(4)
  })

  it('steps first, previous, next and last (the < > [ ] shortcuts) within bounds', () => {
    expect(stepPage('previous', 1, 5)).toBeNull()
    expect(stepPage('first', 1, 5)).toBeNull()
    expect(stepPage('next', 5, 5)).toBeNull()
    expect(stepPage('last', 5, 5)).toBeNull()
    expect(stepPage('next', 2, 5)).toBe(3)
    expect(stepPage('previous', 2, 5)).toBe(1)
    expect(stepPage('first', 4, 5)).toBe(1)
    expect(stepPage('last', 2, 5)).toBe(5)
  })
})
