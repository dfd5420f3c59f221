/**
 * Server calls of the map editor beyond the maps client (src/viewer/api.ts, which holds the map's own calls:
 * by name, document, lock, versions, writes): picture uploads (sent raw), error details and the palette's
 * searches. Keys live under `maps`, so invalidating the maps refreshes them too.
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api, ApiFailure, useCurrentUser } from '../app/api'
import type { CurrentUser } from '../shared/api/users'
import { MapImage } from '../shared/api/maps'

export const editorKeys = {
  all: ['maps', 'editor'] as const, // under the maps' key: a maps invalidation refreshes these too
  palette: (kind: string, search: string, environmentIds: readonly number[]) =>
    [...editorKeys.all, 'palette', kind, search, environmentIds] as const,
}

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
