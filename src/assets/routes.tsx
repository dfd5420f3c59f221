/** SPEC §2 Assets routes. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { loadAssetsTexts } from './texts'

type Page = keyof typeof import('./pages')
const screen = (path: string, key: string, page: Page): RouteObject => ({
  path,
  handle: { screen: `assets.screens.${key}` },
  lazy: lazyPage(() => import('./pages'), page, loadAssetsTexts),
})

export const assetsRoutes: RouteObject[] = [
  screen('assets', 'hosts', 'HostAssetsPage'),
  screen('assets/hosts', 'hosts', 'HostAssetsPage'),
  screen('assets/software', 'software', 'SoftwarePage'),
  screen('assets/software/:hosttype/:package_name', 'softwareDetail', 'SoftwareDetailPage'),
  screen('assets/:hostname', 'hostDetail', 'HostAssetPage'),
  screen('assets/:hostname/:tab', 'hostDetail', 'HostAssetPage'),
]
