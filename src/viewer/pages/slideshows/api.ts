/**
 * Server data of the slideshow screens (contract in src/shared/api/maps.ts): the list, one slideshow by
 * environment and name, saves and deletes, and the live states follow alarms watches. Keys live under
 * `slideshows` and under the maps list's `maps` key (states), so edits and deltas refresh what shows them.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, queryClient } from '../../../app/api'
import { usePollingWhileOffline } from '../../../app/feed'
import { AUTO_REFRESH_S } from '../../../shared/constants'
import { MapList, MapStates, Slideshow, SlideshowList, type SlideshowBody, type SlideshowUpdate } from '../../../shared/api/maps'
import { mapListKeys } from '../maps-list/api'

export interface SlideshowListParams {
  order?: string
  limit: number
  offset: number
}

export const slideshowKeys = {
  all: ['slideshows'] as const,
  list: (p: SlideshowListParams) => [...slideshowKeys.all, 'list', p] as const,
  byName: (hostgroupName: string, name: string) => [...slideshowKeys.all, 'by-name', hostgroupName, name] as const,
  /** Under the maps' key: deleting or editing a map refreshes them too. */
  states: (mapId: number) => [...mapListKeys.all, 'states', mapId] as const,
  hardStates: (ids: readonly number[]) => [...mapListKeys.all, 'use_hard_state', ids] as const,
}

export function useSlideshowList(p: SlideshowListParams) {
  return useQuery({
    queryKey: slideshowKeys.list(p),
    queryFn: ({ signal }) => api.request('slideshows', { query: { ...p }, schema: SlideshowList, signal }),
    placeholderData: keepPreviousData,
  })
}

export function useSlideshow(hostgroupName: string, name: string) {
  return useQuery({
    queryKey: slideshowKeys.byName(hostgroupName, name),
    queryFn: ({ signal }) =>
      api.request(`slideshows/by-name/${encodeURIComponent(hostgroupName)}/${encodeURIComponent(name)}`, { schema: Slideshow, signal }),
  })
}

const refresh = () => queryClient.invalidateQueries({ queryKey: slideshowKeys.all })

export async function saveSlideshow(id: number | null, body: z.infer<typeof SlideshowBody> | z.infer<typeof SlideshowUpdate>) {
  const saved = await api.request(id === null ? 'slideshows' : `slideshows/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: Slideshow,
  })
  await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: mapListKeys.all })])
  return saved
}

export async function deleteSlideshow(id: number) {
  await api.request(`slideshows/${id}`, { method: 'DELETE' })
  await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: mapListKeys.all })])
}

/**
 * The live states of every map of a slideshow (for follow alarms): one query per map, refreshed by the
 * map's feed topic (see SlideshowPage) and, while the feed is down, at the SPEC §9 map interval.
 */
export function useMapStates(mapIds: readonly number[], enabled: boolean) {
  const refetchInterval = usePollingWhileOffline(AUTO_REFRESH_S.map)
  return useQueries({
    queries: mapIds.map((id) => ({
      queryKey: slideshowKeys.states(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.request(`maps/${id}/states`, { schema: MapStates, signal, errorHandlerEnabled: false }),
      enabled,
      refetchInterval,
    })),
  })
}

/** SPEC §3 use_hard_state of the slideshow's maps, which decides what counts as a problem. */
export function useHardStateFlags(mapIds: readonly number[], enabled: boolean) {
  return useQuery({
    queryKey: slideshowKeys.hardStates(mapIds),
    enabled: enabled && mapIds.length > 0,
    queryFn: async ({ signal }) => {
      const advanced_filter = JSON.stringify([{ key: 'id', operator: 'in', value: mapIds }])
      const page = await api.request('maps', { query: { advanced_filter, limit: mapIds.length }, schema: MapList, signal })
      return new Map(page.result.map((m) => [m.id, m.use_hard_state]))
    },
  })
}
