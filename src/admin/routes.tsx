/** SPEC §2 Admin routes. The screens of issue 15 load as one lazy chunk; host management and settings are still placeholders. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'
import { loadFeatureTexts } from '../app/i18n'

type Page = keyof typeof import('./pages')
const screen = (path: string, key: string, name: Page = 'AdminPage'): RouteObject => ({
  path,
  handle: { screen: `admin.screens.${key}` },
  lazy: lazyPage(() => import('./pages'), name, loadFeatureTexts),
})

/** SPEC §2 settings under /admin/{organization}/settings/: thresholds (default), services, agent, risks, labels. */
const SETTINGS = ['thresholds', 'services', 'agent', 'risks', 'labels'] as const

export const adminRoutes: RouteObject[] = [
  screen('admin', 'overview', 'OverviewPage'),
  screen('admin/:organization', 'hosts'),
  screen('admin/:organization/hosts', 'hosts'),
  screen('admin/:organization/hosts/:contentActiveSubTab', 'hosts'),
  screen('admin/:organization/environments', 'environments', 'EnvironmentsPage'),
  screen('admin/:organization/users', 'users', 'UsersPage'),
  screen('admin/:organization/timeline/*', 'timeline', 'OrganizationTimelinePage'),
  screen('admin/:organization/users/:user/timeline/*', 'userTimeline', 'UserTimelinePage'),
  screen('admin/:organization/settings', 'thresholds'),
  ...SETTINGS.map((section) => screen(`admin/:organization/settings/${section}`, section)),
]
