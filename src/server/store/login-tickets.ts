/**
 * Issue 16: the pending login between a correct password and the second factor (or enrolment), and browsers
 * remembered after one (SPEC §9: one month). Both are random values stored only as their SHA-256.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { hashToken, newToken } from '../security/tokens'
import { now } from './json'

/** A pending login lasts long enough to open an authenticator app, or to scan a QR code when enrolling. */
export const LOGIN_TICKET_TTL_S = 10 * 60
/** Wrong answers one ticket takes before it ends; the password must then be given again. */
export const LOGIN_TICKET_ATTEMPTS = 5
/** SPEC §9 "Two-factor remembered for 1 month". */
export const REMEMBER_DEVICE_S = 30 * 24 * 3600

export type TicketPurpose = 'verify' | 'enroll'

/** A new ticket for the user; a rehashed password (from the password step) is stored with it. */
export async function issueLoginTicket(
  db: Kysely<Database>,
  userId: number,
  purpose: TicketPurpose,
  source: string,
  newHash: string | null,
) {
  const { token, hash } = newToken()
  const t = now()
  await db.transaction().execute(async (tx) => {
    if (newHash) await tx.updateTable('users').set({ password_hash: newHash }).where('id', '=', userId).execute()
    await tx.deleteFrom('login_tickets').where('user_id', '=', userId).where('expires', '<=', t).execute()
    await tx
      .insertInto('login_tickets')
      .values({ user_id: userId, ticket_hash: hash, purpose, source, expires: t + LOGIN_TICKET_TTL_S })
      .execute()
  })
  return { ticket: token, expires_at: t + LOGIN_TICKET_TTL_S }
}

/** The live ticket for `purpose`, given from the address that gave the password; undefined otherwise. */
export async function findLoginTicket(db: Kysely<Database>, ticket: string, purpose: TicketPurpose, source: string) {
  const row = await db
    .selectFrom('login_tickets')
    .innerJoin('users', 'users.id', 'login_tickets.user_id')
    .select([
      'login_tickets.id',
      'login_tickets.expires',
      'users.id as user_id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.organization_id',
    ])
    .where('ticket_hash', '=', hashToken(ticket))
    .where('purpose', '=', purpose)
    .where('source', '=', source)
    .executeTakeFirst()
  return row && row.expires > now() ? row : undefined
}

/** Counts a wrong answer; the ticket ends at LOGIN_TICKET_ATTEMPTS. */
export async function failLoginTicket(db: Kysely<Database>, id: number) {
  await db
    .updateTable('login_tickets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute()
  await db.deleteFrom('login_tickets').where('id', '=', id).where('attempts', '>=', LOGIN_TICKET_ATTEMPTS).execute()
}

/** Uses the ticket up: true for the one caller that ended it, so two answers at once start one session. */
export async function endLoginTicket(db: Kysely<Database>, id: number): Promise<boolean> {
  const ended = await db.deleteFrom('login_tickets').where('id', '=', id).executeTakeFirst()
  return ended.numDeletedRows === 1n
}

/** A token the browser keeps and sends with its next logins to skip the second factor until it expires. */
export async function rememberDevice(db: Kysely<Database>, userId: number, at = now()) {
  const { token, hash } = newToken()
  await db
    .insertInto('remembered_devices')
    .values({ user_id: userId, token_hash: hash, created_time: at, expires: at + REMEMBER_DEVICE_S })
    .execute()
  return { device_token: token, device_expires_at: at + REMEMBER_DEVICE_S }
}

export async function isRememberedDevice(db: Kysely<Database>, userId: number, token: string | undefined, at = now()) {
  if (!token) return false
  const row = await db
    .selectFrom('remembered_devices')
    .select('expires')
    .where('user_id', '=', userId)
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst()
  return !!row && row.expires > at
}

export async function purgeLoginTickets(db: Kysely<Database>) {
  const t = now()
  await db.deleteFrom('login_tickets').where('expires', '<=', t).execute()
  await db.deleteFrom('remembered_devices').where('expires', '<=', t).execute()
}
