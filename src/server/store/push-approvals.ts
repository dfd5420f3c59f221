/**
 * Issue 16 push approval (SPEC §4: push, one-time push, push and remember, waiting for confirmation): a login
 * past its password asks for approval; a signed-in session of the same user approves it (for this login
 * only, or remembering its browser) or denies it, within PUSH_APPROVAL_TTL_S. An approval starts one
 * session (verified through the method registry, store/second-factors.ts). Requests and decisions are audited.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import type { PushProvider } from '../integrations/push'
import type { ApprovalDelta } from '../../shared/feed'
import type { PushDecision, PushStatus } from '../../shared/api/second-factors'
import { writeAuditEvent } from './audit'
import { fail } from './fail'
import { now } from './json'

/** The time limit of the wait: the login answers `expired` after it and must ask again. */
export const PUSH_APPROVAL_TTL_S = 2 * 60

type Row = { id: number; user_id: number; source: string; status: string; created_time: number; expires: number }

const delta = (r: Row, status: ApprovalDelta['status']): ApprovalDelta => ({
  kind: 'approval',
  id: r.id,
  user_id: r.user_id,
  hostgroup_id: null,
  host_id: null,
  source: r.source,
  status,
  created_time: Number(r.created_time),
  expires_at: Number(r.expires),
})

interface Login {
  ticketId: number
  userId: number
  username: string
  organizationId: number
  source: string
}

async function audit(db: Kysely<Database>, actor: Scope | null, login: Omit<Login, 'ticketId' | 'source'>, status: string, r: Row) {
  await writeAuditEvent(db, actor, {
    subject: 'second_factor',
    status,
    id: login.userId,
    name: login.username,
    organizationId: login.organizationId,
    after: { second_factor: 'push', request: r.id, source: r.source },
  })
}

/** A new request for the login's ticket (an earlier one of the same ticket is replaced), delivered by the provider. */
export async function requestPushApproval(db: Kysely<Database>, provider: PushProvider, login: Login) {
  const t = now()
  const row = await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('push_approvals')
      .where((eb) => eb.or([eb('ticket_id', '=', login.ticketId), eb('expires', '<=', t)]))
      .execute()
    const r = await tx
      .insertInto('push_approvals')
      .values({
        user_id: login.userId,
        ticket_id: login.ticketId,
        source: login.source,
        status: 'pending',
        created_time: t,
        expires: t + PUSH_APPROVAL_TTL_S,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await audit(tx, null, login, 'PUSH_REQUESTED', r)
    return r
  })
  provider.deliver(delta(row, 'pending'))
  return { request_id: row.id, status: 'waiting' as const, expires_at: Number(row.expires) }
}

const requestOf = (db: Kysely<Database>, ticketId: number) =>
  db.selectFrom('push_approvals').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst()

/**
 * How the ticket's request stands, waiting up to `waitS` seconds for a decision. A request past its time
 * limit is `expired` (audited once, its prompts closed); none at all is `expired` too: the login asks again.
 */
export async function pushStatus(db: Kysely<Database>, provider: PushProvider, login: Omit<Login, 'source'>, waitS: number) {
  const until = Date.now() + waitS * 1000
  for (;;) {
    const r = await requestOf(db, login.ticketId)
    if (!r) return { request_id: 0, status: 'expired' as const, expires_at: now() }
    const shown = { request_id: r.id, expires_at: Number(r.expires) }
    if (r.status === 'approved' || r.status === 'remembered' || r.status === 'denied')
      return { ...shown, status: r.status as ApprovalDelta['status'] & PushStatus['status'] }
    if (Number(r.expires) <= now()) {
      const ended = await db.deleteFrom('push_approvals').where('id', '=', r.id).where('status', '=', 'pending').executeTakeFirst()
      if (ended.numDeletedRows === 1n) {
        await audit(db, null, login, 'PUSH_EXPIRED', r)
        provider.deliver(delta(r, 'expired'))
      }
      return { ...shown, status: 'expired' as const }
    }
    if (r.status !== 'pending' || Date.now() >= until) return { ...shown, status: 'waiting' as const }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The user's own logins waiting for approval (a session opened after the request still shows it). */
export const pendingApprovals = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('push_approvals')
    .select(['id', 'source', 'created_time', 'expires as expires_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('expires', '>', now())
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, created_time: Number(r.created_time), expires_at: Number(r.expires_at) })))

/** A signed-in session's decision on one of its own user's waiting logins; another's, or a decided one, is 404. */
export async function decidePushApproval(
  db: Kysely<Database>,
  provider: PushProvider,
  scope: Scope,
  id: number,
  decision: PushDecision['decision'],
) {
  const status = decision === 'deny' ? 'denied' : decision === 'approve' ? 'approved' : 'remembered'
  const row = await db.transaction().execute(async (tx) => {
    const r = await tx
      .selectFrom('push_approvals')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', scope.userId)
      .where('status', '=', 'pending')
      .where('expires', '>', now())
      .executeTakeFirst()
    if (!r) return fail('not_found', { id })
    await tx.updateTable('push_approvals').set({ status }).where('id', '=', id).execute()
    await audit(
      tx,
      scope,
      { userId: scope.userId, username: scope.username, organizationId: scope.organizationId },
      status === 'denied' ? 'PUSH_DENIED' : 'PUSH_APPROVED',
      r,
    )
    return r
  })
  provider.deliver(delta(row, status))
}

/** The approval is used up by the one login it was given for (second-factor registry's `push` verify). */
export async function spendApproval(db: Kysely<Database>, userId: number, ticketId: number | undefined, answer: string) {
  const id = Number(answer)
  if (!Number.isSafeInteger(id) || ticketId === undefined) return false
  const used = await db
    .updateTable('push_approvals')
    .set({ status: 'used' })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('ticket_id', '=', ticketId)
    .where('status', 'in', ['approved', 'remembered'])
    .where('expires', '>', now())
    .executeTakeFirst()
  return used.numUpdatedRows === 1n
}
