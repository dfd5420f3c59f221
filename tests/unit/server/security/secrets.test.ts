/** Issue 13 "Secrets sealed for real": 32-byte keys only, a key id in the sealed format, rotation. */
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { keyId, secretBox } from '../../../../src/server/security/secrets'
import { loadConfig } from '../../../../src/server/config'

const key = randomBytes(32)
const other = randomBytes(32)

/** A value as releases before issue 13 sealed it: `v1:<iv>:<tag>:<data>`. */
function sealV1(k: Buffer, plain: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', k, iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64'))).join(':')
}

describe('secret box', () => {
  it('seals as v2 naming the key by the first 8 hex digits of its sha256, and opens it again', () => {
    const sealed = secretBox(key).seal('community-x')
    expect(sealed.split(':').slice(0, 2)).toEqual(['v2', createHash('sha256').update(key).digest('hex').slice(0, 8)])
    expect(keyId(key)).toMatch(/^[0-9a-f]{8}$/)
    expect(secretBox(key).open(sealed)).toBe('community-x')
  })

  it('still opens v1 values of older releases, with the current or the previous key', () => {
    expect(secretBox(key).open(sealV1(key, 'old'))).toBe('old')
    expect(secretBox(key, other).open(sealV1(other, 'older'))).toBe('older')
    expect(() => secretBox(key).open(sealV1(other, 'x'))).toThrow(/unknown key/)
  })

  it('opens values sealed with VIGIL_SECRET_KEY_PREVIOUS during a rotation and seals with the new key', () => {
    const sealedBefore = secretBox(other).seal('rotated')
    const box = secretBox(key, other)
    expect(box.open(sealedBefore)).toBe('rotated')
    expect(box.seal('new').split(':')[1]).toBe(keyId(key))
    expect(() => secretBox(key).open(sealedBefore)).toThrow(`unknown key ${keyId(other)}`)
  })
})

describe('secret key configuration', () => {
  it('refuses a VIGIL_SECRET_KEY that is not 32 bytes in base64, naming the variable', () => {
    for (const bad of ['test-secret-key', randomBytes(16).toString('base64'), randomBytes(33).toString('base64')]) {
      expect(() => loadConfig({ VIGIL_SECRET_KEY: bad })).toThrow(/VIGIL_SECRET_KEY must be 32 bytes in base64/)
    }
    expect(() => loadConfig({ VIGIL_SECRET_KEY_PREVIOUS: 'short' })).toThrow(/VIGIL_SECRET_KEY_PREVIOUS must be 32 bytes/)
    expect(loadConfig({ VIGIL_SECRET_KEY: key.toString('base64') }).secretKey).toEqual(key)
  })

  it('requires VIGIL_SECRET_KEY with PostgreSQL, where several processes share one database', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db' })).toThrow(/VIGIL_SECRET_KEY is required with PostgreSQL/)
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@127.0.0.1/db', VIGIL_SECRET_KEY: key.toString('base64') }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u:p@127.0.0.1/db',
    })
  })

  it('parses DATABASE_URL once: sqlite:, sqlite:// and plain paths name the same absolute file', () => {
    for (const url of ['sqlite:/x/vigil.db', 'sqlite:///x/vigil.db', '/x/vigil.db']) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'sqlite', file: '/x/vigil.db' })
    }
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ kind: 'sqlite', file: ':memory:' })
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u@h/db' })).toThrow(/DATABASE_URL must be/)
  })
})
