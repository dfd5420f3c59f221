/**
 * Issue 16 second factors of a user: the authenticator app (TOTP), backup codes, hardware keys (WebAuthn,
 * store/webauthn-keys.ts) and push approval (store/push-approvals.ts), behind one method registry the login's
 * second step calls; each has rows of its own `method` in `second_factors`. The user lists, renames and
 * removes their own factors here (audited).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Actor } from './event-log'
import type { SecretBox } from '../security/secrets'
import type { Scope } from './scope'
import type { RelyingParty } from '../security/relying-party'
import type { SecondFactorMethodName } from '../../shared/api/auth'
import type { SecondFactorRow } from '../../shared/api/second-factors'
import { isPasswordless, parseKeyAnswer, verifyKeyLogin } from './webauthn-keys'
import { spendApproval } from './push-approvals'
import { fail } from './fail'
import { newTotpSecret, totpStep, totpUri } from '../security/totp'
import { hashBackupCode, newBackupCodes } from '../security/backup-codes'
import { userToManage } from './login-failures'
import { isRememberedDevice, type TicketPurpose } from './login-tickets'
import { writeAuditEvent } from './audit'
import { ApiError } from '../../shared/errors'
import { now } from './json'

export interface FactorContext {
  db: Kysely<Database>
  box: SecretBox
  /** the site hardware keys sign for (the login's request) */
  rp?: RelyingParty
  /** the pending login being answered: a push approval is good for that login only */
  ticketId?: number
}

/** One way to prove the second factor. `verify` consumes what it accepts, so the same answer never works twice. */
export interface SecondFactorMethod {
  available(db: Kysely<Database>, userId: number): Promise<boolean>
  verify(ctx: FactorContext, userId: number, answer: string): Promise<boolean>
}

const hasFactor = (method: string) => async (db: Kysely<Database>, userId: number) =>
  !!(await db
    .selectFrom('second_factors')
    .select('id')
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('confirmed', '=', 1)
    .executeTakeFirst())

const confirmedTotp = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('second_factors')
    .select(['id', 'secret'])
    .where('user_id', '=', userId)
    .where('method', '=', 'totp')
    .where('confirmed', '=', 1)
    .execute()

export const SECOND_FACTOR_METHODS: Record<SecondFactorMethodName, SecondFactorMethod> = {
  totp: {
    available: async (db, userId) => (await confirmedTotp(db, userId)).length > 0,
    async verify({ db, box }, userId, answer) {
      for (const factor of await confirmedTotp(db, userId)) {
        const step = totpStep(box.open(factor.secret), answer)
        if (step === null) continue
        // Replay guard: only a later step than the last accepted one moves the counter, atomically.
        const moved = await db
          .updateTable('second_factors')
          .set({ counter: step })
          .where('id', '=', factor.id)
          .where((eb) => eb.or([eb('counter', 'is', null), eb('counter', '<', step)]))
          .executeTakeFirst()
        return moved.numUpdatedRows === 1n
      }
      return false
    },
  },
  backup_code: {
    available: async (db, userId) =>
      !!(await db.selectFrom('backup_codes').select('id').where('user_id', '=', userId).where('used_time', 'is', null).executeTakeFirst()),
    async verify({ db, box }, userId, answer) {
      const used = await db
        .updateTable('backup_codes')
        .set({ used_time: now() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hashBackupCode(box, userId, answer))
        .where('used_time', 'is', null)
        .executeTakeFirst()
      return used.numUpdatedRows === 1n
    },
  },
  webauthn: {
    available: hasFactor('webauthn'),
    async verify({ db, box, rp }, userId, answer) {
      const response = parseKeyAnswer(answer)
      return !!rp && !!response && (await verifyKeyLogin({ db, box, rp }, userId, response)) === userId
    },
  },
  push: {
    available: hasFactor('push'),
    verify: ({ db, ticketId }, userId, answer) => spendApproval(db, userId, ticketId, answer),
  },
}

/** The signed-in user's own factors (backup codes are not one: they come with the authenticator app). */
export async function listSecondFactors({ db, box }: FactorContext, userId: number): Promise<SecondFactorRow[]> {
  const rows = await db
    .selectFrom('second_factors')
    .select(['id', 'method', 'name', 'secret', 'created_time'])
    .where('user_id', '=', userId)
    .where('confirmed', '=', 1)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    method: r.method as SecondFactorMethodName,
    name: r.name,
    created_time: Number(r.created_time),
    passwordless: r.method === 'webauthn' && isPasswordless(box, r.secret),
  }))
}

async function ownFactor(db: Kysely<Database>, scope: Scope, id: number) {
  return (
    (await db
      .selectFrom('second_factors')
      .select(['id', 'method', 'name'])
      .where('id', '=', id)
      .where('user_id', '=', scope.userId)
      .where('confirmed', '=', 1)
      .executeTakeFirst()) ?? fail('not_found', { id })
  )
}

export async function renameSecondFactor(db: Kysely<Database>, scope: Scope, id: number, name: string) {
  await db.transaction().execute(async (tx) => {
    const factor = await ownFactor(tx, scope, id)
    await tx.updateTable('second_factors').set({ name }).where('id', '=', id).execute()
    await writeAuditEvent(tx, scope, {
      subject: 'second_factor',
      status: 'UPDATED',
      id: scope.userId,
      name: scope.username,
      organizationId: scope.organizationId,
      before: { second_factor: factor.method, name: factor.name },
      after: { second_factor: factor.method, name },
    })
  })
}

/**
 * The user removes one of their own factors. Where the organization requires two-factor the last one stays
 * (an administrator's reset is the way out); backup codes go with the last factor they stand in for.
 */
export async function removeSecondFactor(db: Kysely<Database>, scope: Scope, id: number) {
  await db.transaction().execute(async (tx) => {
    const factor = await ownFactor(tx, scope, id)
    const others = await tx
      .selectFrom('second_factors')
      .select('id')
      .where('user_id', '=', scope.userId)
      .where('confirmed', '=', 1)
      .where('id', '!=', id)
      .execute()
    if (!others.length && (await twoFactorRequired(tx, scope.organizationId)))
      throw new ApiError('invalid_operation', { reason: 'your organization requires a second factor: add another one first' })
    await tx.deleteFrom('second_factors').where('id', '=', id).execute()
    if (!others.length || factor.method === 'totp') await tx.deleteFrom('backup_codes').where('user_id', '=', scope.userId).execute()
    await writeAuditEvent(tx, scope, {
      subject: 'second_factor',
      status: 'SECOND_FACTOR_REMOVED',
      id: scope.userId,
      name: scope.username,
      organizationId: scope.organizationId,
      before: { second_factor: factor.method, name: factor.name },
    })
  })
}

/** Turns push approval on for the user (SPEC §4 push): their signed-in sessions approve their logins from then on. */
export async function enablePush({ db, box }: FactorContext, user: Actor & { organizationId: number }) {
  return db.transaction().execute(async (tx) => {
    if (await hasFactor('push')(tx, user.userId)) throw new ApiError('invalid_operation', { reason: 'push approval is already on' })
    const row = await tx
      .insertInto('second_factors')
      .values({
        user_id: user.userId,
        method: 'push',
        name: 'Push approval',
        secret: box.seal('session'),
        confirmed: 1,
        created_time: now(),
      })
      .returning(['id', 'name', 'created_time'])
      .executeTakeFirstOrThrow()
    await writeAuditEvent(tx, user, {
      subject: 'second_factor',
      status: 'ENROLLED',
      id: user.userId,
      name: user.username,
      organizationId: user.organizationId,
      after: { second_factor: 'push' },
    })
    return { ...row, method: 'push' as const, created_time: Number(row.created_time), passwordless: false }
  })
}

/** The methods the user can answer the second step with; none means the user has no second factor. */
export async function methodsOf(db: Kysely<Database>, userId: number): Promise<SecondFactorMethodName[]> {
  const names = Object.keys(SECOND_FACTOR_METHODS) as SecondFactorMethodName[]
  const available = await Promise.all(names.map((m) => SECOND_FACTOR_METHODS[m].available(db, userId)))
  return names.filter((_, i) => available[i])
}

/** Whether the user's organization requires a second factor (issue 16). */
export async function twoFactorRequired(db: Kysely<Database>, organizationId: number) {
  const org = await db.selectFrom('organizations').select('require_two_factor').where('id', '=', organizationId).executeTakeFirst()
  return org?.require_two_factor === 1
}

/**
 * Starts enrolment of an authenticator app: a new key, sealed, waiting for its first code. A user who already
 * has one keeps it: replacing it takes an administrator's reset, so a stolen session cannot swap it.
 */
export async function beginTotp({ db, box }: FactorContext, user: { id: number; username: string }) {
  const secret = newTotpSecret()
  await db.transaction().execute(async (tx) => {
    if ((await confirmedTotp(tx, user.id)).length)
      throw new ApiError('invalid_operation', { reason: 'an authenticator app is already enrolled' })
    await tx.deleteFrom('second_factors').where('user_id', '=', user.id).where('method', '=', 'totp').execute()
    await tx
      .insertInto('second_factors')
      .values({ user_id: user.id, method: 'totp', name: 'Authenticator app', secret: box.seal(secret), created_time: now() })
      .execute()
  })
  return { secret, uri: totpUri(secret, user.username) }
}

/**
 * Confirms the pending authenticator app with a first valid code and returns new backup codes, the only time
 * they are readable. Null when the code is wrong or nothing waits for confirmation.
 */
export async function confirmTotp({ db, box }: FactorContext, user: Actor & { organizationId: number }, code: string) {
  return db.transaction().execute(async (tx) => {
    const pending = await tx
      .selectFrom('second_factors')
      .select(['id', 'secret'])
      .where('user_id', '=', user.userId)
      .where('method', '=', 'totp')
      .where('confirmed', '=', 0)
      .executeTakeFirst()
    const step = pending ? totpStep(box.open(pending.secret), code) : null
    if (!pending || step === null) return null
    await tx.updateTable('second_factors').set({ confirmed: 1, counter: step }).where('id', '=', pending.id).execute()
    const codes = newBackupCodes()
    await tx.deleteFrom('backup_codes').where('user_id', '=', user.userId).execute()
    await tx
      .insertInto('backup_codes')
      .values(codes.map((c) => ({ user_id: user.userId, code_hash: hashBackupCode(box, user.userId, c) })))
      .execute()
    await writeAuditEvent(tx, user, {
      subject: 'user',
      status: 'ENROLLED',
      id: user.userId,
      name: user.username,
      organizationId: user.organizationId,
      after: { second_factor: 'totp', backup_codes: codes.length },
    })
    return codes
  })
}

/** An administrator's reset: the user's factors, backup codes and remembered browsers go; the next login enrols again if required. */
export async function resetSecondFactors(db: Kysely<Database>, scope: Scope, userId: number) {
  await db.transaction().execute(async (tx) => {
    const user = await userToManage(tx, scope, userId, 'reset_second_factors')
    const factors = await tx.deleteFrom('second_factors').where('user_id', '=', userId).executeTakeFirst()
    await tx.deleteFrom('backup_codes').where('user_id', '=', userId).execute()
    await tx.deleteFrom('remembered_devices').where('user_id', '=', userId).execute()
    await tx.deleteFrom('login_tickets').where('user_id', '=', userId).execute()
    await writeAuditEvent(tx, scope, {
      subject: 'user',
      status: 'SECOND_FACTORS_RESET',
      id: user.id,
      name: user.username,
      organizationId: user.organization_id,
      before: { second_factors: Number(factors.numDeletedRows) },
      after: { second_factors: 0 },
    })
  })
}

/**
 * After a correct password: whether the login needs the second factor (`verify`, unless this browser was
 * remembered), enrolment first (`enroll`, the organization requires a factor the user lacks), or neither (null).
 */
export async function secondFactorStep(
  db: Kysely<Database>,
  user: { id: number; organization_id: number },
  deviceToken: string | undefined,
): Promise<{ step: TicketPurpose; methods: SecondFactorMethodName[] } | null> {
  const methods = await methodsOf(db, user.id)
  if (methods.length) return (await isRememberedDevice(db, user.id, deviceToken)) ? null : { step: 'verify', methods }
  return (await twoFactorRequired(db, user.organization_id)) ? { step: 'enroll', methods: ['totp'] } : null
}
