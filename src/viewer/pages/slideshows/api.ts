/**
 * Server data of the slideshow screens (contract in src/shared/api/maps.ts): the list, one slideshow by
 * environment and name, saves and deletes as mutations. Keys live under `slideshows`; the maps' states and
 * flags follow alarms watches come from the maps client (../../api.ts), under its keys.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, queryClient } from '../../../app/api'
import { Slideshow, SlideshowList, type MapList, type SlideshowBody, type SlideshowUpdate } from '../../../shared/api/maps'
import { fetchMaps, invalidateMaps, mapKeys } from '../../api'

export interface SlideshowListParams {
  order?: string
  limit: number
  offset: number
}

export const slideshowKeys = {
  all: ['slideshows'] as const,
  list: (p: SlideshowListParams) => [...slideshowKeys.all, 'list', p] as const,
  byName: (hostgroupName: string, name: string) => [...slideshowKeys.all, 'by-name', hostgroupName, name] as const,
}

export const fetchSlideshows = (p: SlideshowListParams, signal?: AbortSignal) =>
  api.request('slideshows', { query: { ...p }, schema: SlideshowList, signal })

export function useSlideshowList(p: SlideshowListParams) {
  return useQuery({
    queryKey: slideshowKeys.list(p),
    queryFn: ({ signal }) => fetchSlideshows(p, signal),
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

export const slideshowWrites = {
  save: ({ id, body }: { id: number | null; body: z.infer<typeof SlideshowBody> | z.infer<typeof SlideshowUpdate> }) =>
    api.request(id === null ? 'slideshows' : `slideshows/${id}`, { method: id === null ? 'POST' : 'PUT', body, schema: Slideshow }),
  remove: (id: number) => api.request(`slideshows/${id}`, { method: 'DELETE' }),
}

/** A slideshow write as a mutation; the slideshows and the maps (whose rows list their slideshows) refresh. */
export const useSlideshowWrite = <A, R>(write: (args: A) => Promise<R>) =>
  useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: slideshowKeys.all }), invalidateMaps()]),
  })

const hardStateOf = (page: z.infer<typeof MapList>) => new Map(page.result.map((m): [number, boolean] => [m.id, m.use_hard_state]))

/** SPEC §3 use_hard_state of the slideshow's maps, which decides what counts as a problem. */
export function useHardStateFlags(mapIds: readonly number[], enabled: boolean) {
  const params = { advanced_filter: JSON.stringify([{ key: 'id', operator: 'in', value: mapIds }]), limit: mapIds.length, offset: 0 }
  return useQuery({
    queryKey: mapKeys.list(params),
    queryFn: ({ signal }) => fetchMaps(params, signal),
    select: hardStateOf,
    enabled: enabled && mapIds.length > 0,
  })
}
