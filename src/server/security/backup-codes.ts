/**
 * Issue 16 backup codes: single-use codes shown once at enrolment for when the authenticator is lost. They are
 * stored as a keyed MAC (SecretBox.sign), so a copy of the database alone cannot be searched for them.
 */
import { randomBytes } from 'node:crypto'
import type { SecretBox } from './secrets'

export const BACKUP_CODE_COUNT = 10

/** `xxxxx-xxxxx`: 40 random bits, hexadecimal so it reads out without ambiguous letters. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () =>
    randomBytes(5)
      .toString('hex')
      .replace(/^(.{5})/, '$1-'),
  )
}

/** The stored form of a code of a user; case, spaces and dashes as typed do not matter. */
export function hashBackupCode(box: SecretBox, userId: number, code: string): string {
  return box.sign('backup code', `${userId}:${code.toLowerCase().replace(/[^0-9a-f]/g, '')}`)
}
