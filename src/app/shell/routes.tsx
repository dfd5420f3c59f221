/**
 * The application's route table (SPEC §2): public routes, the protected shell with every feature's table,
 * and page-not-found for any other path (no login, no module check). Modules load on demand (SPEC §1).
 */
import type { RouteObject } from 'react-router'
import { adminRoutes } from '../../admin'
import { assetsRoutes } from '../../assets'
import { authRoutes } from '../../auth'
import { dashboardRoutes } from '../../dashboard'
import { editorRoutes } from '../../editor'
import { monitoringRoutes } from '../../monitoring'
import { reportsRoutes } from '../../reports'
import { risksRoutes } from '../../risks'
import { viewerRoutes } from '../../viewer'
import { LoadingScreen } from '../components/LoadingScreen'
import { RootErrorBoundary } from '../components/RootErrorBoundary'
import { RootLayout } from '../components/RootLayout'
import { NotFoundPage } from '../pages/NotFoundPage'
import { loadScreenTexts } from '../i18n/screen-texts'
import { lazyPage } from './lazy-page'

/** The user pages' texts come with the user pages' chunk; the shell screens' with theirs. */
const userTexts = () => import('../pages/UserPages').then((m) => m.loadUserTexts())

/** SPEC §2 "Other routes, all without module check". */
const otherRoutes: RouteObject[] = [
  {
    path: 'dev',
    handle: { screen: 'app.screens.devTools' },
    lazy: lazyPage(() => import('../pages/DevToolsPage'), 'DevToolsPage', loadScreenTexts),
  },
  {
    path: 'dev/tools',
    handle: { screen: 'app.screens.devTools' },
    lazy: lazyPage(() => import('../pages/DevToolsPage'), 'DevToolsPage', loadScreenTexts),
  },
  {
    path: 'user/tokens',
    handle: { screen: 'app.screens.tokens' },
    lazy: lazyPage(() => import('../pages/UserPages'), 'TokensPage', userTexts),
  },
  {
    path: 'user/security',
    handle: { screen: 'app.screens.security' },
    lazy: lazyPage(() => import('../pages/UserPages'), 'SecurityPage', userTexts),
  },
  {
    path: 'user/preferences',
    handle: { screen: 'app.screens.preferences' },
    lazy: lazyPage(() => import('../pages/UserPages'), 'PreferencesPage', userTexts),
  },
  {
    path: 'versions',
    handle: { screen: 'app.screens.versions' },
    lazy: lazyPage(() => import('../pages/VersionsPage'), 'VersionsPage', loadScreenTexts),
  },
  {
    path: 'supported_devices',
    handle: { screen: 'app.screens.supportedDevices' },
    lazy: lazyPage(() => import('../pages/SupportedDevicesPage'), 'SupportedDevicesPage', loadScreenTexts),
  },
]

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RootErrorBoundary,
    children: [
      ...authRoutes,
      {
        id: 'protected',
        lazy: () => import('../guard/protected'),
        // SPEC §4: the guard (and its module check) runs on every protected navigation.
        shouldRevalidate: () => true,
        children: [
          ...monitoringRoutes,
          ...dashboardRoutes,
          ...viewerRoutes,
          ...editorRoutes,
          ...reportsRoutes,
          ...risksRoutes,
          ...assetsRoutes,
          ...adminRoutes,
          ...otherRoutes,
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]
