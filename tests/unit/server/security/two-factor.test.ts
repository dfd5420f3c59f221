/**
 * Issue 16 unit rules: a TOTP code counts one step either side of now and no further; an accepted code and a
 * used backup code are refused the second time; backup codes are stored keyed, not as typed; a remembered
 * browser lasts one month (SPEC §9) and not a second longer.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { newTotpSecret, totpStep, TOTP_PERIOD_S } from '../../../../src/server/security/totp'
import { hashBackupCode, newBackupCodes, BACKUP_CODE_COUNT } from '../../../../src/server/security/backup-codes'
import { secretBox } from '../../../../src/server/security/secrets'
import { openStore, type Store } from '../../../../src/server/store/db'
import { migrateToLatest } from '../../../../src/server/store/migrate'
import { SECOND_FACTOR_METHODS } from '../../../../src/server/store/second-factors'
import { isRememberedDevice, rememberDevice, REMEMBER_DEVICE_S } from '../../../../src/server/store/login-tickets'

const box = secretBox(randomBytes(32))
const codeAt = (secret: string, ms: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms })

describe('TOTP (RFC 6238)', () => {
  const secret = newTotpSecret()
  const at = 1_800_000_000_000
  const step = Math.floor(at / 1000 / TOTP_PERIOD_S)

  it('accepts the codes of the current step and one step either side, naming the step', () => {
    expect(totpStep(secret, codeAt(secret, at), at)).toBe(step)
    expect(totpStep(secret, codeAt(secret, at - 30_000), at)).toBe(step - 1)
    expect(totpStep(secret, codeAt(secret, at + 30_000), at)).toBe(step + 1)
  })

  it('refuses codes two steps away and codes of another key', () => {
    expect(totpStep(secret, codeAt(secret, at - 60_000), at)).toBeNull()
    expect(totpStep(secret, codeAt(secret, at + 60_000), at)).toBeNull()
    expect(totpStep(secret, codeAt(newTotpSecret(), at), at)).toBeNull()
  })
})

describe('backup codes', () => {
  it('makes distinct codes whose stored form ignores case and dashes but differs per user', () => {
    const codes = newBackupCodes()
    expect(new Set(codes).size).toBe(BACKUP_CODE_COUNT)
    expect(hashBackupCode(box, 1, codes[0].toUpperCase().replace('-', ' '))).toBe(hashBackupCode(box, 1, codes[0]))
    expect(hashBackupCode(box, 2, codes[0])).not.toBe(hashBackupCode(box, 1, codes[0]))
    expect(hashBackupCode(box, 1, codes[0])).not.toContain(codes[0].replace('-', ''))
  })
})

describe('stored second factors', () => {
  let store: Store
  let userId: number
  beforeAll(async () => {
    store = openStore({ kind: 'sqlite', file: ':memory:' })
    await migrateToLatest(store)
    const org = await store.db
      .insertInto('organizations')
      .values({ name: 'o', alias: 'o', created_time: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    userId = (
      await store.db
        .insertInto('users')
        .values({ username: 'u', password_hash: 'x', organization_id: org.id, member_since: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(() => store.close())
  const ctx = () => ({ db: store.db, box })

  it('refuses a TOTP code the second time (replay)', async () => {
    const secret = newTotpSecret()
    await store.db
      .insertInto('second_factors')
      .values({ user_id: userId, method: 'totp', secret: box.seal(secret), confirmed: 1, created_time: 0 })
      .execute()
    const code = codeAt(secret, Date.now())
    expect(await SECOND_FACTOR_METHODS.totp.verify(ctx(), userId, code)).toBe(true)
    expect(await SECOND_FACTOR_METHODS.totp.verify(ctx(), userId, code)).toBe(false)
  })

  it('accepts a backup code once', async () => {
    const [code] = newBackupCodes()
    await store.db
      .insertInto('backup_codes')
      .values({ user_id: userId, code_hash: hashBackupCode(box, userId, code) })
      .execute()
    expect(await SECOND_FACTOR_METHODS.backup_code.verify(ctx(), userId, code)).toBe(true)
    expect(await SECOND_FACTOR_METHODS.backup_code.verify(ctx(), userId, code)).toBe(false)
  })

  it('remembers a browser for one month (SPEC §9), then no longer', async () => {
    const at = 1_800_000_000
    const { device_token, device_expires_at } = await rememberDevice(store.db, userId, at)
    expect(device_expires_at - at).toBe(30 * 24 * 3600)
    expect(await isRememberedDevice(store.db, userId, device_token, at + REMEMBER_DEVICE_S - 1)).toBe(true)
    expect(await isRememberedDevice(store.db, userId, device_token, at + REMEMBER_DEVICE_S)).toBe(false)
    expect(await isRememberedDevice(store.db, userId + 1, device_token, at)).toBe(false)
    expect(await isRememberedDevice(store.db, userId, 'another', at)).toBe(false)
  })
})
