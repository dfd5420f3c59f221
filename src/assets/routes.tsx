/** SPEC §2 Assets routes. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.AssetsPage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `assets.screens.${key}` }, lazy })

export const assetsRoutes: RouteObject[] = [
  screen('assets', 'hosts'),
  screen('assets/hosts/*', 'hosts'),
  screen('assets/software/*', 'software'),
  screen('assets/software/:hosttype/:package_name', 'softwareDetail'),
  screen('assets/:hostname', 'hostDetail'),
  screen('assets/:hostname/:tab', 'hostDetail'),
]
