/** SPEC §2 Admin routes. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.AdminPage }))
const screen = (path: string, key: string): RouteObject => ({ path, handle: { screen: `admin.screens.${key}` }, lazy })
const hostsLazy = () => import('./hosts/HostsPage').then((m) => ({ Component: m.HostsPage }))
const hostsScreen = (path: string): RouteObject => ({ path, handle: { screen: 'admin.screens.hosts' }, lazy: hostsLazy })

/** SPEC §2 settings under /admin/{organization}/settings/: thresholds (default), services, agent, risks, labels. */
const SETTINGS = ['thresholds', 'services', 'agent', 'risks', 'labels'] as const

export const adminRoutes: RouteObject[] = [
  screen('admin', 'overview'),
  hostsScreen('admin/:organization'),
  hostsScreen('admin/:organization/hosts'),
  hostsScreen('admin/:organization/hosts/:contentActiveSubTab'),
  screen('admin/:organization/environments', 'environments'),
  screen('admin/:organization/users', 'users'),
  screen('admin/:organization/timeline', 'timeline'),
  screen('admin/:organization/users/:user/timeline', 'userTimeline'),
  screen('admin/:organization/settings', 'thresholds'),
  ...SETTINGS.map((section) => screen(`admin/:organization/settings/${section}`, section)),
]
