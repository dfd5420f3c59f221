/** SPEC §2 public routes (no login): /login and its siblings, /oauth_redirect. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'

const loginPage = lazyPage(() => import('./pages'), 'LoginPage')
const notEnabled = lazyPage(() => import('./pages'), 'NotEnabledPage')
const mfaPage = lazyPage(() => import('./pages'), 'MfaPage')
const enrollPage = lazyPage(() => import('./pages'), 'EnrollPage')

export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: loginPage },
  { path: 'login/mfa', handle: { screen: 'auth.screens.mfa' }, lazy: mfaPage },
  { path: 'login/enroll', handle: { screen: 'auth.screens.enroll' }, lazy: enrollPage },
  { path: 'login/forgot_password', handle: { screen: 'auth.screens.forgotPassword' }, lazy: notEnabled },
  { path: 'oauth_redirect', handle: { screen: 'auth.screens.oauthRedirect' }, lazy: notEnabled },
]
