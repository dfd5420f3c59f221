/**
 * Issue 13 "Login": the login's password checks, under the cap on hashes at once (login-limits.ts), taking as
 * long for an unknown user (a decoy hash) and for a hash of older parameters as for a current one, so timing
 * does not tell which usernames exist (review M6).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { hashPassword, needsRehash, verifyPassword } from './password'
import { hashGate, HASHES_AT_ONCE, HASHES_WAITING } from './login-limits'

/**
 * The hash an unknown user's password is verified against, one per process: made when the first checker is (so
 * the first unknown user waits no longer than a known one), shared by the login, user and reset routes.
 */
let decoy: Promise<string> | undefined
/** How long verifying against the decoy took last: as long as any current hash. */
let decoyMs = 0

function decoyHash(): Promise<string> {
  const started = performance.now()
  return (decoy ??= hashPassword('vigil-decoy-password').then((hash) => {
    decoyMs ||= performance.now() - started
    return hash
  }))
}

export function passwordChecker() {
  const gate = hashGate(HASHES_AT_ONCE, HASHES_WAITING)
  void decoyHash()
  return {
    /** Whether `password` matches `stored` (undefined: no such user); undefined when the cap is full. */
    check(password: string, stored: string | undefined): Promise<boolean> | undefined {
      const checking = gate.run(async () => {
        const hash = stored ?? (await decoyHash())
        const t0 = performance.now()
        const ok = await verifyPassword(password, hash)
        const ms = performance.now() - t0
        if (!stored) decoyMs = ms
        return { ok, ms }
      })
      return checking?.then(async ({ ok, ms }) => {
        // Older parameters verify faster: a failure waits out the difference, outside the cap.
        if (!ok && stored && needsRehash(stored) && ms < decoyMs) await sleep(decoyMs - ms)
        return ok && stored !== undefined
      })
    },
    /** Issue 15: a new password hashed under the same cap as logins; undefined when the cap is full. */
    hash(password: string): Promise<string> | undefined {
      return gate.run(() => hashPassword(password))
    },
    /** `password` hashed with today's parameters when `stored` has older ones (and the cap has room). */
    async upgrade(password: string, stored: string): Promise<string | null> {
      if (!needsRehash(stored)) return null
      return (await gate.run(() => hashPassword(password))) ?? null
    },
  }
}
