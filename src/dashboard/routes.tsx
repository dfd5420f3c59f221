/** SPEC §2 Dashboard: /dashboard. */
import type { RouteObject } from 'react-router'

const lazy = () => import('./pages').then((m) => ({ Component: m.DashboardPage }))

export const dashboardRoutes: RouteObject[] = [{ path: 'dashboard', handle: { screen: 'dashboard.screens.dashboard' }, lazy }]
