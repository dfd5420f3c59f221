/**
 * The alerts overview (SPEC §2): hosts not up and resources not OK in one table, in the SPEC §4 PROBLEM
 * order (down 1, critical 1, warning 2, unreachable 3, unknown 4). The list protocol pages one entity at a
 * time and sorts state names alphabetically, so the table is a sequence of segments, one per (entity,
 * state) in PROBLEM order, and a page is cut from the segments by their counts: at most one request per
 * segment the page touches, and exact paging over any number of problems.
 */
import type { MonitoredRow } from '../shared/api/monitored'
import { HOST_SORT_SEVERITY, PROBLEM, RESOURCE_SORT_SEVERITY } from '../shared/enums'

export type Entity = 'hosts' | 'resources'

export interface Segment {
  entity: Entity
  state: keyof typeof PROBLEM
}

const HOST_PROBLEMS = ['down', 'unreachable'] as const
const RESOURCE_PROBLEMS = ['critical', 'warning', 'unknown'] as const

/** Every problem segment in PROBLEM order; at equal rank hosts come first (a down host before its critical checks). */
export const PROBLEM_SEGMENTS: readonly Segment[] = [
  ...HOST_PROBLEMS.map((state) => ({ entity: 'hosts' as const, state })),
  ...RESOURCE_PROBLEMS.map((state) => ({ entity: 'resources' as const, state })),
].sort((a, b) => PROBLEM[a.state] - PROBLEM[b.state] || (a.entity === b.entity ? 0 : a.entity === 'hosts' ? -1 : 1))

export const problemStatesOf = (entity: Entity): readonly string[] => (entity === 'hosts' ? HOST_PROBLEMS : RESOURCE_PROBLEMS)

/** One request of a page: `limit` rows of a segment from `offset`. */
export interface Slice {
  segment: Segment
  offset: number
  limit: number
}

/**
 * The requests that make page `page` (1-based) of `pageSize` rows over segments with `counts[i]` rows each.
 * Pages past the end are empty.
 */
export function pageSlices(segments: readonly Segment[], counts: readonly number[], page: number, pageSize: number): Slice[] {
  let start = (page - 1) * pageSize
  let wanted = pageSize
  const slices: Slice[] = []
  segments.forEach((segment, i) => {
    const count = counts[i] ?? 0
    if (wanted === 0) return
    if (start >= count) {
      start -= count
      return
    }
    const limit = Math.min(count - start, wanted)
    slices.push({ segment, offset: start, limit })
    wanted -= limit
    start = 0
  })
  return slices
}

/**
 * The alerts overview's `group_by` values (SPEC §2 "grouped by group_by"); "type" is SPEC §3 monitoring_type,
 * "hosttype" the host's type (a resource's through its host).
 */
export const PROBLEM_GROUP_BYS = ['type', 'state', 'hostgroup_alias', 'hosttype'] as const
/** Groupings whose groups are the values found (environments, host types), not a fixed list. */
export const VALUE_GROUP_BYS = ['hostgroup_alias', 'hosttype'] as const
export type ProblemGroupBy = (typeof PROBLEM_GROUP_BYS)[number]

export interface ProblemGroup {
  /** The group's value: a monitoring_type, a state, an environment alias or a host type ('' for the one ungrouped table). */
  key: string
  segments: readonly Segment[]
  /** `[column, 'equals', value]` for groups by a column both entities have. */
  column?: string
}

/**
 * The groups of the alerts overview. Type and state groups are fixed (in PROBLEM order); environment and
 * host type groups are the values that have problems, sorted by name.
 */
export function problemGroups(groupBy: ProblemGroupBy | null, values: readonly string[] = []): ProblemGroup[] {
  switch (groupBy) {
    case null:
      return [{ key: '', segments: PROBLEM_SEGMENTS }]
    case 'type':
      return [
        { key: 'host', segments: PROBLEM_SEGMENTS.filter((s) => s.entity === 'hosts') },
        { key: 'resource_check', segments: PROBLEM_SEGMENTS.filter((s) => s.entity === 'resources') },
      ]
    case 'state':
      return PROBLEM_SEGMENTS.map((s) => ({ key: s.state, segments: [s] }))
    case 'hostgroup_alias':
    case 'hosttype':
      return [...values].sort((a, b) => a.localeCompare(b)).map((value) => ({ key: value, segments: PROBLEM_SEGMENTS, column: groupBy }))
  }
}

export const isProblemGroupBy = (value: string | null | undefined): value is ProblemGroupBy =>
  (PROBLEM_GROUP_BYS as readonly string[]).includes(value ?? '')

/**
 * A sorted alerts table (SPEC §4 three-state sort) is the merge of two lists the server sorted, hosts and
 * resources. The columns as each entity's list calls them (a host has no resource name: its name orders it).
 */
export function entitySortColumn(entity: Entity, column: string): string {
  if (entity === 'resources') return column
  return column === 'host_name' || column === 'display_name' ? 'name' : column
}

type SortValue = string | number

/** A row's value of a sorted column as the server orders it (state by SPEC §4 severity, pending lowest). */
export function problemSortValue(row: MonitoredRow, column: string): SortValue {
  const host = row.monitoring_type === 'host'
  switch (column) {
    case 'state': {
      const severity: Record<string, number> = host ? HOST_SORT_SEVERITY : RESOURCE_SORT_SEVERITY
      return severity[row.state] ?? -1
    }
    case 'host_name':
      return host ? row.name : row.host_name
    case 'display_name':
      return host ? '' : row.display_name
    case 'last_state_change':
      return row.last_state_change ?? -1
    default: {
      const value = (row as unknown as Record<string, unknown>)[column]
      return typeof value === 'number' || typeof value === 'string' ? value : ''
    }
  }
}

/** Merges lists each sorted by `column` into one, keeping `limit` rows from `offset`. */
export function mergeSorted(
  lists: readonly MonitoredRow[][],
  column: string,
  desc: boolean,
  offset: number,
  limit: number,
): MonitoredRow[] {
  const cmp = (a: MonitoredRow, b: MonitoredRow) => {
    const x = problemSortValue(a, column)
    const y = problemSortValue(b, column)
    const c = x < y ? -1 : x > y ? 1 : 0
    return desc ? -c : c
  }
  const heads = lists.map(() => 0)
  const out: MonitoredRow[] = []
  while (out.length < offset + limit) {
    let best = -1
    lists.forEach((list, i) => {
      if (heads[i] < list.length && (best < 0 || cmp(list[heads[i]], lists[best][heads[best]]) < 0)) best = i
    })
    if (best < 0) break
    out.push(lists[best][heads[best]++])
  }
  return out.slice(offset)
}
