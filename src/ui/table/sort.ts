/** SPEC §4 "Table sort cycles ascending, descending, none per column" and the SPEC §7 `order` parameter. */

/** The sorted column and its direction; null = the server's default order. */
export interface SortState {
  column: string
  desc: boolean
}

/** A click on a column header: another column starts ascending; the same column goes asc → desc → none. */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (!current || current.column !== column) return { column, desc: false }
  return current.desc ? null : { column, desc: true }
}

/** SPEC §7 `order`: "name" ascending, "-name" descending (parseOrder in src/shared/filter.ts reads it back). */
export function toOrderParam(sort: SortState | null): string | undefined {
  return sort ? `${sort.desc ? '-' : ''}${sort.column}` : undefined
}

/** Reads an `order` value from a link back into the panel's state; null for none or a malformed value. */
export function fromOrderParam(order: string | null | undefined): SortState | null {
  const match = /^(-?)([\w.]+)$/.exec(order?.trim() ?? '')
  return match ? { column: match[2], desc: match[1] === '-' } : null
}

/** The `aria-sort` of a header, so assistive technology announces the state of the three-state cycle. */
export function ariaSort(sort: SortState | null, column: string): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.column !== column) return 'none'
  return sort.desc ? 'descending' : 'ascending'
}
