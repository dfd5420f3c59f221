/** Login and logout payloads (SPEC §4 "Login"; feedback codes of SPEC §8 in `extra_info.login_feedback`). */
import { z } from 'zod'
import { LOGIN_FEEDBACK } from '../login-feedback'

export const PASSWORD_MIN = 10
/** The password rules of user creation; a password reset applies the same (issue 16). */
export const Password = z.string().min(PASSWORD_MIN).max(200)

export const LoginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  /** Issue 16: the token of a browser remembered after a second factor (SPEC §9: one month). */
  device_token: z.string().max(100).optional(),
})
export type LoginBody = z.infer<typeof LoginBody>

export const Session = z.object({
  token: z.string(),
  expires_at: z.number().int(),
})
export type Session = z.infer<typeof Session>

/**
 * Issue 16 second-factor methods, one entry each in the server's registry (store/second-factors.ts): the
 * authenticator app, its backup codes, a hardware key (WebAuthn) and push approval (SPEC §4 "push").
 */
export const SecondFactorMethodName = z.enum(['totp', 'backup_code', 'webauthn', 'push'])
export type SecondFactorMethodName = z.infer<typeof SecondFactorMethodName>

/**
 * The password was right but a second factor is needed (`verify`) or must first be enrolled (`enroll`, the
 * organization requires one): a short-lived, single-use ticket for POST /auth/mfa or /auth/enroll instead of a session.
 */
export const SecondFactorNeeded = z.object({
  second_factor: z.enum(['verify', 'enroll']),
  ticket: z.string(),
  expires_at: z.number().int(),
  methods: z.array(SecondFactorMethodName),
})
export type SecondFactorNeeded = z.infer<typeof SecondFactorNeeded>

export const LoginResponse = z.union([Session, SecondFactorNeeded])
export type LoginResponse = z.infer<typeof LoginResponse>

/** "Remember this browser" (SPEC §9): the token the browser sends with its next logins. */
const RememberedDevice = z.object({ device_token: z.string(), device_expires_at: z.number().int() })

export const MfaBody = z.object({
  ticket: z.string().min(1).max(100),
  method: SecondFactorMethodName,
  /** the code; a hardware key's signed answer (JSON); a push approval's id */
  code: z.string().trim().min(1).max(8000),
  remember: z.boolean().default(false),
})
export const MfaResponse = Session.extend(RememberedDevice.partial().shape)
export type MfaResponse = z.infer<typeof MfaResponse>

/** Enrolment of an authenticator app: the key as text and as a QR code (a PNG data URL) of its otpauth:// address. */
export const TotpEnrolment = z.object({ secret: z.string(), uri: z.string(), qr: z.string() })
export type TotpEnrolment = z.infer<typeof TotpEnrolment>
export const EnrollBody = z.object({ ticket: z.string().min(1).max(100) })
export const TotpCode = z.object({ code: z.string().trim().min(1).max(16) })
export const EnrollConfirmBody = EnrollBody.extend(TotpCode.shape).extend({ remember: z.boolean().default(false) })
/** The backup codes, shown once: only their MACs are kept. */
export const BackupCodes = z.object({ backup_codes: z.array(z.string()) })
export type BackupCodes = z.infer<typeof BackupCodes>
export const EnrolledSession = MfaResponse.extend(BackupCodes.shape)
export type EnrolledSession = z.infer<typeof EnrolledSession>
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
