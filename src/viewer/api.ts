/**
 * The maps client (contract in src/shared/api/maps.ts): the one key factory, the addresses and
 * the calls of the maps resource, for the viewer, the maps list, the slideshows and the editor (through
 * index.ts). Every key lives under `maps`, so one invalidation after a write refreshes every map screen.
 * A map by name and a map's states each have one key, whoever reads them. States poll at the SPEC §9 map
 * interval only while the feed is down.
 */
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, queryClient } from '../app/api'
import { usePollingWhileOffline } from '../app/feed'
import { earlyOr } from '../app/early'
import {
  MapArchiveResult,
  MapDocumentOut,
  MapImportResult,
  MapInfo,
  MapList,
  MapLock,
  MapObjectState,
  MapStates,
  MapVersionList,
  type GenerateMap,
  type MapUpdate,
  type NewMap,
} from '../shared/api/maps'
import type { MapDocument } from '../shared/maps'
import { earlyMapUrls } from './map-urls'
import { takeEarlyIdentity } from './early-identity'
import type { ImportFormat } from './pages/maps-list/import-format'

/** The addresses of the maps resource under /api/v1 (the early start's own from map-urls.ts). */
export const mapUrls = {
  ...earlyMapUrls,
  list: 'maps',
  one: (id: number) => `maps/${id}`,
  document: (id: number) => `maps/${id}/document`,
  documentUpdates: (id: number) => `maps/${id}/document/updates`,
  lock: (id: number) => `maps/${id}/lock`,
  publish: (id: number) => `maps/${id}/publish`,
  archive: (id: number) => `maps/${id}/archive`,
  recover: (id: number) => `maps/${id}/recover`,
  sync: (id: number) => `maps/${id}/sync`,
  versions: (id: number) => `maps/${id}/versions`,
  revert: (id: number, version: number) => `maps/${id}/versions/${version}/revert`,
  export: (id: number) => `maps/${id}/export`,
  import: 'maps/import',
  generate: 'maps/generate',
}

export interface MapListParams {
  order?: string
  limit: number
  offset: number
  /** SPEC §7 advanced_filter, JSON. */
  advanced_filter?: string
}

export const mapKeys = {
  all: ['maps'] as const,
  list: (p: MapListParams) => [...mapKeys.all, 'list', p] as const,
  byName: (hostgroupName: string, name: string) => [...mapKeys.all, 'by-name', hostgroupName, name] as const,
  info: (id: number) => [...mapKeys.all, 'info', id] as const,
  live: (id: number) => [...mapKeys.all, 'document', id, 'live'] as const,
  states: (id: number) => [...mapKeys.all, 'states', id] as const,
  versions: (id: number) => [...mapKeys.all, 'versions', id] as const,
}

export const fetchMaps = (p: MapListParams, signal?: AbortSignal) => api.request(mapUrls.list, { query: { ...p }, schema: MapList, signal })

/** One page of maps; SPEC §9 map auto-refresh while the feed is down (map rows change by edits, not deltas). */
export function useMapList(p: MapListParams) {
  const refetchInterval = usePollingWhileOffline('map')
  return useQuery({
    queryKey: mapKeys.list(p),
    queryFn: ({ signal }) => fetchMaps(p, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  })
}

/** A map by environment and name, as routes address it; the viewer's early start may have asked already. */
export const mapByNameQuery = (hostgroupName: string, name: string) =>
  queryOptions({
    queryKey: mapKeys.byName(hostgroupName, name),
    queryFn: async ({ signal }) => {
      const url = mapUrls.byName(hostgroupName, name)
      const info = await earlyOr(url, MapInfo, () => api.request(url, { schema: MapInfo, signal }))
      // The map view asks by id: it starts from this answer instead of asking again (one round trip less).
      queryClient.setQueryData(mapKeys.info(info.id), info)
      return info
    },
  })

export const useMapByName = (hostgroupName: string, name: string) => useQuery(mapByNameQuery(hostgroupName, name))

/**
 * A wall's map id and live version from its early document answer (early-identity.ts), before the map's info
 * has come; null when the app did not start on this map. Asked once per page load.
 */
export const useEarlyMapIdentity = (hostgroupName: string, name: string) =>
  useQuery({
    queryKey: [...mapKeys.byName(hostgroupName, name), 'early'],
    queryFn: () => takeEarlyIdentity(mapUrls.byName(hostgroupName, name)),
    staleTime: Infinity,
    // Kept only while shown: a later visit goes by the map's info (the version may have changed since).
    gcTime: 0,
  })

/** `enabled: false`: the info is on its way under another key (a wall's map by name, which fills this one). */
export function useMapInfo(id: number, enabled = true) {
  return useQuery({
    queryKey: mapKeys.info(id),
    queryFn: ({ signal }) => api.request(mapUrls.one(id), { schema: MapInfo, signal }),
    enabled,
  })
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
    queryKey: [...mapKeys.live(id), version ?? null],
    queryFn: ({ signal }) =>
      earlyOr(mapUrls.liveDocument(id), LiveDocumentOut, () =>
        api.request(mapUrls.document(id), { query: { version: 'live' }, schema: LiveDocumentOut, signal }),
      ),
    enabled: version !== null && version !== undefined,
    staleTime: Infinity,
    // A newly published version replaces the shown one when it has arrived: a wall never goes blank.
    placeholderData: keepPreviousData,
  })
}

/**
 * The states of a big map are thousands of rows the server built from one query: the client checks the
 * envelope and the first row of each list (the deep check of 10,000 rows held a wall's first paint back).
 */
const checkedByFirst = z.custom<MapObjectState[]>((v) => Array.isArray(v) && (v.length === 0 || MapObjectState.safeParse(v[0]).success))
const LiveStates = MapStates.extend({ hosts: checkedByFirst, resources: checkedByFirst })

/**
 * The live states of maps (the viewer's one map, a slideshow's maps for follow alarms), one query per map
 * under `mapKeys.states`, which the feed handlers invalidate. `quiet`: failures are not shown (follow alarms
 * watch maps the screen does not show).
 */
export function useMapStates(mapIds: readonly number[], enabled: boolean, quiet = false) {
  const refetchInterval = usePollingWhileOffline('map')
  return useQueries({
    queries: mapIds.map((id) => ({
      queryKey: mapKeys.states(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        earlyOr(mapUrls.states(id), LiveStates, () =>
          api.request(mapUrls.states(id), { schema: LiveStates, signal, errorHandlerEnabled: !quiet }),
        ),
      enabled,
      refetchInterval,
      // A wall shows a map for days: refetch also after the tab was in the background.
      refetchOnWindowFocus: true,
    })),
  })
}

export const versionsQuery = (id: number) =>
  queryOptions({
    queryKey: mapKeys.versions(id),
    queryFn: ({ signal }) => api.request(mapUrls.versions(id), { schema: MapVersionList, signal }),
  })

export const fetchDocument = (id: number, version: 'draft' | number) =>
  api.request(mapUrls.document(id), { query: { version }, schema: MapDocumentOut })

/**
 * Takes or renews the lock (SPEC §4 Maps) for one editing session (issue 18: one per browser tab); `takeOver`
 * takes it from another session of the same user. Errors are the caller's to show (held by someone else).
 */
export const takeLock = (id: number, session: string, takeOver = false) =>
  api.request(mapUrls.lock(id), {
    method: 'POST',
    query: { session, take_over: takeOver || undefined },
    schema: MapLock,
    errorHandlerEnabled: false,
  })
export const releaseLock = (id: number, session: string) =>
  api.request(mapUrls.lock(id), { method: 'DELETE', query: { session }, errorHandlerEnabled: false })

/**
 * Saves the draft: one compact Yjs update (DESIGN.md "Maps"). Failures are the session's to show: a lost lock
 * must leave the editor and its work in place, not open an error page.
 */
export const sendUpdate = (id: number, update: Uint8Array, session: string) =>
  api.request(mapUrls.documentUpdates(id), {
    method: 'POST',
    query: { session },
    schema: MapDocumentOut,
    raw: { body: new Blob([update as Uint8Array<ArrayBuffer>]), contentType: 'application/octet-stream' },
    errorHandlerEnabled: false,
  })

export const revertTo = (id: number, version: number, session: string) =>
  api.request(mapUrls.revert(id, version), { method: 'POST', query: { session }, schema: MapDocumentOut })

/** The writes that change what map screens show; run them through `useMapWrite`, which refreshes those screens. */
export const mapWrites = {
  create: (body: NewMap) => api.request(mapUrls.list, { method: 'POST', body, schema: MapInfo }),
  generate: (body: GenerateMap) => api.request(mapUrls.generate, { method: 'POST', body, schema: MapInfo }),
  /** Issue 6 "Import": the file's text is the body, sent as it is; the answer says what could not be converted. */
  import: async ({ query, file }: { query: { hostgroup_id: number; format: ImportFormat; alias: string }; file: Blob }) =>
    api.request(mapUrls.import, {
      method: 'POST',
      query,
      raw: { body: await file.text(), contentType: 'text/plain; charset=utf-8' },
      schema: MapImportResult,
    }),
  /** SPEC §3 map fields (alias, description, tags, layout, use_hard_state); the URL name stays as it is. */
  update: ({ id, body }: { id: number; body: z.input<typeof MapUpdate> }) =>
    api.request(mapUrls.one(id), { method: 'PUT', body, schema: MapInfo }),
  remove: (id: number) => api.request(mapUrls.one(id), { method: 'DELETE' }),
  publish: (id: number) => api.request(mapUrls.publish(id), { method: 'POST', body: {}, schema: MapInfo }),
  /** SPEC §4: archiving removes the links of other maps to it, which the answer lists as warnings. */
  archive: (id: number) => api.request(mapUrls.archive(id), { method: 'POST', body: {}, schema: MapArchiveResult }),
  recover: (id: number) => api.request(mapUrls.recover(id), { method: 'POST', body: {}, schema: MapInfo }),
  sync: (id: number) => api.request(mapUrls.sync(id), { method: 'POST', body: {}, schema: MapInfo }),
}

/** Refreshes every map screen's data: the maps list, the viewers, the slideshows' maps and the editor's map. */
export const invalidateMaps = () => queryClient.invalidateQueries({ queryKey: mapKeys.all })

/**
 * A write of the maps resource as a mutation; the maps' data is refreshed before `mutateAsync` resolves, so
 * a screen opened next (the editor after "Add map") reads current data. Failures are the API client's to show.
 */
export const useMapWrite = <A, R>(write: (args: A) => Promise<R>) => useMutation({ mutationFn: write, onSuccess: invalidateMaps })
