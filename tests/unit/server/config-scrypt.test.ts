/** VIGIL_SCRYPT_N: test servers may hash passwords at a lower cost; nothing else may (review L10). */
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/server/config'
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from '../../../src/server/security/password'

const base = { DATABASE_URL: ':memory:' }

describe('VIGIL_SCRYPT_N', () => {
  it("hashes at OWASP's cost when unset", () => {
    expect(loadConfig(base).scrypt).toEqual({ N: 32768, r: 8, p: 3 })
  })

  it('lowers N under NODE_ENV=test only', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test', VIGIL_SCRYPT_N: '1024' }).scrypt).toEqual({ N: 1024, r: 8, p: 3 })
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', VIGIL_SCRYPT_N: '1024' })).toThrow(/for tests only/)
    expect(() => loadConfig({ ...base, VIGIL_SCRYPT_N: '1024' })).toThrow(/for tests only/)
    expect(loadConfig({ ...base, VIGIL_SCRYPT_N: '32768' }).scrypt).toEqual(SCRYPT_PARAMS)
  })

  it('takes powers of two from 1024 to the default only', () => {
    for (const n of ['1000', '512', '65536', 'many', '2048.5'])
      expect(() => loadConfig({ ...base, NODE_ENV: 'test', VIGIL_SCRYPT_N: n })).toThrow(/power of two from 1024 to 32768/)
  })

  it("makes hashes that verify, and that a server at OWASP's cost rehashes at the next login", async () => {
    const cheap = { ...SCRYPT_PARAMS, N: 1024 }
    const hash = await hashPassword('a-password', cheap)
    expect(hash).toMatch(/^scrypt\$1024\$8\$3\$/)
    expect(await verifyPassword('a-password', hash)).toBe(true)
    expect(await verifyPassword('another', hash)).toBe(false)
    expect(needsRehash(hash, cheap)).toBe(false)
    expect(needsRehash(hash)).toBe(true)
  })
})
