/** SPEC §2 Dashboard: /dashboard. */
import type { RouteObject } from 'react-router'
import { loadFeatureTexts } from '../app/i18n'
import { lazyPage } from '../app/shell'

// The widgets use the shared widgets' and maps' texts (states, timeline panel), which load with the features.
const lazy = lazyPage(() => import('./pages'), 'DashboardPage', loadFeatureTexts)

export const dashboardRoutes: RouteObject[] = [{ path: 'dashboard', handle: { screen: 'dashboard.screens.dashboard' }, lazy }]
