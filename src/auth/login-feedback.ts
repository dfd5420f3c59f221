/**
 * SPEC §8 "Login feedback codes" 1–11: the server sends the code in `error.extra_info.login_feedback`;
 * anything else that goes wrong (no connection, timeout, unexpected answer) is code 8, API error.
 */
import { LOGIN_FEEDBACK } from '../shared/errors'
import { isApiFailure } from '../app/api'

export type LoginFeedbackCode = (typeof LOGIN_FEEDBACK)[keyof typeof LOGIN_FEEDBACK]

const CODES = new Set<number>(Object.values(LOGIN_FEEDBACK))

export function isLoginFeedbackCode(value: unknown): value is LoginFeedbackCode {
  return typeof value === 'number' && CODES.has(value)
}

export interface LoginFeedback {
  code: LoginFeedbackCode
  /** SPEC §8 code 6: when the lock ends, unix seconds, if the server says. */
  lockedUntil?: number
}

export function loginFeedbackOf(error: unknown): LoginFeedback {
  const body = isApiFailure(error) ? error.errorBody : null
  const code = body?.extra_info.login_feedback
  if (!isLoginFeedbackCode(code)) return { code: LOGIN_FEEDBACK.api_error }
  const lockedUntil = body?.extra_info.locked_until
  return typeof lockedUntil === 'number' ? { code, lockedUntil } : { code }
}

/** SPEC §8 code 1 comes "with forgot-password link". */
export function offersForgotPassword(feedback: LoginFeedback): boolean {
  return feedback.code === LOGIN_FEEDBACK.invalid_credentials
}
