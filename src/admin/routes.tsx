/** SPEC §2 Admin routes. The screens of issue 15 load as one lazy chunk. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { i18n, loadFeatureTexts } from '../app/i18n'

type Page = keyof typeof import('./pages')
const screen = (path: string, key: string, name: Page = 'AdminPage'): RouteObject => ({
  path,
  handle: { screen: `admin.screens.${key}` },
  lazy: lazyPage(() => import('./pages'), name, loadFeatureTexts),
})
const hostsScreen = (path: string): RouteObject => ({
  path,
  handle: { screen: 'admin.screens.hosts' },
  lazy: lazyPage(() => import('./hosts/HostsPage'), 'HostsPage', loadFeatureTexts),
})
/** The settings screens' texts (the catalogue's admin.settings part) load with them, as the editor's do. */
const settingsTexts = () =>
  Promise.all([loadFeatureTexts(), import('../shared/i18n/en/admin-settings')]).then(([, texts]) =>
    i18n.addResourceBundle('en', 'translation', { admin: { settings: texts.adminSettings } }, true, true),
  )
const settings = (path: string, key: string): RouteObject => ({
  path,
  handle: { screen: `admin.screens.${key}` },
  lazy: lazyPage(() => import('./settings'), 'SettingsPage', settingsTexts),
})

/** SPEC §2 settings under /admin/{organization}/settings/: thresholds (default), services, agent, risks, labels; tickets (issue 15). */
const SETTINGS = ['thresholds', 'services', 'agent', 'risks', 'labels', 'tickets'] as const

export const adminRoutes: RouteObject[] = [
  screen('admin', 'overview', 'OverviewPage'),
  hostsScreen('admin/:organization'),
  hostsScreen('admin/:organization/hosts'),
  hostsScreen('admin/:organization/hosts/:contentActiveSubTab'),
  screen('admin/:organization/environments', 'environments', 'EnvironmentsPage'),
  screen('admin/:organization/users', 'users', 'UsersPage'),
  screen('admin/:organization/timeline/*', 'timeline', 'OrganizationTimelinePage'),
  screen('admin/:organization/users/:user/timeline/*', 'userTimeline', 'UserTimelinePage'),
  settings('admin/:organization/settings', 'thresholds'),
  ...SETTINGS.map((section) => settings(`admin/:organization/settings/${section}`, section)),
]
