/**
 * Issue 19: the browser's SPEC §7 error reports and usage logs, stored for server admins. A browser is not
 * trusted to be well-behaved, so what one user may store per hour is limited (count and bytes), reports
 * expire after CLIENT_REPORT_LIMITS.retentionS, and the table as a whole never holds more than `totalBytes`
 * (the oldest go first): no client can fill the disk.
 */
import { sql } from 'kysely'
import type { Store } from './db'
import type { Scope } from './scope'
import { ApiError } from '../../shared/errors'
import type { ClientReportKind, ClientReportRow } from '../../shared/api/reports'

export const CLIENT_REPORT_LIMITS = {
  /** reports of each kind one user may store per hour (SPEC §9 tracker: at most one send per 120 s a tab) */
  perUserHour: { error: 60, tracker: 120 } satisfies Record<ClientReportKind, number>,
  /** bytes one user may store per hour, both kinds together */
  userBytesPerHour: 2 * 1024 * 1024,
  retentionS: 30 * 24 * 3600,
  totalBytes: 64 * 1024 * 1024,
}

const HOUR_S = 3600

/** Stores one report of the caller, or refuses it with `limit_exceeded` when the caller's hourly quota is used. */
export async function addClientReport(
  { db }: Store,
  scope: Scope,
  kind: ClientReportKind,
  report: unknown,
  now = Math.floor(Date.now() / 1000),
) {
  const body = JSON.stringify(report)
  const bytes = Buffer.byteLength(body)
  await db.transaction().execute(async (tx) => {
    const used = await tx
      .selectFrom('client_reports')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number | null>(eb.case().when('kind', '=', kind).then(1).else(0).end()).as('same'),
        eb.fn.sum<number | null>('bytes').as('bytes'),
      ])
      .where('user_id', '=', scope.userId)
      .where('created', '>', now - HOUR_S)
      .executeTakeFirstOrThrow()
    const max = CLIENT_REPORT_LIMITS.perUserHour[kind]
    if (Number(used.same ?? 0) >= max) throw new ApiError('limit_exceeded', { limit: `client_reports_${kind}_per_hour`, max })
    if (Number(used.bytes ?? 0) + bytes > CLIENT_REPORT_LIMITS.userBytesPerHour)
      throw new ApiError('limit_exceeded', { limit: 'client_report_bytes_per_hour', max: CLIENT_REPORT_LIMITS.userBytesPerHour })
    await tx.insertInto('client_reports').values({ kind, user_id: scope.userId, created: now, bytes, body }).execute()
  })
  await pruneClientReports({ db } as Store, now)
}

/** Drops expired reports, then the oldest ones while the table holds more than `totalBytes`. */
export async function pruneClientReports({ db }: Pick<Store, 'db'>, now: number, totalBytes = CLIENT_REPORT_LIMITS.totalBytes) {
  await db
    .deleteFrom('client_reports')
    .where('created', '<', now - CLIENT_REPORT_LIMITS.retentionS)
    .execute()
  await sql`DELETE FROM client_reports WHERE id <= (
      SELECT id FROM (SELECT id, SUM(bytes) OVER (ORDER BY id DESC) AS kept FROM client_reports) newest
      WHERE kept > ${totalBytes} ORDER BY id DESC LIMIT 1)`.execute(db)
}

/** Server admins only: one kind of report, newest first. */
export async function listClientReports({ db }: Store, scope: Scope, q: { kind: ClientReportKind; limit: number; offset: number }) {
  if (!scope.serverAdmin) throw new ApiError('unauthorized', { action: 'client_reports' })
  const [rows, count] = await Promise.all([
    db
      .selectFrom('client_reports')
      .innerJoin('users', 'users.id', 'client_reports.user_id')
      .select(['client_reports.id', 'client_reports.kind', 'client_reports.created', 'client_reports.body', 'users.username'])
      .where('client_reports.kind', '=', q.kind)
      .orderBy('client_reports.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    db
      .selectFrom('client_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', q.kind)
      .executeTakeFirstOrThrow(),
  ])
  const result: ClientReportRow[] = rows.map((r) => {
    const body = JSON.parse(r.body)
    return {
      id: r.id,
      kind: r.kind,
      username: r.username,
      created: Number(r.created),
      error: r.kind === 'error' ? body : null,
      entries: r.kind === 'tracker' ? body : null,
    }
  })
  return { result, totalresults: Number(count.n) }
}
