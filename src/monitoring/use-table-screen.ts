/**
 * What every monitoring table screen shares: its state from the hash route (table-route.ts), the custom
 * filter in force (ui/filter/resolve.ts) and its enable toggle (SPEC §7 `custom_filter_{id}` preference), the
 * page size preference (SPEC §3 page_size), the environment filter (SPEC §3 environmentFilter, sent as
 * `environment_ids`), and each entity's advanced_filter. Changes navigate, so a link reproduces the screen.
 */
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useCurrentUser } from '../app/api'
import { usePreferences } from '../app/preferences'
import { DEFAULT_PAGE_SIZE } from '../shared/constants'
import type { FilterNode } from '../shared/filter'
import { encodeFilter, resolveFilter, type FilterColumn, type PanelNode, type ResolvedFilter, type TablePath } from '../ui'
import { useSavedFilter } from '../app/filters'
import { entityRules, extraRules, filterColumns, stateRules, type ExtraFilter, type TableLocation } from './filters'
import type { Entity } from './problems'
import { readTableState, tableSearch, type TableDefaults, type TableState } from './table-route'
import { environmentFilterIds } from '../shared/environment-filter'

export interface TableScreenOptions {
  location: TableLocation
  /** The route's table path (SPEC §2 /groupby=…/page=…). */
  path: TablePath
  defaults?: TableDefaults
  /** The screen's address for a table path and query (e.g. /monitoring/hosts/groupby=type?order=name). */
  hrefFor(path: TablePath, search: URLSearchParams): string
  /** Rules every list call of the screen has (the host of a host's resources tab). */
  baseRules?: FilterNode[]
}

export interface RuleOptions {
  /** The state quick filter (off for the alerts table, whose segments are the states). */
  states?: boolean
  /** The extra filters (off for the extra totals, which count what they hide). */
  extras?: boolean
}

export interface TableScreen {
  location: TableLocation
  state: TableState
  /** The extra filters the route hides by default (SPEC §3 defaultExtraFilter; …/unhandled hides both). */
  defaultHidden: readonly ExtraFilter[]
  filter: ResolvedFilter
  /** The custom filter is applied: enabled and not empty (SPEC §2 filter indicator). */
  filterActive: boolean
  filterEnabled: boolean
  setFilterEnabled(enabled: boolean): void
  filterColumns: FilterColumn[]
  pageSize: number
  setPageSize(size: number): void
  /** SPEC §3 environmentFilter as ids (empty: every allowed environment). */
  environmentIds: number[]
  environmentParam: string | undefined
  /** Navigates to the screen with some of its state changed; a new filter, sort or grouping starts at page 1. */
  go(change: Partial<Omit<TableState, 'filter'>> & { filter?: PanelNode[] | string | null }): void
  /** The advanced_filter of an entity's list calls; null when the custom filter leaves the entity out. */
  rulesFor(entity: Entity, options?: RuleOptions): FilterNode[] | null
}

/** SPEC §2 base64 form in the link; an empty filter leaves the parameter out. */
const encodeTuples = (tuples: PanelNode[]) => (tuples.length ? encodeFilter(tuples) : null)

export function useTableScreen(o: TableScreenOptions): TableScreen {
  const { t } = useTranslation()
  const routerLocation = useLocation()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const [preferences, setPreferences] = usePreferences()
  const search = new URLSearchParams(routerLocation.search)
  const defaults = o.defaults ?? {}
  const state = readTableState(o.path, search, defaults)
  const columns = useMemo(
    () =>
      filterColumns(o.location, t, {
        environments: user?.allowed_environments.map((e) => e.alias) ?? [],
        organizations: user?.allowed_organizations.map((e) => e.name) ?? [],
      }),
    [o.location, t, user],
  )
  const saved = useSavedFilter(state.filter.kind === 'saved' ? state.filter.guid : null)
  const filter = resolveFilter(
    state.filter,
    { rules: saved.data?.rules, name: saved.data?.name, failed: saved.isError },
    columns.map((c) => c.key),
  )
  const enabledKey = `custom_filter_${o.location}`
  const filterEnabled = preferences?.[enabledKey] !== false
  const filterActive = filterEnabled && filter.tuples.length > 0
  const environmentIds = environmentFilterIds(user)

  const go: TableScreen['go'] = (change) => {
    const next = { ...state, ...change }
    const restart = ['filter', 'sort', 'groupBy', 'states', 'hidden'].some((k) => k in change)
    const page = change.page ?? (restart ? 1 : state.page)
    const groupBy = next.groupBy === (defaults.groupBy ?? null) ? undefined : (next.groupBy ?? 'all')
    const filterParam =
      change.filter === undefined
        ? search.get('filter')
        : typeof change.filter === 'string' || change.filter === null
          ? change.filter
          : encodeTuples(change.filter)
    void navigate(
      o.hrefFor(
        { groupBy, page },
        tableSearch({ sort: next.sort, states: next.states, hidden: next.hidden, filter: filterParam }, defaults),
      ),
    )
  }

  const rulesFor = (entity: Entity, options: RuleOptions = {}): FilterNode[] | null => {
    const custom = filterActive ? entityRules(o.location, entity, filter.tuples) : []
    if (custom === null) return null
    return [
      ...(o.baseRules ?? []),
      ...custom,
      ...(options.states === false ? [] : stateRules(state.states)),
      ...(options.extras === false ? [] : extraRules(entity, state.hidden)),
    ]
  }

  return {
    location: o.location,
    state,
    defaultHidden: defaults.hidden ?? [],
    filter,
    filterActive,
    filterEnabled,
    filterColumns: columns,
    setFilterEnabled: (enabled) => setPreferences({ [enabledKey]: enabled }),
    pageSize: preferences?.page_size ?? DEFAULT_PAGE_SIZE,
    setPageSize: (size) => {
      setPreferences({ page_size: size })
      go({ page: 1 })
    },
    environmentIds,
    environmentParam: environmentIds.length ? environmentIds.join(',') : undefined,
    go,
    rulesFor,
  }
}
