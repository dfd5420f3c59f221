/** Bearer tokens: 256 random bits shown once; only their SHA-256 is stored (high entropy needs no KDF). */
import { createHash, randomBytes } from 'node:crypto'

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
