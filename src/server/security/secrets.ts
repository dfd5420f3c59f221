/**
 * Secrets at rest (SNMP communities, device passwords): AES-256-GCM with a 32-byte key from VIGIL_SECRET_KEY
 * or, when unset, a random key kept in a file beside the SQLite database (mode 0600). Ciphertext is
 * `v2:<kid>:<iv>:<tag>:<data>`, kid being the first 8 hex digits of sha256(key), so a rotation knows which
 * key sealed a value; `v1:<iv>:<tag>:<data>` values of older releases are still opened.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { DatabaseConfig } from '../config'

export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
  /**
   * A MAC of `data` (base64url) with a key derived from the secret key for `purpose`: processes sharing a
   * database share the key, so one signs what another checks (feed tickets).
   */
  sign(purpose: string, data: string): string
}

export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8)

function decrypt(key: Buffer, iv: string, tag: string, data: string) {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
}

/** Seals with `key`; opens what `key` or `previous` (VIGIL_SECRET_KEY_PREVIOUS, during a rotation) sealed. */
export function secretBox(key: Buffer, previous?: Buffer): SecretBox {
  const keys = new Map([key, ...(previous ? [previous] : [])].map((k) => [keyId(k), k]))
  const kid = keyId(key)
  const macKeys = new Map<string, Buffer>()
  const macKey = (purpose: string) =>
    macKeys.get(purpose) ?? macKeys.set(purpose, Buffer.from(hkdfSync('sha256', key, '', `vigil ${purpose}`, 32))).get(purpose)!
  return {
    sign: (purpose, data) => createHmac('sha256', macKey(purpose)).update(data).digest('base64url'),
    seal(plain) {
      if (!plain) return ''
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v2', kid, ...[iv, cipher.getAuthTag(), data].map((p) => p.toString('base64'))].join(':')
    },
    open(sealed) {
      if (!sealed) return ''
      const parts = sealed.split(':')
      if (parts[0] === 'v2' && parts.length === 5) {
        const k = keys.get(parts[1])
        if (!k) throw new Error(`secret sealed with an unknown key ${parts[1]} (set VIGIL_SECRET_KEY_PREVIOUS to it)`)
        return decrypt(k, parts[2], parts[3], parts[4])
      }
      if (parts[0] !== 'v1' || parts.length !== 4) throw new Error('unknown secret format')
      // v1 names no key: the GCM tag tells which one sealed it.
      for (const k of keys.values()) {
        try {
          return decrypt(k, parts[1], parts[2], parts[3])
        } catch {
          /* the other key */
        }
      }
      throw new Error('secret sealed with an unknown key (set VIGIL_SECRET_KEY_PREVIOUS to it)')
    },
  }
}

/**
 * The key: VIGIL_SECRET_KEY, else `secret.key` beside the SQLite database, generated on first start with
 * mode 0600. PostgreSQL always has the configured key (config.ts); an in-memory database a key of its own.
 */
export function loadSecretKey(configured: Buffer | undefined, database: DatabaseConfig): Buffer {
  if (configured) return configured
  if (database.kind === 'postgres') throw new Error('VIGIL_SECRET_KEY is required with PostgreSQL')
  if (database.file === ':memory:') return randomBytes(32)
  const file = path.join(path.dirname(database.file), 'secret.key')
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    try {
      // 'wx': two processes starting at once on one file keep the first one's key.
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} must hold a 32-byte key in base64`)
  return key
}
