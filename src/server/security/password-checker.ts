/**
 * Issue 13 "Login": the login's password checks, under the cap on hashes at once (login-limits.ts), taking as
 * long for an unknown user (a decoy hash) and for a hash of older parameters as for a current one, so timing
 * does not tell which usernames exist (review M6).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password'
import { hashGate, HASHES_AT_ONCE, HASHES_WAITING } from './login-limits'

/**
 * The hash an unknown user's password is verified against, one per process and parameters: made when the first
 * checker is (so the first unknown user waits no longer than a known one), shared by the login, user and reset
 * routes. `ms`: how long verifying against it took last, as long as any current hash.
 */
const decoys = new Map<string, { hash: Promise<string>; ms: number }>()

function decoyOf(params: ScryptParams) {
  const key = `${params.N}$${params.r}$${params.p}`
  const known = decoys.get(key)
  if (known) return known
  const started = performance.now()
  const decoy = { hash: hashPassword('vigil-decoy-password', params), ms: 0 }
  void decoy.hash.then(() => (decoy.ms ||= performance.now() - started))
  decoys.set(key, decoy)
  return decoy
}

/** The password checks of one server, hashing with its parameters (config.ts `scrypt`). */
export function passwordChecker(params: ScryptParams) {
  const gate = hashGate(HASHES_AT_ONCE, HASHES_WAITING)
  const decoy = decoyOf(params)
  return {
    /** Whether `password` matches `stored` (undefined: no such user); undefined when the cap is full. */
    check(password: string, stored: string | undefined): Promise<boolean> | undefined {
      const checking = gate.run(async () => {
        const hash = stored ?? (await decoy.hash)
        const t0 = performance.now()
        const ok = await verifyPassword(password, hash)
        const ms = performance.now() - t0
        if (!stored) decoy.ms = ms
        return { ok, ms }
      })
      return checking?.then(async ({ ok, ms }) => {
        // Older parameters verify faster: a failure waits out the difference, outside the cap.
        if (!ok && stored && needsRehash(stored, params) && ms < decoy.ms) await sleep(decoy.ms - ms)
        return ok && stored !== undefined
      })
    },
    /** Issue 15: a new password hashed under the same cap as logins; undefined when the cap is full. */
    hash(password: string): Promise<string> | undefined {
      return gate.run(() => hashPassword(password, params))
    },
    /** `password` hashed with today's parameters when `stored` has older ones (and the cap has room). */
    async upgrade(password: string, stored: string): Promise<string | null> {
      if (!needsRehash(stored, params)) return null
      return (await gate.run(() => hashPassword(password, params))) ?? null
    },
  }
}
