/** SPEC §2 Dashboard: /dashboard. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'

const lazy = lazyPage(() => import('./pages'), 'DashboardPage')

export const dashboardRoutes: RouteObject[] = [{ path: 'dashboard', handle: { screen: 'dashboard.screens.dashboard' }, lazy }]
