/** Login call (server contract: POST /api/v1/auth/login {username, password} → {token, expires_at}). */
import { ForgotPasswordResponse, LoginResponse, type ForgotPasswordBody, type LoginBody, type ResetPasswordBody } from '../shared/api/auth'
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
