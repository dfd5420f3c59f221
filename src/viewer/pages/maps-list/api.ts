/**
 * Server data of the maps list, the add-map form, "New map from…", import and export (STYLE.md "Browser features"): one
 * key factory under `maps`, so that invalidating `mapListKeys.all` refreshes every map screen's data.
 * Calls follow the contract in src/shared/api/maps.ts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, queryClient } from '../../../app/api'
import { AUTO_REFRESH_S } from '../../../shared/constants'
import {
  MapArchiveResult,
  MapImportResult,
  MapInfo,
  MapList,
  type EXPORT_FORMATS,
  type GenerateMap,
  type NewMap,
} from '../../../shared/api/maps'
import { usePollingWhileOffline } from '../../../app/feed'
import { downloadBlob } from '../../../ui'
import type { ImportFormat } from './import-format'

export interface MapListParams {
  order?: string
  limit: number
  offset: number
  /** SPEC §7 advanced_filter, JSON. */
  advanced_filter?: string
}

export const mapListKeys = {
  all: ['maps'] as const,
  list: (p: MapListParams) => [...mapListKeys.all, 'list', p] as const,
}

export const fetchMaps = (p: MapListParams, signal?: AbortSignal) => api.request('maps', { query: { ...p }, schema: MapList, signal })

/** One page of maps; SPEC §9 map auto-refresh while the feed is down (map rows change by edits, not deltas). */
export function useMapList(p: MapListParams) {
  const refetchInterval = usePollingWhileOffline(AUTO_REFRESH_S.map)
  return useQuery({
    queryKey: mapListKeys.list(p),
    queryFn: ({ signal }) => fetchMaps(p, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  })
}

const refresh = () => queryClient.invalidateQueries({ queryKey: mapListKeys.all })

export async function createMap(body: NewMap) {
  const map = await api.request('maps', { method: 'POST', body, schema: MapInfo })
  await refresh()
  return map
}

export async function generateMap(body: GenerateMap) {
  const map = await api.request('maps/generate', { method: 'POST', body, schema: MapInfo })
  await refresh()
  return map
}

export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Issue 6 "Import": the file's text is the body, sent as it is; the answer says what could not be converted. */
export async function importMap(query: { hostgroup_id: number; format: ImportFormat; alias: string }, text: string) {
  const result = await api.request('maps/import', {
    method: 'POST',
    query,
    raw: { body: text, contentType: 'text/plain; charset=utf-8' },
    schema: MapImportResult,
  })
  await refresh()
  return result
}

/**
 * Export: the JSON document or the SVG picture of the draft, saved as a download named after the map. PNG
 * (issue 6 "export … to PNG/SVG") is the server's SVG drawn onto a canvas here: one drawing code for both.
 */
export async function downloadMap(map: Pick<MapInfo, 'id' | 'name'>, format: ExportFormat | 'png') {
  const blob = await api.request<Blob>(`maps/${map.id}/export`, {
    query: { format: format === 'png' ? 'svg' : format },
    responseType: 'blob',
  })
  downloadBlob(format === 'png' ? await rasterise(blob) : blob, `${map.name}.${format}`)
}

/** An SVG picture as PNG at its own size (its pictures are data URIs, so the canvas stays readable). */
async function rasterise(svg: Blob): Promise<Blob> {
  const url = URL.createObjectURL(svg)
  try {
    const img = new Image()
    img.src = url
    await img.decode()
    const canvas = document.createElement('canvas')
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    canvas.getContext('2d')!.drawImage(img, 0, 0)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG export failed'))), 'image/png'),
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}

export async function deleteMap(id: number) {
  await api.request(`maps/${id}`, { method: 'DELETE' })
  await refresh()
}

/** SPEC §4: archiving removes the links of other maps to it, which the answer lists as warnings. */
export async function archiveMap(id: number) {
  const map = await api.request(`maps/${id}/archive`, { method: 'POST', body: {}, schema: MapArchiveResult })
  await refresh()
  return map
}

export async function recoverMap(id: number) {
  await api.request(`maps/${id}/recover`, { method: 'POST', body: {}, schema: MapInfo })
  await refresh()
}

export async function syncMap(id: number) {
  await api.request(`maps/${id}/sync`, { method: 'POST', body: {}, schema: MapInfo })
  await refresh()
}

const HostPage = z.object({ result: z.array(z.object({ id: z.number().int(), name: z.string() })) })

/** "A host and its children": the host by its exact name, among the hosts the caller may see. */
export async function findHost(name: string) {
  const advanced_filter = JSON.stringify([{ key: 'name', operator: 'equals', value: name }])
  const page = await api.request('hosts/', { query: { advanced_filter, limit: 1 }, schema: HostPage })
  return page.result[0] ?? null
}
