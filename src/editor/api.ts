/**
 * Server calls of the map editor (contract: src/shared/api/maps.ts). Keys live under `maps`, so the maps
 * list and the viewer see the editor's changes when `['maps']` is invalidated. The two binary bodies (Yjs
 * updates and background pictures) are sent raw.
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api, ApiFailure, useCurrentUser, queryClient } from '../app/api'
import type { CurrentUser } from '../shared/api/users'
import { MapDocumentOut, MapImage, MapInfo, MapLock, MapUpdate, MapVersionList } from '../shared/api/maps'

export const editorKeys = {
  all: ['maps', 'editor'] as const,
  byName: (hostgroup: string, name: string) => [...editorKeys.all, 'by-name', hostgroup, name] as const,
  versions: (id: number) => [...editorKeys.all, 'versions', id] as const,
  palette: (kind: string, search: string, environmentIds: readonly number[]) =>
    [...editorKeys.all, 'palette', kind, search, environmentIds] as const,
}

export const mapByNameQuery = (hostgroup: string, name: string) =>
  queryOptions({
    queryKey: editorKeys.byName(hostgroup, name),
    queryFn: ({ signal }) =>
      api.request(`maps/by-name/${encodeURIComponent(hostgroup)}/${encodeURIComponent(name)}`, { schema: MapInfo, signal }),
    staleTime: Infinity,
  })

export const versionsQuery = (id: number) =>
  queryOptions({
    queryKey: editorKeys.versions(id),
    queryFn: ({ signal }) => api.request(`maps/${id}/versions`, { schema: MapVersionList, signal }),
  })

export const fetchDocument = (id: number, version: 'draft' | number) =>
  api.request(`maps/${id}/document`, { query: { version }, schema: MapDocumentOut })

/** Takes or renews the lock (SPEC §4 Maps); errors are the caller's to show (held by someone else). */
export const takeLock = (id: number) => api.request(`maps/${id}/lock`, { method: 'POST', schema: MapLock, errorHandlerEnabled: false })
export const releaseLock = (id: number) => api.request(`maps/${id}/lock`, { method: 'DELETE', errorHandlerEnabled: false })
export const publishMap = (id: number) => api.request(`maps/${id}/publish`, { method: 'POST', body: {}, schema: MapInfo })
/** SPEC §3 map fields (alias, description, tags, layout, use_hard_state); the URL name stays as it is. */
export async function updateMap(id: number, body: z.input<typeof MapUpdate>) {
  const info = await api.request(`maps/${id}`, { method: 'PUT', body, schema: MapInfo })
  // The maps list, the viewer and the editor's own copy of the map read these fields.
  await queryClient.invalidateQueries({ queryKey: ['maps'] })
  return info
}
export const revertTo = (id: number, version: number) =>
  api.request(`maps/${id}/versions/${version}/revert`, { method: 'POST', schema: MapDocumentOut })

/** Saves the draft: one compact Yjs update (DESIGN.md "Maps"). */
export const sendUpdate = (id: number, update: Uint8Array) =>
  api.request(`maps/${id}/document/updates`, {
    method: 'POST',
    schema: MapDocumentOut,
    raw: { body: new Blob([update as Uint8Array<ArrayBuffer>]), contentType: 'application/octet-stream' },
  })

export type PicturePurpose = 'background' | 'image'
export type UploadedPicture = z.infer<typeof MapImage>

/**
 * SPEC §5 uploads: the picture as the body; the server sniffs its type and checks its size (backgrounds also
 * at least 800×600, pictures of image items any size).
 */
export const uploadPicture = (hostgroupId: number, file: File, purpose: PicturePurpose) =>
  api.request('map-images', {
    method: 'POST',
    schema: MapImage,
    query: { hostgroup_id: hostgroupId, purpose, filename: file.name },
    raw: { body: file, contentType: file.type || 'application/octet-stream' },
  })

/** The SPEC §8 key of a failed call, if the server sent one. */
export function errorKeyOf(error: unknown): string | null {
  if (!(error instanceof ApiFailure)) return null
  const key = (error.body as { error?: { key?: unknown } } | undefined)?.error?.key
  return typeof key === 'string' ? key : null
}

export function errorExtraOf(error: unknown): Record<string, unknown> {
  return (
    (error instanceof ApiFailure
      ? (error.body as { error?: { extra_info?: Record<string, unknown> } } | undefined)?.error?.extra_info
      : undefined) ?? {}
  )
}

/** What the palette can place, found by name (SPEC §7 list calls with an advanced filter). */
export type PaletteKind = 'host' | 'resource' | 'environment' | 'map'

export interface PaletteEntry {
  kind: PaletteKind
  id: number
  name: string
  detail: string
  init: Record<string, unknown>
}

const rows = <T extends z.ZodType>(row: T) => z.object({ result: z.array(row) })
const PALETTE_SOURCES: Record<PaletteKind, { path: string; column: string; parse(body: unknown): PaletteEntry[] }> = {
  host: {
    path: 'hosts',
    column: 'name',
    parse: (b) =>
      rows(z.object({ id: z.number(), name: z.string(), hostgroup_alias: z.string().optional() }))
        .parse(b)
        .result.map((h) => ({
          kind: 'host',
          id: h.id,
          name: h.name,
          detail: h.hostgroup_alias ?? '',
          init: { host_id: h.id, name: h.name },
        })),
  },
  resource: {
    path: 'resources',
    column: 'display_name',
    parse: (b) =>
      rows(z.object({ id: z.number(), host_id: z.number(), host_name: z.string(), display_name: z.string() }))
        .parse(b)
        .result.map((r) => ({
          kind: 'resource',
          id: r.id,
          name: r.display_name,
          detail: r.host_name,
          init: { resource_id: r.id, host_id: r.host_id, name: r.display_name, host_name: r.host_name },
        })),
  },
  environment: {
    path: 'hostgroups',
    column: 'name',
    parse: (b) =>
      rows(z.object({ id: z.number(), name: z.string(), alias: z.string() }))
        .parse(b)
        .result.map((e) => ({ kind: 'environment', id: e.id, name: e.name, detail: e.alias, init: { hostgroup_id: e.id, name: e.name } })),
  },
  map: {
    path: 'maps',
    column: 'alias',
    parse: (b) =>
      rows(z.object({ id: z.number(), name: z.string(), alias: z.string(), hostgroup_name: z.string() }))
        .parse(b)
        .result.map((m) => ({ kind: 'map', id: m.id, name: m.alias, detail: m.hostgroup_name, init: { map_id: m.id, name: m.alias } })),
  },
}

/**
 * Issue 13: a map binds only objects of its own organization (store/map-bindings.ts), so the pickers search
 * only the environments the user sees in the organization of the map's environment.
 */
export function organizationEnvironments(user: Pick<CurrentUser, 'allowed_environments'> | undefined, hostgroupId: number): number[] {
  const organizationId = user?.allowed_environments.find((e) => e.id === hostgroupId)?.organization_id
  return user?.allowed_environments.filter((e) => e.organization_id === organizationId).map((e) => e.id) ?? []
}

export const useMapEnvironments = (hostgroupId: number) => organizationEnvironments(useCurrentUser(), hostgroupId)

/** Disabled without environments: an empty `environment_ids` would not narrow the list call at all. */
export const paletteQuery = (kind: PaletteKind, search: string, environmentIds: readonly number[]) =>
  queryOptions({
    queryKey: editorKeys.palette(kind, search, environmentIds),
    queryFn: async ({ signal }) => {
      const source = PALETTE_SOURCES[kind]
      const query = {
        advanced_filter: JSON.stringify([[source.column, 'contains', search]]),
        environment_ids: environmentIds.join(','),
        limit: 20,
      }
      return source.parse(await api.request(source.path, { query, signal }))
    },
    enabled: search.trim().length >= 2 && environmentIds.length > 0,
    staleTime: 30_000,
  })

/** The perfdata labels of an interface resource (bandwidth connections pick their in/out labels here). */
export const perfdataKeysQuery = (resourceId: number | null) =>
  queryOptions({
    queryKey: [...editorKeys.all, 'perfdata-keys', resourceId] as const,
    queryFn: async ({ signal }) => {
      const body = await api.request(`resources/${resourceId}/perfdata`, {
        schema: z.object({ result: z.array(z.object({ key: z.string() })) }),
        signal,
      })
      return body.result.map((s) => s.key)
    },
    enabled: resourceId !== null,
  })
