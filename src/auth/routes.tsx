/** SPEC §2 public routes (no login): /login and its siblings, /oauth_redirect. */
import type { RouteObject } from 'react-router'
import { lazyPage } from '../app/shell'

const loginPage = lazyPage(() => import('./pages'), 'LoginPage')
const mfaPage = lazyPage(() => import('./pages'), 'MfaPage')
const enrollPage = lazyPage(() => import('./pages'), 'EnrollPage')
const forgotPassword = lazyPage(() => import('./pages'), 'ForgotPasswordPage')
const oauthRedirect = lazyPage(() => import('./pages'), 'OauthRedirectPage')

export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: loginPage },
  { path: 'login/mfa', handle: { screen: 'auth.screens.mfa' }, lazy: mfaPage },
  { path: 'login/enroll', handle: { screen: 'auth.screens.enroll' }, lazy: enrollPage },
  { path: 'login/forgot_password', handle: { screen: 'auth.screens.forgotPassword' }, lazy: forgotPassword },
  { path: 'oauth_redirect', handle: { screen: 'auth.screens.oauthRedirect' }, lazy: oauthRedirect },
]
