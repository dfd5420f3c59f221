/**
 * The alerts overview (SPEC §2): hosts not up and resources not OK in one table, in the SPEC §4 PROBLEM
 * order (down 1, critical 1, warning 2, unreachable 3, unknown 4). The list protocol pages one entity at a
 * time and sorts state names alphabetically, so the table is a sequence of segments, one per (entity,
 * state) in PROBLEM order, and a page is cut from the segments by their counts: at most one request per
 * segment the page touches, and exact paging over any number of problems.
 */
import { PROBLEM } from '../shared/enums'

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

/** The alerts overview's `group_by` values (SPEC §2 "grouped by group_by"); "type" is SPEC §3 monitoring_type. */
export const PROBLEM_GROUP_BYS = ['type', 'state', 'hostgroup_alias'] as const
export type ProblemGroupBy = (typeof PROBLEM_GROUP_BYS)[number]

export interface ProblemGroup {
  /** The group's value: a monitoring_type, a state or an environment alias ('' for the one ungrouped table). */
  key: string
  segments: readonly Segment[]
  /** `[column, 'equals', value]` for groups by a column both entities have. */
  column?: string
}

/**
 * The groups of the alerts overview. Type and state groups are fixed (in PROBLEM order); environment
 * groups are the aliases that have problems, sorted by name.
 */
export function problemGroups(groupBy: ProblemGroupBy | null, environments: readonly string[] = []): ProblemGroup[] {
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
      return [...environments]
        .sort((a, b) => a.localeCompare(b))
        .map((alias) => ({ key: alias, segments: PROBLEM_SEGMENTS, column: 'hostgroup_alias' }))
  }
}

export const isProblemGroupBy = (value: string | null | undefined): value is ProblemGroupBy =>
  (PROBLEM_GROUP_BYS as readonly string[]).includes(value ?? '')
