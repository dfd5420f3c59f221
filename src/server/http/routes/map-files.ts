/**
 * Map files (issue 6 "Import" and export), registered under /maps beside the maps routes:
 *   POST maps/import?hostgroup_id=&format=drawio|nagvis&alias=   body: the file's text → 201 MapImportResult
 *   GET  maps/:id/export?format=json|svg&version=live|N|draft&theme=  → the Vigil JSON document or an SVG drawing
 * An export is of the published version unless asked otherwise, and the draft only for those who may edit the map
 * (issue 18): the SVG (and the PNG the browser makes of it) is the picture the wall shows.
 */
import type { RouteDeps, ZodApp } from '../types'
import { IdParams } from '../../../shared/api/entities'
import { MapExportQuery, MapImportQuery, MapImportResult } from '../../../shared/api/maps'
import { fileResponse } from '../../../shared/api/list'
import { exportSvg } from '../../../shared/maps/export-svg'
import { mapFontFaces, measureMapText } from '../../maps/text-metrics'
import { bindingsOf, decorate, rollupMap, sourcesOf, type LiveState, type MapDocument } from '../../../shared/maps'
import { bandwidthReading } from '../../../shared/maps/bandwidth'
import { mapTheme } from '../../../shared/maps/draw'
import type { MapObjectState, MapStates } from '../../../shared/api/maps'
import type { Connector } from '../../../shared/maps'
import { importMap } from '../../integrations/import'
import { requireMap, requireWrite } from '../../store/maps'
import { getDocument } from '../../store/map-versions'
import { mapStates } from '../../store/map-states'
import { mapImageDataUris } from '../../store/map-images'

/**
 * What the map's viewers see, applied to the exported document: SPEC §4 roll-up with decorations and bandwidth
 * readings, through the code the wall runs (viewer/live/live-states.ts, MapView.tsx).
 */
function liveOf(doc: MapDocument, useHard: boolean, live: MapStates, nowS: number) {
  const objects = new Map<string, MapObjectState>([
    ...live.hosts.map((h) => [`host:${h.id}`, h] as const),
    ...live.resources.map((r) => [`resource:${r.id}`, r] as const),
  ])
  const rolled = rollupMap(doc, useHard, sourcesOf(live), [live.map_id]).items
  const states: Record<string, LiveState> = {}
  for (const [id, base] of Object.entries(rolled)) states[id] = decorate(bindingsOf(doc.items[id]), base, (b) => objects.get(b))
  return {
    states,
    bandwidth: (c: Connector) => (c.bandwidth ? bandwidthReading(c.bandwidth, live.bandwidth[c.bandwidth.resource_id], nowS) : undefined),
  }
}

/** A download name from the map's name (SPEC §5 names: letters, digits, dot, underscore, hyphen, space). */
const fileName = (name: string, ext: string) => `${name.replace(/[^\w.-]+/g, '_') || 'map'}.${ext}`

export async function mapFileRoutes(app: ZodApp, { store }: RouteDeps) {
  const db = store.db
  // The body is the file itself, whatever type the browser gives it (XML, text, or none at all).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  app.post('/import', { schema: { querystring: MapImportQuery, response: { 201: MapImportResult } } }, async (req, reply) =>
    reply.status(201).send(await importMap(db, req.scope, req.query, typeof req.body === 'string' ? req.body : '')),
  )

  app.get(
    '/:id/export',
    { schema: { params: IdParams, querystring: MapExportQuery, response: { 200: fileResponse('application/json', 'image/svg+xml') } } },
    async (req, reply) => {
      const map = await requireMap(db, req.scope, req.params.id)
      // A draft is the editors' work in progress, not what the map's viewers see.
      if (req.query.version === 'draft') requireWrite(req.scope, map, 'edit')
      const { document } = await getDocument(db, req.scope, map.id, req.query.version)
      reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store')
      if (req.query.format === 'json') {
        return reply
          .header('Content-Type', 'application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${fileName(map.name, 'json')}"`)
          .send(JSON.stringify(document, null, 2))
      }
      const imageIds = [document.background.image_id, ...Object.values(document.items).map((i) => ('image_id' in i ? i.image_id : null))]
      const [live, images] = await Promise.all([
        mapStates(db, req.scope, map.id),
        mapImageDataUris(db, req.scope, [...new Set(imageIds.filter((id): id is number => id !== null))]),
      ])
      const svg = exportSvg(document, {
        ...liveOf(document, map.use_hard_state, live, Date.now() / 1000),
        images,
        measure: measureMapText,
        fontFaces: mapFontFaces,
        theme: mapTheme(req.query.theme),
        title: map.alias,
      })
      return (
        reply
          .header('Content-Type', 'image/svg+xml; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${fileName(map.name, 'svg')}"`)
          // An SVG opened from here must not run anything, whatever a future bug lets into it.
          .header('Content-Security-Policy', "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'")
          .send(svg)
      )
    },
  )
}
