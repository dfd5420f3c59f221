/** SPEC §2 Admin routes. The screens of issue 15 load as one lazy chunk. */
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { loadScreenTexts } from '../app/i18n'
import { lazyPage } from '../app/shell'
import { loadAdminTexts } from './texts'

/** One admin screen: its page loads with the administration texts (./texts.ts). */
const route = <K extends string, M extends Record<K, ComponentType>>(
  path: string,
  key: string,
  load: () => Promise<M>,
  name: K,
): RouteObject => ({
  path,
  handle: { screen: `admin.screens.${key}` },
  lazy: lazyPage(load, name, loadAdminTexts),
})
const pages = () => import('./pages')
const hosts = (path: string) => route(path, 'hosts', () => import('./hosts/HostsPage'), 'HostsPage')
const settings = (path: string, key: string) => route(path, key, () => import('./settings'), 'SettingsPage')

/** SPEC §2 settings under /admin/{organization}/settings/: thresholds (default), services, agent, risks, labels; tickets (issue 15). */
const SETTINGS = ['thresholds', 'services', 'agent', 'risks', 'labels', 'tickets'] as const

export const adminRoutes: RouteObject[] = [
  route('admin', 'overview', pages, 'OverviewPage'),
  // `*`: SPEC §2 "Tables support the path forms … /page={page}" (anything else there is the list's "not found").
  // /admin/{organization}/hosts/page=2 reaches the sub-tab's route (a sub-tab never holds "="): the hosts then.
  hosts('admin/:organization/*'),
  hosts('admin/:organization/hosts/*'),
  route('admin/:organization/hosts/discover', 'discovery', () => import('./discovery/DiscoveryPage'), 'DiscoveryPage'),
  route('admin/:organization/hosts/import', 'hostImport', () => import('./hosts/HostImportPage'), 'HostImportPage'),
  hosts('admin/:organization/hosts/:contentActiveSubTab/*'),
  route('admin/:organization/environments', 'environments', pages, 'EnvironmentsPage'),
  route('admin/:organization/users/*', 'users', pages, 'UsersPage'),
  route('admin/:organization/timeline/*', 'timeline', pages, 'OrganizationTimelinePage'),
  route('admin/:organization/users/:user/timeline/*', 'userTimeline', pages, 'UserTimelinePage'),
  settings('admin/:organization/settings', 'thresholds'),
  ...SETTINGS.map((section) => settings(`admin/:organization/settings/${section}`, section)),
  // Issue 15 Limits: quotas and allowed networks of an organization.
  route('admin/:organization/limits', 'limits', () => import('./limits/LimitsPage'), 'LimitsPage'),
  // Issue 20: probes in customer networks, for server admins.
  route('admin/probes', 'probes', () => import('./probes/ProbesPage'), 'ProbesPage'),
  // Issue 19: the browsers' reports, for server admins; its texts are the shell screens'.
  {
    path: 'admin/client-reports',
    handle: { screen: 'admin.screens.clientReports' },
    lazy: lazyPage(() => import('./client-reports/ClientReportsPage'), 'ClientReportsPage', loadScreenTexts),
  },
]
