/**
 * The maps list's calls beyond the maps client (../../api.ts): export as a download, and the host lookup of
 * "New map from… a host and its children".
 */
import { z } from 'zod'
import { api } from '../../../app/api'
import type { EXPORT_FORMATS, MapInfo } from '../../../shared/api/maps'
import type { Theme } from '../../../shared/enums'
import { downloadBlob } from '../../../ui'
import { mapUrls } from '../../api'

export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/**
 * Export: the JSON document or the SVG picture of the published version (issue 18: the wall's picture), or of
 * the draft while the map was never published (the server gives it to those who may edit only), saved as a
 * download named after the map. PNG (issue 6 "export … to PNG/SVG") is the server's SVG drawn onto a canvas
 * here: one drawing code for both. The picture is in the palette of the user's `theme`, as their wall shows it.
 */
export async function downloadMap(map: Pick<MapInfo, 'id' | 'name' | 'version'>, format: ExportFormat | 'png', theme?: Theme) {
  const blob = await api.request<Blob>(mapUrls.export(map.id), {
    query: { format: format === 'png' ? 'svg' : format, version: map.version === null ? 'draft' : 'live', theme },
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

const HostPage = z.object({ result: z.array(z.object({ id: z.number().int(), name: z.string() })) })

/** "A host and its children": the host by its exact name, among the hosts the caller may see. */
export async function findHost(name: string) {
  const advanced_filter = JSON.stringify([{ key: 'name', operator: 'equals', value: name }])
  const page = await api.request('hosts/', { query: { advanced_filter, limit: 1 }, schema: HostPage })
  return page.result[0] ?? null
}
