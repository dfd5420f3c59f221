/**
 * Secrets at rest (SNMP communities, device passwords): AES-256-GCM with a key from VIGIL_SECRET_KEY or,
 * when unset, a random key kept in a file beside the database. Ciphertext is `v1:<iv>:<tag>:<data>`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      if (!plain) return ''
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64'))).join(':')
    },
    open(sealed) {
      if (!sealed) return ''
      const [v, iv, tag, data] = sealed.split(':')
      if (v !== 'v1') throw new Error('unknown secret format')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
    },
  }
}

/** The key: VIGIL_SECRET_KEY hashed to 32 bytes, or a generated key file next to the database (mode 0600). */
export function loadSecretKey(configured: string | undefined, keyDir: string): Buffer {
  if (configured) return createHash('sha256').update(configured).digest()
  const file = path.join(keyDir, 'secret.key')
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')
  fs.mkdirSync(keyDir, { recursive: true })
  const key = randomBytes(32)
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 })
  return key
}
