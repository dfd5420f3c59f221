/**
 * SPEC §2 "Generic table panel" pagination and SPEC §5 "Page navigation ignores pages below 1 or above the
 * last page". Pages are 1-based, as in the /page={page} path form (table-path.ts).
 */
import { PAGINATION_NUMBERS } from '../../shared/constants'

/** The last page for `total` rows; an empty table still has page 1. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The page to go to, or null when it is out of range or already shown (the request is then ignored). */
export function targetPage(requested: number, current: number, last: number): number | null {
  if (!Number.isInteger(requested) || requested < 1 || requested > last || requested === current) return null
  return requested
}

/** Up to SPEC §9 "Pagination shows 5 page numbers", centred on the current page where there is room. */
export function pageNumbers(current: number, last: number, count: number = PAGINATION_NUMBERS): number[] {
  const shown = Math.min(count, last)
  const page = Math.min(Math.max(current, 1), last)
  const first = Math.min(Math.max(1, page - Math.floor(shown / 2)), last - shown + 1)
  return Array.from({ length: shown }, (_, i) => first + i)
}

/** The keys of the SPEC §2 help panel: < and > previous and next page, [ and ] first and last page. */
export type PageStep = 'first' | 'previous' | 'next' | 'last'

export function stepPage(step: PageStep, current: number, last: number): number | null {
  const requested = { first: 1, previous: current - 1, next: current + 1, last }[step]
  return targetPage(requested, current, last)
}
