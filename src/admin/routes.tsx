/** SPEC §2 Admin routes. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'

const lazy = lazyPage(() => import('./pages'), 'AdminPage')
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `admin.screens.${key}` }, lazy })

/** SPEC §2 settings under /admin/{organization}/settings/: thresholds (default), services, agent, risks, labels. */
const SETTINGS = ['thresholds', 'services', 'agent', 'risks', 'labels'] as const

export const adminRoutes: RouteObject[] = [
  screen('admin', 'overview'),
  screen('admin/:organization', 'hosts'),
  screen('admin/:organization/hosts', 'hosts'),
  screen('admin/:organization/hosts/:contentActiveSubTab', 'hosts'),
  screen('admin/:organization/environments', 'environments'),
  screen('admin/:organization/users', 'users'),
  screen('admin/:organization/timeline', 'timeline'),
  screen('admin/:organization/users/:user/timeline', 'userTimeline'),
  screen('admin/:organization/settings', 'thresholds'),
  ...SETTINGS.map((section) => screen(`admin/:organization/settings/${section}`, section)),
]
