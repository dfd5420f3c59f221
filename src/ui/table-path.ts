/**
 * SPEC §2: "Tables support the path forms /groupby={group_by}, /page={page} and /groupby={group}/page={page}."
 * Parses those trailing segments; null when the segments are something else (e.g. a host name).
 */
export interface TablePath {
  groupBy?: string
  page?: number
}

export function parseTablePath(segments: readonly string[]): TablePath | null {
  const result: TablePath = {}
  const rest = segments.filter((s) => s !== '')
  if (rest.length === 0 || rest.length > 2) return rest.length === 0 ? result : null
  for (const [i, segment] of rest.entries()) {
    const groupBy = /^groupby=(.+)$/.exec(segment)
    const page = /^page=(\d+)$/.exec(segment)
    if (groupBy && i === 0 && result.groupBy === undefined) result.groupBy = groupBy[1]
    else if (page && result.page === undefined && Number(page[1]) >= 1) result.page = Number(page[1])
    else return null
  }
  return result
}

export function isTablePathSegment(segment: string): boolean {
  return /^(groupby=.+|page=\d+)$/.test(segment)
}

/** The trailing segments for a table state, the inverse of parseTablePath (page 1 is left out). */
export function formatTablePath({ groupBy, page }: TablePath): string {
  return [groupBy ? `groupby=${groupBy}` : null, page && page > 1 ? `page=${page}` : null].filter(Boolean).join('/')
}
