/** SPEC §2 Admin routes. The screens of issue 15 load as one lazy chunk. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { loadAdminTexts } from './texts'

type Page = keyof typeof import('./pages')
const screen = (path: string, key: string, name: Page = 'AdminPage'): RouteObject => ({
  path,
  handle: { screen: `admin.screens.${key}` },
  lazy: lazyPage(() => import('./pages'), name, loadAdminTexts),
})
const hostsScreen = (path: string): RouteObject => ({
  path,
  handle: { screen: 'admin.screens.hosts' },
  lazy: lazyPage(() => import('./hosts/HostsPage'), 'HostsPage', loadAdminTexts),
})
const hostImportScreen = (path: string): RouteObject => ({
  path,
  handle: { screen: 'admin.screens.hostImport' },
  lazy: lazyPage(() => import('./hosts/HostImportPage'), 'HostImportPage', loadAdminTexts),
})
const settings = (path: string, key: string): RouteObject => ({
  path,
  handle: { screen: `admin.screens.${key}` },
  lazy: lazyPage(() => import('./settings'), 'SettingsPage', loadAdminTexts),
})

/** SPEC §2 settings under /admin/{organization}/settings/: thresholds (default), services, agent, risks, labels. */
const SETTINGS = ['thresholds', 'services', 'agent', 'risks', 'labels'] as const

export const adminRoutes: RouteObject[] = [
  screen('admin', 'overview', 'OverviewPage'),
  hostsScreen('admin/:organization'),
  hostsScreen('admin/:organization/hosts'),
  {
    path: 'admin/:organization/hosts/discover',
    handle: { screen: 'admin.screens.discovery' },
    lazy: lazyPage(() => import('./discovery/DiscoveryPage'), 'DiscoveryPage', loadAdminTexts),
  },
  hostImportScreen('admin/:organization/hosts/import'),
  hostsScreen('admin/:organization/hosts/:contentActiveSubTab'),
  screen('admin/:organization/environments', 'environments', 'EnvironmentsPage'),
  screen('admin/:organization/users', 'users', 'UsersPage'),
  screen('admin/:organization/timeline/*', 'timeline', 'OrganizationTimelinePage'),
  screen('admin/:organization/users/:user/timeline/*', 'userTimeline', 'UserTimelinePage'),
  settings('admin/:organization/settings', 'thresholds'),
  ...SETTINGS.map((section) => settings(`admin/:organization/settings/${section}`, section)),
]
