import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../../../src/app/api/api-failure'
import { i18n } from '../../../src/app/i18n/i18n'
import { loginFeedbackOf, offersForgotPassword } from '../../../src/auth/login-feedback'
import { LOGIN_FEEDBACK } from '../../../src/shared/errors'

const answer = (status: number, key: string, extra: Record<string, unknown>) =>
  new ApiFailure({ kind: 'http', status, body: { error: { key, message: key, extra_info: extra } } })

describe('login feedback (SPEC §8 "Login feedback codes")', () => {
  it('takes the code from extra_info.login_feedback', () => {
    expect(loginFeedbackOf(answer(401, 'unauthenticated', { login_feedback: 1 }))).toEqual({ code: 1 })
    expect(loginFeedbackOf(answer(429, 'rate_limited', { login_feedback: 5 }))).toEqual({ code: 5 })
    expect(loginFeedbackOf(answer(403, 'account_locked', { login_feedback: 6, locked_until: 1_800_000_000 }))).toEqual({
      code: 6,
      lockedUntil: 1_800_000_000,
    })
  })

  it('is code 8 (API error) for no connection, unknown codes or other errors', () => {
    expect(loginFeedbackOf(new ApiFailure({ kind: 'network' })).code).toBe(8)
    expect(loginFeedbackOf(answer(400, 'validation_failed', {})).code).toBe(8)
    expect(loginFeedbackOf(answer(401, 'unauthenticated', { login_feedback: 99 })).code).toBe(8)
    expect(loginFeedbackOf(new Error('boom')).code).toBe(8)
  })

  it('offers the forgot-password link only for code 1', () => {
    expect(offersForgotPassword({ code: 1 })).toBe(true)
    expect(offersForgotPassword({ code: 6 })).toBe(false)
  })

  it('has a text for every code', () => {
    for (const code of Object.values(LOGIN_FEEDBACK)) expect(i18n.exists(`auth.login.feedback.${code}`), String(code)).toBe(true)
  })
})
