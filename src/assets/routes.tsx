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
  // `*`: SPEC §2 "Tables support the path forms … /page={page}"; /assets/page=2 reaches the host's route (a host
  // name never holds "="), which shows the hosts then.
  screen('assets/hosts/*', 'hosts', 'HostAssetsPage'),
  screen('assets/software/*', 'software', 'SoftwarePage'),
  screen('assets/software/:hosttype/:package_name', 'softwareDetail', 'SoftwareDetailPage'),
  screen('assets/:hostname', 'hostDetail', 'HostAssetPage'),
  screen('assets/:hostname/:tab/*', 'hostDetail', 'HostAssetPage'),
]
