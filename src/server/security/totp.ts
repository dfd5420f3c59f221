/**
 * Issue 16 authenticator apps: TOTP (RFC 6238, SHA-1, 6 digits, 30 s) through `otpauth`. A code is accepted
 * one step either side of now, for clocks that drift; the step it matched is returned so the caller can
 * refuse it a second time (the replay guard lives with the stored factor).
 */
import { Secret, TOTP } from 'otpauth'

export const TOTP_PERIOD_S = 30
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1
const ISSUER = 'Vigil'

const totp = (secret: string, label = 'Vigil') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S })

/** A new random key (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secret: string, username: string): string {
  return totp(secret, username).toString()
}

/** The time step `code` belongs to when it is valid within ±TOTP_WINDOW steps of `atMs`, else null. */
export function totpStep(secret: string, code: string, atMs = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code.replace(/\s/g, ''), timestamp: atMs, window: TOTP_WINDOW })
  return delta === null ? null : Math.floor(atMs / 1000 / TOTP_PERIOD_S) + delta
}
