/** SPEC §2 Maps routes the viewer owns: overview, slideshows (with their edit form), viewer, legacy viewer, map timeline. */
import type { RouteObject } from 'react-router'
import { loadFeatureTexts } from '../app/i18n'
import { lazyPage } from '../app/shell'

// The viewer (issue 7): a lazy chunk with Konva; the ui texts for state badges. The map timeline apart: a wall
// loads only what it shows.
const viewer = lazyPage(() => import('./pages/viewer'), 'ViewerPage', loadFeatureTexts)
const timeline = lazyPage(() => import('./pages/map-timeline'), 'MapTimelinePage', loadFeatureTexts)
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `maps.screens.${key}` }, lazy: viewer })

// The maps table and the slideshow screens (issues 6 and 7), one lazy chunk each.
const mapsList = lazyPage(() => import('./pages/maps-list'), 'MapsListPage', loadFeatureTexts)
const slideshows = (name: 'SlideshowsPage' | 'SlideshowPage' | 'SlideshowEditPage') =>
  lazyPage(() => import('./pages/slideshows'), name, loadFeatureTexts)
const MAP = 'maps/:hostgroup_name/:name'
const SLIDESHOW = 'maps/slideshows/:hostgroup_name/:name'

export const viewerRoutes: RouteObject[] = [
  // `*`: SPEC §2 "Tables support the path forms … /page={page}" (anything else there is not found).
  { ...screen('maps/*', 'maps'), lazy: mapsList },
  { ...screen('maps/slideshows/*', 'slideshows'), lazy: slideshows('SlideshowsPage') },
  { ...screen(SLIDESHOW, 'slideshow'), lazy: slideshows('SlideshowPage') },
  { ...screen(`${SLIDESHOW}/fullscreen`, 'slideshow'), lazy: slideshows('SlideshowPage') },
  // The slideshow form is the viewer's (its list and pages share it); only the map editor is the editor's.
  { ...screen(`${SLIDESHOW}/edit`, 'slideshowEdit'), lazy: slideshows('SlideshowEditPage') },
  screen(MAP, 'viewer'),
  ...['view', 'display', 'fullscreen'].map((mode) => screen(`${MAP}/${mode}`, 'viewer')),
  screen(`${MAP}/legacy`, 'legacyViewer'),
  ...['view', 'display', 'fullscreen'].map((mode) => screen(`${MAP}/legacy/${mode}`, 'legacyViewer')),
  // `/*`: the timeline pages through /page={page} like the host timelines (SPEC §2).
  { ...screen(`${MAP}/timeline/*`, 'timeline'), lazy: timeline },
]
