/**
 * A monitoring table's state in the hash route (STYLE.md "Filters, sort, page and the open tab live in the
 * hash route, so a link reproduces the screen"): group and page in the SPEC §2 path forms
 * (/groupby={group_by}/page={page}), the rest in the query: `order` (SPEC §7), `filter` (SPEC §2 base64 or
 * a saved filter's guid), `states` (state quick filter) and `hide` (extra filters switched off).
 */
import { fromOrderParam, parseTablePath, readFilterParam, toOrderParam, type FilterParam, type SortState, type TablePath } from '../ui'
import { EXTRA_FILTERS, type ExtraFilter } from './filters'

export interface TableState {
  groupBy: string | null
  page: number
  sort: SortState | null
  filter: FilterParam
  states: string[]
  hidden: ExtraFilter[]
}

export interface TableDefaults {
  groupBy?: string | null
  hidden?: readonly ExtraFilter[]
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** "groupby=all" is SPEC §2's spelling of no grouping (/resources/groupby=all). */
const NO_GROUP = new Set(['all', 'none'])

export function readTableState(path: TablePath, search: URLSearchParams, defaults: TableDefaults = {}): TableState {
  const groupBy = path.groupBy === undefined ? (defaults.groupBy ?? null) : NO_GROUP.has(path.groupBy) ? null : path.groupBy
  return {
    groupBy,
    page: path.page ?? 1,
    sort: fromOrderParam(search.get('order')),
    filter: readFilterParam(search.get('filter')),
    states: list(search.get('states')),
    // An explicit `hide=` (even empty) wins over the route's default (SPEC §2 /all and /unhandled).
    hidden: (search.has('hide') ? list(search.get('hide')) : [...(defaults.hidden ?? [])]).filter((h): h is ExtraFilter =>
      (EXTRA_FILTERS as readonly string[]).includes(h),
    ),
  }
}

/** The query string of a table state; `keep` carries parameters of others (e.g. a saved filter's guid). */
export function tableSearch(
  state: Pick<TableState, 'sort' | 'states' | 'hidden'> & { filter?: string | null },
  defaults: TableDefaults = {},
): URLSearchParams {
  const params = new URLSearchParams()
  const order = toOrderParam(state.sort)
  if (order) params.set('order', order)
  if (state.filter) params.set('filter', state.filter)
  if (state.states.length) params.set('states', state.states.join(','))
  const defaultHidden = [...(defaults.hidden ?? [])].sort().join(',')
  if ([...state.hidden].sort().join(',') !== defaultHidden) params.set('hide', state.hidden.join(','))
  return params
}

/** The trailing path segments of a splat route (`*`), or null when they are not the SPEC §2 table forms. */
export function tablePathOf(splat: string | undefined): TablePath | null {
  return parseTablePath((splat ?? '').split('/'))
}

/**
 * SPEC §2 alerts routes: /monitoring/(problems|alerts)[/{table path}] and …/{defaultOpenTable}/(all|unhandled),
 * the latter with an optional grouping chosen on the screen (…/unhandled/groupby=state).
 */
export interface ProblemsRoute {
  variant: 'overview' | 'all' | 'unhandled'
  /** The group table that starts open (the others start collapsed). */
  openTable: string | null
  path: TablePath
}

export function problemsRoute(splat: string | undefined): ProblemsRoute | null {
  const segments = (splat ?? '').split('/').filter(Boolean)
  const variant = segments[1]
  if (segments.length >= 2 && (variant === 'all' || variant === 'unhandled')) {
    const rest = parseTablePath(segments.slice(2))
    return rest ? { variant, openTable: decodeURIComponent(segments[0]), path: rest } : null
  }
  const path = parseTablePath(segments)
  return path ? { variant: 'overview', openTable: null, path } : null
}

/** The table a link to the unhandled view opens: every group (no group is named so). */
export const ALL_TABLES = 'all'

/**
 * Defaults of the alerts variants: SPEC §2 "…/all: all alerts, page 1, grouped by type"; /unhandled keeps
 * that grouping and hides acknowledged, in-maintenance and ticketed problems (issue 17).
 */
export function problemsDefaults(route: ProblemsRoute): TableDefaults {
  return { groupBy: route.variant === 'overview' ? null : 'type', hidden: route.variant === 'unhandled' ? EXTRA_FILTERS : [] }
}
