/** Login calls: password (POST /api/v1/auth/login → {token, expires_at}), forgot password and the cloud directory login. */
import { useQuery } from '@tanstack/react-query'
import {
  CloudLoginStart,
  CloudLoginStatus,
  ForgotPasswordResponse,
  LoginResponse,
  type ForgotPasswordBody,
  type LoginBody,
  type ResetPasswordBody,
} from '../shared/api/auth'
import { api } from '../app/api'
import { startSession } from '../app/guard'

export async function login(body: LoginBody): Promise<void> {
  // Login answers with SPEC §8 login feedback codes; the generic error handler (401 → login) must not run.
  const result = await api.request('auth/login', {
    method: 'POST',
    body,
    schema: LoginResponse,
    anonymous: true,
    errorHandlerEnabled: false,
  })
  startSession(result.token, result.expires_at)
}

/**
 * Issue 16 forgot password: SPEC §7's `:forgot-password` call, the one the client sends without a token.
 * Asking for a link always answers code 9; setting the password answers nothing, or a login feedback code.
 */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  await api.request(FORGOT_PASSWORD_PATH, { method: 'POST', body, schema: ForgotPasswordResponse, errorHandlerEnabled: false })
}

export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await api.request(FORGOT_PASSWORD_PATH, { method: 'PUT', body, errorHandlerEnabled: false })
}

const FORGOT_PASSWORD_PATH = 'auth:forgot-password'

/** Issue 16 cloud directory login: whether this server offers it (the login page shows its button only then). */
export const useCloudLoginEnabled = () =>
  useQuery({
    queryKey: ['auth', 'cloud'] as const,
    queryFn: async ({ signal }) =>
      (await api.request('auth/cloud', { schema: CloudLoginStatus, anonymous: true, errorHandlerEnabled: false, signal })).enabled,
    staleTime: Infinity,
  })

/** The login in progress lives in this tab only: the provider's answer is accepted in the browser that asked. */
const CLOUD_LOGIN_KEY = 'vigil.cloudLogin'

/** Sends the browser to the provider; `redirect` is where to go after the login. */
export async function startCloudLogin(redirect: string): Promise<void> {
  const { authorization_url, transaction } = await api.request('auth/cloud/start', {
    method: 'POST',
    schema: CloudLoginStart,
    anonymous: true,
    errorHandlerEnabled: false,
  })
  sessionStorage.setItem(CLOUD_LOGIN_KEY, JSON.stringify({ transaction, redirect }))
  window.location.assign(authorization_url)
}

/** Ends the login with what /oauth_redirect received; returns where to go next. */
export async function finishCloudLogin(callback: string): Promise<string> {
  const saved = JSON.parse(sessionStorage.getItem(CLOUD_LOGIN_KEY) ?? '{}') as { transaction?: string; redirect?: string }
  sessionStorage.removeItem(CLOUD_LOGIN_KEY)
  const result = await api.request('auth/cloud/finish', {
    method: 'POST',
    body: { callback, transaction: saved.transaction ?? '-' },
    schema: LoginResponse,
    anonymous: true,
    errorHandlerEnabled: false,
  })
  startSession(result.token, result.expires_at)
  return saved.redirect ?? '/'
}
