/**
 * Saved filters (SPEC §3 "Saved filter", §7 GET|POST /filters/, GET|DELETE /filters/{guid}): one client for
 * every section's filter panel (SPEC §2 per-section custom filters), keyed by location.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { SavedFilter, SavedFilterList, type FilterLocation, type SavedFilterBody } from '../../shared/api/filters'
import { api, queryClient } from '../api'

export const savedFilterKeys = {
  all: ['filters'] as const,
  list: (location: FilterLocation) => [...savedFilterKeys.all, 'list', location] as const,
  one: (guid: string) => [...savedFilterKeys.all, 'one', guid] as const,
}

/** The saved filters of a location, asked for once the panel is open. */
export function useSavedFilters(location: FilterLocation, enabled: boolean) {
  return useQuery({
    queryKey: savedFilterKeys.list(location),
    enabled,
    queryFn: ({ signal }) => api.request('filters/', { query: { location }, schema: SavedFilterList, signal }),
  })
}

/**
 * `?filter={guid}` (SPEC §2). The error handler stays off: a filter that cannot be loaded is the filter
 * panel's notice "The requested filter could not be loaded." (SPEC §5), not a content-not-found page.
 */
export function useSavedFilter(guid: string | null) {
  return useQuery({
    queryKey: savedFilterKeys.one(guid ?? ''),
    enabled: guid !== null,
    retry: false,
    queryFn: ({ signal }) =>
      api.request(`filters/${encodeURIComponent(guid!)}`, { schema: SavedFilter, signal, errorHandlerEnabled: false }),
  })
}

const invalidate = () => queryClient.invalidateQueries({ queryKey: savedFilterKeys.all })

export function useSaveFilter() {
  return useMutation({
    mutationFn: (body: Omit<SavedFilterBody, 'organization_wide'> & { organization_wide: boolean }) =>
      api.request('filters/', { method: 'POST', body, schema: SavedFilter }),
    onSuccess: invalidate,
  })
}

/** A filter that is gone already is as good as deleted. */
export function useDeleteFilter() {
  return useMutation({
    mutationFn: (guid: string) => api.request(`filters/${encodeURIComponent(guid)}`, { method: 'DELETE' }).catch(() => null),
    onSuccess: invalidate,
  })
}
