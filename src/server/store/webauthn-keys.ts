/**
 * Issue 16 hardware keys (WebAuthn, through @simplewebauthn/server): `second_factors` rows of method `webauthn`
 * whose sealed `secret` holds the credential (id, public key, transports, passwordless) and whose `counter` is
 * the key's signature counter. Every ceremony signs a challenge stored here and used once, so an answer
 * cannot be replayed, whichever process receives it.
 */
import type { Kysely } from 'kysely'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Database } from './db'
import type { Actor } from './event-log'
import type { SecretBox } from '../security/secrets'
import type { RelyingParty } from '../security/relying-party'
import { KeyResponse, type KeyRegistrationBody } from '../../shared/api/second-factors'
import { writeAuditEvent } from './audit'
import { ApiError } from '../../shared/errors'
import { now } from './json'

/** Long enough to find the key and touch it; the browser's own prompt ends at the same time. */
const CHALLENGE_TTL_S = 5 * 60
type Purpose = 'register' | 'login' | 'passwordless'

interface StoredKey {
  id: string
  public_key: string
  transports: AuthenticatorTransport[]
  passwordless: boolean
}

export interface KeyContext {
  db: Kysely<Database>
  box: SecretBox
  rp: RelyingParty
}

/** The key's user handle names the user: a passwordless login learns from it whose keys to look at. */
const userHandle = (userId: number) => new TextEncoder().encode(String(userId))

async function keysOf(db: Kysely<Database>, box: SecretBox, userId: number) {
  const rows = await db
    .selectFrom('second_factors')
    .select(['id', 'secret', 'counter'])
    .where('user_id', '=', userId)
    .where('method', '=', 'webauthn')
    .execute()
  return rows.map((r) => ({ rowId: r.id, counter: Number(r.counter ?? 0), ...(JSON.parse(box.open(r.secret)) as StoredKey) }))
}

/** Whether the row is a key the user chose to log in with alone (the list of factors shows it). */
export const isPasswordless = (box: SecretBox, secret: string) => (JSON.parse(box.open(secret)) as StoredKey).passwordless === true

async function keepChallenge(db: Kysely<Database>, challenge: string, purpose: Purpose, userId: number | null) {
  const t = now()
  await db.deleteFrom('webauthn_challenges').where('expires', '<=', t).execute()
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, expires: t + CHALLENGE_TTL_S })
    .execute()
}

/** The challenge the answer signed, if it was ours, live, for this purpose (and user), and not used yet: it is used now. */
async function takeChallenge(
  db: Kysely<Database>,
  response: { response: Record<string, unknown> },
  purpose: Purpose,
  userId: number | null,
) {
  let challenge: unknown
  try {
    challenge = (JSON.parse(Buffer.from(String(response.response.clientDataJSON), 'base64url').toString()) as { challenge?: unknown })
      .challenge
  } catch {
    return null
  }
  if (typeof challenge !== 'string') return null
  const taken = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('expires', '>', now())
    .executeTakeFirst()
  return taken.numDeletedRows === 1n ? challenge : null
}

/** Options for registering one more key; the keys the user has are excluded (one key, one registration). */
export async function registrationOptions({ db, box, rp }: KeyContext, user: { userId: number; username: string; fullName: string }) {
  const options = await generateRegistrationOptions({
    rpName: 'Vigil',
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.fullName,
    userID: userHandle(user.userId),
    attestationType: 'none',
    excludeCredentials: (await keysOf(db, box, user.userId)).map((k) => ({ id: k.id, transports: k.transports })),
    // A key that can hold the credential itself can later log in without a password.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
  await keepChallenge(db, options.challenge, 'register', user.userId)
  return options as unknown as Record<string, unknown>
}

/** Verifies the key's answer to the registration options and stores the key; audited. */
export async function registerKey({ db, box, rp }: KeyContext, user: Actor & { organizationId: number }, body: KeyRegistrationBody) {
  const invalid = (reason: string) => new ApiError('invalid_input', { field: 'response', reason })
  const challenge = await takeChallenge(db, body.response, 'register', user.userId)
  if (!challenge) throw invalid('the registration was not asked for, has expired or was used')
  const verified = await verifyRegistrationResponse({
    response: body.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((err: Error) => {
    throw invalid(err.message)
  })
  if (!verified.verified) throw invalid('the key did not sign the registration')
  const { credential } = verified.registrationInfo
  const stored: StoredKey = {
    id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    transports: (credential.transports ?? []) as AuthenticatorTransport[],
    passwordless: body.passwordless,
  }
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('second_factors')
      .values({
        user_id: user.userId,
        method: 'webauthn',
        name: body.name,
        secret: box.seal(JSON.stringify(stored)),
        counter: credential.counter,
        confirmed: 1,
        created_time: now(),
      })
      .returning(['id', 'created_time'])
      .executeTakeFirstOrThrow()
    await writeAuditEvent(tx, user, {
      subject: 'second_factor',
      status: 'ENROLLED',
      id: user.userId,
      name: user.username,
      organizationId: user.organizationId,
      after: { second_factor: 'webauthn', name: body.name, passwordless: body.passwordless },
    })
    return { id: row.id, method: 'webauthn' as const, name: body.name, created_time: row.created_time, passwordless: body.passwordless }
  })
}

/** Options for a login with a key: the user's keys (second factor), or any key the browser holds (passwordless, userId null). */
export async function authenticationOptions({ db, box, rp }: KeyContext, userId: number | null) {
  const keys = userId === null ? [] : await keysOf(db, box, userId)
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
    // Without a password the key must check its PIN or fingerprint itself: that is the second factor then.
    userVerification: userId === null ? 'required' : 'preferred',
  })
  await keepChallenge(db, options.challenge, userId === null ? 'passwordless' : 'login', userId)
  return options as unknown as Record<string, unknown>
}

/**
 * Checks a key's answer to a login challenge: signed by one of the user's keys (only those chosen for
 * passwordless login when `userId` is null, the user then named by the key), and its counter moved on
 * (a cloned key shows an old counter). The user's id when it holds, else null.
 */
export async function verifyKeyLogin({ db, box, rp }: KeyContext, userId: number | null, response: KeyResponse): Promise<number | null> {
  const passwordless = userId === null
  const owner = passwordless ? Number(Buffer.from(String(response.response.userHandle ?? ''), 'base64url').toString()) : userId
  if (!Number.isSafeInteger(owner) || owner <= 0) return null
  const key = (await keysOf(db, box, owner)).find((k) => k.id === response.id && (!passwordless || k.passwordless))
  const challenge = await takeChallenge(db, response, passwordless ? 'passwordless' : 'login', userId)
  if (!key || !challenge) return null
  const verified = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: key.id, publicKey: Buffer.from(key.public_key, 'base64url'), counter: key.counter, transports: key.transports },
    requireUserVerification: passwordless,
  }).catch(() => null)
  if (!verified?.verified) return null
  const next = verified.authenticationInfo.newCounter
  // Keys that keep no counter answer 0 each time; a counting key must move forward, atomically.
  const moved = await db
    .updateTable('second_factors')
    .set({ counter: next })
    .where('id', '=', key.rowId)
    .where((eb) => (next === 0 ? eb('counter', '=', 0) : eb.or([eb('counter', 'is', null), eb('counter', '<', next)])))
    .executeTakeFirst()
  return moved.numUpdatedRows === 1n ? owner : null
}

/** The answer of the second step arrives as text (MfaBody.code): the key's JSON answer. */
export function parseKeyAnswer(answer: string): KeyResponse | null {
  try {
    const parsed = KeyResponse.safeParse(JSON.parse(answer))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
