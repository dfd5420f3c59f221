/**
 * Login calls: POST /api/v1/auth/login {username, password, device_token?} answers a session, or (issue 16) a
 * pending-login ticket for the second factor (/auth/mfa) or enrolment (/auth/enroll, /auth/enroll/confirm).
 * A signed-in user enrols through /users/current/totp. All answer SPEC §8 login feedback codes themselves.
 */
import type { ZodType } from 'zod'
import {
  EnrolledSession,
  LoginResponse,
  MfaResponse,
  TotpEnrolment,
  BackupCodes,
  type LoginBody,
  type SecondFactorMethodName,
  type SecondFactorNeeded,
} from '../shared/api/auth'
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

/** Enrolment with a login ticket (the organization requires a factor), or for the signed-in user without one. */
export const beginEnrolment = (ticket: string | null) =>
  ticket ? post('auth/enroll', { ticket }, TotpEnrolment) : post('users/current/totp', {}, TotpEnrolment, false)

export async function confirmEnrolment(ticket: string | null, code: string, remember: boolean): Promise<string[]> {
  if (!ticket) return (await post('users/current/totp/confirm', { code }, BackupCodes, false)).backup_codes
  const session = await post('auth/enroll/confirm', { ticket, code, remember }, EnrolledSession)
  begin(session)
  return session.backup_codes
}
