/** SPEC §2 Maps routes the viewer owns: overview, slideshows, viewer, legacy viewer, map timeline. */
import type { RouteObject } from 'react-router'
import { loadFeatureTexts } from '../app/i18n'

// The viewer (issue 7): a lazy chunk with Konva; the ui texts for state badges. The map timeline apart: a wall
// loads only what it shows.
const viewer = () => Promise.all([import('./pages/viewer'), loadFeatureTexts()]).then(([m]) => ({ Component: m.ViewerPage }))
const timeline = () => Promise.all([import('./pages/map-timeline'), loadFeatureTexts()]).then(([m]) => ({ Component: m.MapTimelinePage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `maps.screens.${key}` }, lazy: viewer })

// The maps table and the slideshow screens (issues 6 and 7), one lazy chunk each.
const mapsList = () => Promise.all([import('./pages/maps-list'), loadFeatureTexts()]).then(([m]) => ({ Component: m.MapsListPage }))
const slideshows = (name: keyof typeof import('./pages/slideshows')) => () =>
  Promise.all([import('./pages/slideshows'), loadFeatureTexts()]).then(([m]) => ({ Component: m[name] }))
const MAP = 'maps/:hostgroup_name/:name'
const SLIDESHOW = 'maps/slideshows/:hostgroup_name/:name'

export const viewerRoutes: RouteObject[] = [
  { ...screen('maps', 'maps'), lazy: mapsList },
  { ...screen('maps/slideshows', 'slideshows'), lazy: slideshows('SlideshowsPage') },
  { ...screen(SLIDESHOW, 'slideshow'), lazy: slideshows('SlideshowPage') },
  { ...screen(`${SLIDESHOW}/fullscreen`, 'slideshow'), lazy: slideshows('SlideshowPage') },
  screen(MAP, 'viewer'),
  ...['view', 'display', 'fullscreen'].map((mode) => screen(`${MAP}/${mode}`, 'viewer')),
  screen(`${MAP}/legacy`, 'legacyViewer'),
  ...['view', 'display', 'fullscreen'].map((mode) => screen(`${MAP}/legacy/${mode}`, 'legacyViewer')),
  // `/*`: the timeline pages through /page={page} like the host timelines (SPEC §2).
  { ...screen(`${MAP}/timeline/*`, 'timeline'), lazy: timeline },
]
