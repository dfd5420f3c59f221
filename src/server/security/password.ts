/** Passwords hashed with scrypt, a memory-hard KDF, compared in constant time; old parameters are upgraded at login. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** scrypt's cost: N (a power of two) and r set its memory, p how many times it runs. */
export interface ScryptParams {
  N: number
  r: number
  p: number
}

/**
 * OWASP Password Storage Cheat Sheet (2023): N=2^17 r=8 p=1, or an equal-cost setting. N=2^15 r=8 p=3 is one
 * of those: 32 MiB per hash instead of 128 MiB, so the few hashes the login runs at once stay small in memory.
 * Tests may lower N (config.ts VIGIL_SCRYPT_N); every other process hashes with this.
 */
export const SCRYPT_PARAMS: ScryptParams = { N: 32768, r: 8, p: 3 }
const KEYLEN = 32
/** scrypt's memory is 128·N·r bytes; room for stored hashes up to N=2^17, r=8. */
const MAXMEM = 256 * 1024 * 1024

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, { ...opts, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return `${prefix(params)}${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Whether a stored hash was made with other parameters than today's, so a successful login rehashes it. */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  return !stored.startsWith(prefix(params))
}

const prefix = (params: ScryptParams) => `scrypt$${params.N}$${params.r}$${params.p}$`

/** A readable random password for the first admin when none is configured. */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url')
}
