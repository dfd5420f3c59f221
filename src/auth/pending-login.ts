/** Issue 16: the pending-login ticket the login page hands to /login/mfa and /login/enroll in the history state. */
import { SecondFactorNeeded } from '../shared/api/auth'

export function pendingLoginOf(state: unknown): SecondFactorNeeded | null {
  const parsed = SecondFactorNeeded.safeParse(state)
  return parsed.success ? parsed.data : null
}
