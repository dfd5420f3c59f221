/**
 * Server data of the viewer (contract in src/shared/api/maps.ts): a map by environment and name or by id,
 * its live document and its live states. Keys live under the maps list's `maps` key, so map edits that
 * invalidate it refresh open viewers too. States poll at the SPEC §9 map interval only while the feed is down.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, queryClient } from '../app/api'
import { usePollingWhileOffline } from '../app/feed'
import { AUTO_REFRESH_S } from '../shared/constants'
import { MapDocumentOut, MapInfo, MapObjectState, MapStates } from '../shared/api/maps'
import type { MapDocument } from '../shared/maps'
import { mapListKeys } from './pages/maps-list/api'
import { liveDocumentUrl, mapByNameUrl, mapStatesUrl } from './map-urls'
import { earlyOr } from '../app/early'

export const viewerKeys = {
  byName: (hostgroupName: string, name: string) => [...mapListKeys.all, 'by-name', hostgroupName, name] as const,
  info: (id: number) => [...mapListKeys.all, 'info', id] as const,
  live: (id: number) => [...mapListKeys.all, 'document', id, 'live'] as const,
  states: (id: number) => [...mapListKeys.all, 'viewer-states', id] as const,
}

export function useMapByName(hostgroupName: string, name: string) {
  return useQuery({
    queryKey: viewerKeys.byName(hostgroupName, name),
    queryFn: async ({ signal }) => {
      const url = mapByNameUrl(hostgroupName, name)
      const info = await earlyOr(url, MapInfo, () => api.request(url, { schema: MapInfo, signal }))
      // The map view asks by id: it starts from this answer instead of asking again (one round trip less).
      queryClient.setQueryData(viewerKeys.info(info.id), info)
      return info
    },
  })
}

export function useMapInfo(id: number) {
  return useQuery({ queryKey: viewerKeys.info(id), queryFn: ({ signal }) => api.request(`maps/${id}`, { schema: MapInfo, signal }) })
}

/**
 * A published document was checked against MapDocument when it was saved and never changes; the viewer checks
 * its envelope only (the deep check of 10,000 items and connectors cost ~60 ms of a wall's first paint).
 */
const LiveDocumentOut = MapDocumentOut.extend({
  document: z.custom<MapDocument>((v) => typeof v === 'object' && v !== null && 'items' in v && 'connectors' in v),
})

/** The published version; refetched when the map info says a new version went live. */
export function useLiveDocument(id: number, version: number | null | undefined) {
  return useQuery({
    queryKey: [...viewerKeys.live(id), version ?? null],
    queryFn: ({ signal }) =>
      earlyOr(liveDocumentUrl(id), LiveDocumentOut, () =>
        api.request(`maps/${id}/document`, { query: { version: 'live' }, schema: LiveDocumentOut, signal }),
      ),
    enabled: version !== null && version !== undefined,
    staleTime: Infinity,
    // A newly published version replaces the shown one when it has arrived: a wall never goes blank.
    placeholderData: keepPreviousData,
  })
}

/**
 * The states of a big map are thousands of rows the server built from one query: the viewer checks the
 * envelope and the first row of each list (the deep check of 10,000 rows held a wall's first paint back).
 */
const checkedByFirst = z.custom<MapObjectState[]>((v) => Array.isArray(v) && (v.length === 0 || MapObjectState.safeParse(v[0]).success))
const LiveStates = MapStates.extend({ hosts: checkedByFirst, resources: checkedByFirst })

export function useMapStates(id: number, enabled: boolean) {
  const refetchInterval = usePollingWhileOffline(AUTO_REFRESH_S.map)
  return useQuery({
    queryKey: viewerKeys.states(id),
    queryFn: ({ signal }) => earlyOr(mapStatesUrl(id), LiveStates, () => api.request(mapStatesUrl(id), { schema: LiveStates, signal })),
    enabled,
    refetchInterval,
    // A wall shows a map for days: refetch also after the tab was in the background.
    refetchOnWindowFocus: true,
  })
}
