/**
 * The custom filter of a list outside monitoring (SPEC §2 per-section custom filters): read from the route's
 * `?filter=` (readable JSON, base64 or a saved filter's guid, SPEC §2/§5), switched by the section's
 * `custom_filter_{id}` preference (SPEC §3), and written back to the route in the readable form so a link or a
 * reload keeps it. `rules` is what the list's advanced_filter gets.
 */
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { FilterLocation } from '../../shared/api/filters'
import type { FilterNode } from '../../shared/filter'
import { readableFilter, readFilterParam, resolveFilter, type FilterColumn, type PanelNode, type ResolvedFilter } from '../../ui'
import { usePreferences } from '../preferences'
import { useSavedFilter } from './api'
import { splitTablePath } from './use-paged-route'

export interface ListFilter {
  location: FilterLocation
  columns: readonly FilterColumn[]
  filter: ResolvedFilter
  enabled: boolean
  setEnabled(enabled: boolean): void
  /** Enabled and not empty (SPEC §2 filter indicator). */
  active: boolean
  /** The list call's advanced_filter rules (none while the filter is off). */
  rules: FilterNode[]
  /** A new filter or a saved filter's guid; the list starts again at page 1. */
  apply(filter: PanelNode[] | string): void
}

export function useListFilter(location: FilterLocation, columns: readonly FilterColumn[]): ListFilter {
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const [preferences, setPreferences] = usePreferences()
  const param = readFilterParam(search.get('filter'))
  const saved = useSavedFilter(param.kind === 'saved' ? param.guid : null)
  const filter = resolveFilter(
    param,
    { rules: saved.data?.rules, name: saved.data?.name, failed: saved.isError },
    columns.map((c) => c.key),
  )
  const enabledKey = `custom_filter_${location}`
  const enabled = preferences?.[enabledKey] !== false
  const active = enabled && filter.tuples.length > 0

  const apply = (next: PanelNode[] | string) => {
    const params = new URLSearchParams(search)
    params.delete('filter')
    const own = typeof next === 'string' ? `filter=${encodeURIComponent(next)}` : next.length ? `filter=${readableFilter(next)}` : ''
    const query = [params.toString(), own].filter(Boolean).join('&')
    // A new filter starts at page 1: the route loses its page path form.
    void navigate({ pathname: splitTablePath(pathname).base, search: query ? `?${query}` : '' })
  }

  return {
    location,
    columns,
    filter,
    enabled,
    setEnabled: (on) => setPreferences({ [enabledKey]: on }),
    active,
    rules: active ? filter.tuples : [],
    apply,
  }
}
