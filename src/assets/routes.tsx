/** SPEC §2 Assets routes. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { loadAssetsTexts } from './texts'

type Page = 'AssetsPage' | 'SoftwarePage' | 'SoftwareDetailPage'
const screen = (path: string, key: string, page: Page = 'AssetsPage'): RouteObject => ({
  path,
  handle: { screen: `assets.screens.${key}` },
  lazy: lazyPage(() => import('./pages'), page, loadAssetsTexts),
})

export const assetsRoutes: RouteObject[] = [
  screen('assets', 'hosts'),
  screen('assets/hosts/*', 'hosts'),
  screen('assets/software', 'software', 'SoftwarePage'),
  screen('assets/software/:hosttype/:package_name', 'softwareDetail', 'SoftwareDetailPage'),
  screen('assets/:hostname', 'hostDetail'),
  screen('assets/:hostname/:tab', 'hostDetail'),
]
