/**
 * Login calls: POST /api/v1/auth/login {username, password, device_token?} answers a session, or (issue 16) a
 * pending-login ticket for the second factor (/auth/mfa) or enrolment (/auth/enroll, /auth/enroll/confirm).
 * A signed-in user enrols through /users/current/totp. Forgot password and the cloud directory login too. All
 * answer SPEC §8 login feedback codes themselves.
 */
import { useQuery } from '@tanstack/react-query'
import type { ZodType } from 'zod'
import {
  BackupCodes,
  CloudLoginStart,
  CloudLoginStatus,
  EnrolledSession,
  ForgotPasswordResponse,
  LoginResponse,
  MfaResponse,
  Session,
  TotpEnrolment,
  type ForgotPasswordBody,
  type LoginBody,
  type ResetPasswordBody,
  type SecondFactorMethodName,
  type SecondFactorNeeded,
} from '../shared/api/auth'
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { KeyOptions, LoginPageInfo, PushStatus } from '../shared/api/second-factors'
import { api } from '../app/api'
import { getDeviceToken, startSession, storeDeviceToken } from '../app/guard'

// Login answers with SPEC §8 login feedback codes; the generic error handler (401 → login) must not run.
const post = <T>(path: string, body: unknown, schema: ZodType<T>, anonymous = true) =>
  api.request(path, { method: 'POST', body, schema, anonymous, errorHandlerEnabled: false })

/** The session starts, remembering the browser when the server issued a device token. */
function begin(session: MfaResponse) {
  startSession(session.token, session.expires_at)
  if (session.device_token && session.device_expires_at) storeDeviceToken(session.device_token, session.device_expires_at)
}

/** Null when the session started; the ticket when a second factor is due first. */
export async function login(body: LoginBody): Promise<SecondFactorNeeded | null> {
  const result = await post('auth/login', { ...body, device_token: getDeviceToken() ?? undefined }, LoginResponse)
  if ('second_factor' in result) return result
  startSession(result.token, result.expires_at)
  return null
}

export interface MfaAnswer {
  ticket: string
  method: SecondFactorMethodName
  code: string
  remember: boolean
}

export async function verifySecondFactor(answer: MfaAnswer): Promise<void> {
  begin(await post('auth/mfa', answer, MfaResponse))
}

/** Issue 16: the hardware key signs the server's challenge (the browser's own prompt); its answer, as MfaBody's code. */
async function keyAnswer(path: string, body: unknown) {
  const options = await post(path, body, KeyOptions)
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })
}

export async function verifyWithKey(ticket: string, remember: boolean): Promise<void> {
  const response = await keyAnswer('auth/mfa/webauthn/options', { ticket })
  await verifySecondFactor({ ticket, method: 'webauthn', code: JSON.stringify(response), remember })
}

/** Passwordless login with a key the user chose for it (SPEC §1 hardware key). */
export async function loginWithKey(): Promise<void> {
  const response = await keyAnswer('auth/passkey/options', {})
  const session = await post('auth/passkey', { response }, Session)
  startSession(session.token, session.expires_at)
}

/**
 * SPEC §4 push: asks for approval, then waits for confirmation (long polls of up to 20 s) until the user's
 * other session decides. Approved: the session starts, remembered when asked here or by the approver. Expired:
 * `false`, nothing started. Denied: the server answers code 3 (an error).
 */
export async function verifyWithPush(ticket: string, remember: boolean, onWaiting: (expiresAt: number) => void): Promise<boolean> {
  let status = await post('auth/push', { ticket }, PushStatus)
  onWaiting(status.expires_at)
  while (status.status === 'waiting') status = await post('auth/push/wait', { ticket, wait_s: 20 }, PushStatus)
  if (status.status === 'expired' || status.status === 'denied') return false
  await verifySecondFactor({
    ticket,
    method: 'push',
    code: String(status.request_id),
    remember: remember || status.status === 'remembered',
  })
  return true
}

/** SPEC §1: the support contact for login problems, when the server names one. */
export const useLoginPageInfo = () =>
  useQuery({
    queryKey: ['auth', 'login-page'] as const,
    queryFn: ({ signal }) => api.request('auth/login-page', { schema: LoginPageInfo, anonymous: true, errorHandlerEnabled: false, signal }),
    staleTime: Infinity,
  })

/** Enrolment with a login ticket (the organization requires a factor), or for the signed-in user without one. */
export const beginEnrolment = (ticket: string | null) =>
  ticket ? post('auth/enroll', { ticket }, TotpEnrolment) : post('users/current/totp', {}, TotpEnrolment, false)

export async function confirmEnrolment(ticket: string | null, code: string, remember: boolean): Promise<string[]> {
  if (!ticket) return (await post('users/current/totp/confirm', { code }, BackupCodes, false)).backup_codes
  const session = await post('auth/enroll/confirm', { ticket, code, remember }, EnrolledSession)
  begin(session)
  return session.backup_codes
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
    schema: Session,
    anonymous: true,
    errorHandlerEnabled: false,
  })
  startSession(result.token, result.expires_at)
  return saved.redirect ?? '/'
}
