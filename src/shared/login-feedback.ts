/** Apart from errors.ts, so that the login screens' schemas do not bring the whole error catalogue into the shell. */
/** SPEC §8 "Login feedback codes" 1–11, carried as `extra_info.login_feedback` on login errors. */
export const LOGIN_FEEDBACK = {
  invalid_credentials: 1,
  invalid_token: 2,
  mfa_failed: 3,
  no_permission: 4,
  try_later: 5,
  locked_out: 6,
  reset_link_sent: 7,
  api_error: 8,
  check_email: 9,
  invalid_login_method: 10,
  cloud_login_error: 11,
} as const
