/** Login and logout payloads (SPEC §4 "Login"; feedback codes of SPEC §8 in `extra_info.login_feedback`). */
import { z } from 'zod'
import { Password } from './user-admin'
import { LOGIN_FEEDBACK } from '../errors'

export const LoginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
})
export type LoginBody = z.infer<typeof LoginBody>

export const LoginResponse = z.object({
  token: z.string(),
  expires_at: z.number().int(),
})
export type LoginResponse = z.infer<typeof LoginResponse>

/** Issue 16 forgot password (SPEC §7 `:forgot-password`, the call that needs no token): a username or an email address. */
export const ForgotPasswordBody = z.object({ username: z.string().trim().min(1).max(254) })
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>

/** The same answer whoever was named (no user enumeration): SPEC §8 code 9, check email for the reset link. */
export const ForgotPasswordResponse = z.object({ login_feedback: z.literal(LOGIN_FEEDBACK.check_email) })

/** The reset link's token and the new password, under the password rules of user creation. */
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), password: Password })
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>

/** Issue 16 cloud directory login: whether this server offers it (the login page shows its button then). */
export const CloudLoginStatus = z.object({ enabled: z.boolean() })

/** Where to send the browser, and the sealed login in progress that the browser keeps until it comes back. */
export const CloudLoginStart = z.object({ authorization_url: z.string(), transaction: z.string() })

/** What /oauth_redirect received (its query string) and the sealed login in progress. */
export const CloudLoginFinishBody = z.object({ callback: z.string().max(8000), transaction: z.string().min(1).max(4000) })
export type CloudLoginFinishBody = z.infer<typeof CloudLoginFinishBody>

/** SPEC §3 "Version record". */
export const VersionRecord = z.object({
  build: z.string(),
  release: z.string(),
  maintenance: z.boolean(),
  maintenance_message: z.string(),
})
export type VersionRecord = z.infer<typeof VersionRecord>
