import { createElement, lazy, Suspense } from 'react'
import type { MapViewProps } from './MapView'
export { viewerRoutes } from './routes'
// The maps client (issue 14: one for every screen that shows or edits maps).
export {
  mapKeys,
  mapUrls,
  mapByNameQuery,
  versionsQuery,
  fetchDocument,
  takeLock,
  releaseLock,
  sendUpdate,
  revertTo,
  mapWrites,
  useMapWrite,
} from './api'
// Items on Konva (issue 7): reused by the editor (DESIGN.md "the editor may import the viewer's renderer"); the
// drawing itself is shared with the SVG export (src/shared/maps/draw, issue 18).
export { ItemNode, ConnectorLine } from './items'
export type { ItemProps, LiveState, ItemDecorations, Lod, ImageLookup, ConnectorProps } from './items'
export { mapTheme, mapThemes, liveColour, type MapTheme } from '../shared/maps/draw'
// The map's images by name, for the editor's canvas like the viewer's.
export { useMapImages } from './use-map-images'
// Labels wait for the map font, in the editor as on the wall.
export { useMapFont } from './map-font'
// Live item states over a document being edited (issue 18), so the editor shows what the wall shows.
export { useItemStates } from './live/use-item-states'
// The live map canvas of one map, for the viewer pages and the slideshow pages. Loaded on first use: this
// file is imported by the app's route table, which must not pull the feed, Konva and the canvas in with it.
const LazyMapView = lazy(() => import('./MapView').then((m) => ({ default: m.MapView })))
export function MapView(props: MapViewProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyMapView, props))
}
export type { MapViewProps }
