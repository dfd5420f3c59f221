/** SPEC §2 Assets routes. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'

const lazy = lazyPage(() => import('./pages'), 'AssetsPage')
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `assets.screens.${key}` }, lazy })

export const assetsRoutes: RouteObject[] = [
  screen('assets', 'hosts'),
  screen('assets/hosts/*', 'hosts'),
  screen('assets/software/*', 'software'),
  screen('assets/software/:hosttype/:package_name', 'softwareDetail'),
  screen('assets/:hostname', 'hostDetail'),
  screen('assets/:hostname/:tab', 'hostDetail'),
]
