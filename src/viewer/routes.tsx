/** SPEC §2 Maps routes the viewer owns: overview, slideshows, viewer, legacy viewer, map timeline. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.ViewerPage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `maps.screens.${key}` }, lazy })

const MAP = 'maps/:hostgroup_name/:name'
const SLIDESHOW = 'maps/slideshows/:hostgroup_name/:name'

export const viewerRoutes: RouteObject[] = [
  screen('maps', 'maps'),
  screen('maps/slideshows', 'slideshows'),
  screen(SLIDESHOW, 'slideshow'),
  screen(`${SLIDESHOW}/fullscreen`, 'slideshow'),
  screen(MAP, 'viewer'),
  ...['view', 'display', 'fullscreen'].map((mode) => screen(`${MAP}/${mode}`, 'viewer')),
  screen(`${MAP}/legacy`, 'legacyViewer'),
  ...['view', 'display', 'fullscreen'].map((mode) => screen(`${MAP}/legacy/${mode}`, 'legacyViewer')),
  screen(`${MAP}/timeline`, 'timeline'),
]
