/** Issue 16 second factors of the signed-in user: hardware keys (WebAuthn), push approval, and the list of them. */
import { z } from 'zod'
import { SecondFactorMethodName } from './auth'

/**
 * What the browser's WebAuthn call takes (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON,
 * made by @simplewebauthn/server) and what it answers (RegistrationResponseJSON or AuthenticationResponseJSON).
 */
export const KeyOptions = z.record(z.string(), z.unknown())
export const KeyResponse = z.object({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
})
export type KeyResponse = z.infer<typeof KeyResponse>

export const FactorName = z.string().trim().min(1).max(100)

/** A new hardware key: its name, whether it also logs in without a password, and the key's signed answer. */
export const KeyRegistrationBody = z.object({ name: FactorName, passwordless: z.boolean().default(false), response: KeyResponse })
export type KeyRegistrationBody = z.infer<typeof KeyRegistrationBody>

export const SecondFactorRow = z.object({
  id: z.number().int(),
  method: SecondFactorMethodName,
  name: z.string(),
  created_time: z.number().int(),
  /** a hardware key the user chose to log in with alone (it asks for its PIN or a fingerprint itself) */
  passwordless: z.boolean(),
})
export type SecondFactorRow = z.infer<typeof SecondFactorRow>
export const SecondFactorList = z.array(SecondFactorRow)

export const FactorPatch = z.object({ name: FactorName })

/** A passwordless login with a key: the signed answer to the challenge of POST /auth/passkey/options. */
export const PasskeyLoginBody = z.object({ response: KeyResponse })

/**
 * SPEC §4 push: `approve` lets this one login in (one-time push), `approve_and_remember` also remembers its
 * browser for a month (push and remember), `deny` refuses it.
 */
export const PushDecision = z.object({ decision: z.enum(['approve', 'approve_and_remember', 'deny']) })
export type PushDecision = z.infer<typeof PushDecision>

/** A login waiting for the user's approval, as the user's other sessions show it. */
export const PushApprovalRow = z.object({
  id: z.number().int(),
  source: z.string(),
  created_time: z.number().int(),
  expires_at: z.number().int(),
})
export type PushApprovalRow = z.infer<typeof PushApprovalRow>
export const PushApprovalList = z.array(PushApprovalRow)

/** The waiting login asks how its approval stands; it waits up to `wait_s` seconds for a decision first. */
export const PushWaitBody = z.object({ ticket: z.string().min(1).max(100), wait_s: z.number().int().min(0).max(25).default(0) })
export const PushStatus = z.object({
  request_id: z.number().int(),
  /** SPEC §4 "waiting for confirmation" while `waiting`; `remembered`: approved with push and remember */
  status: z.enum(['waiting', 'approved', 'remembered', 'denied', 'expired']),
  expires_at: z.number().int(),
})
export type PushStatus = z.infer<typeof PushStatus>

/** SPEC §1: what the login page shows before anyone is signed in. */
export const LoginPageInfo = z.object({ support_contact: z.string().nullable() })
