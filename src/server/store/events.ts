/**
 * Timeline events (SPEC §3 Timeline event, §7 Events, §9 Event filters): the query of `GET events` and
 * one event by id, scoped to the environments the caller may see (another tenant's event reads as not
 * found). The advanced filter goes through the one list translator (store/list.ts) with the column
 * allow-list below. Readings of the parameters are documented in src/shared/api/events.ts.
 *
 * Speed (issue 5: a page of the global timeline over 10M events under 50 ms on SQLite): the page walks
 * an index in display_time order and stops at the limit; the count stops at EVENTS_COUNT_CAP.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Database, Dialect, EventTable } from './db'
import type { Selectable } from 'kysely'
import { whereOf, type FilterDef } from './list'
import type { Scope } from './scope'
import { eventsJson } from './event-json'
import { rowCount } from './pg-prepared'
import { joinedUtf8 } from './json'
import { ApiError } from '../../shared/errors'
import { EVENT_CLASS_OF, EVENTS_COUNT_CAP, type EventsQuery, type TimelineEvent } from '../../shared/api/events'

type Row = Selectable<EventTable>

const eventDef: FilterDef = {
  // Events without an environment are system events: see systemEventDef.
  scopeColumn: 'events.hostgroup_id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'events.id', kind: 'integer' },
    type: { expr: 'events.type', kind: 'enum' },
    event_class: { expr: 'events.event_class', kind: 'enum' },
    subject_name: { expr: 'events.subject_name', kind: 'text' },
    host_name: { expr: 'events.host_name', kind: 'text' },
    hostgroup_id: { expr: 'events.hostgroup_id', kind: 'integer' },
    host_id: { expr: 'events.host_id', kind: 'integer' },
    resource_id: { expr: 'events.resource_id', kind: 'integer' },
    status: { expr: 'events.status', kind: 'text' },
    state_type: { expr: 'events.state_type', kind: 'enum' },
    is_flapping: { expr: 'events.is_flapping', kind: 'boolean' },
    start_time: { expr: 'events.start_time', kind: 'date' },
    end_time: { expr: 'events.end_time', kind: 'date' },
    display_time: { expr: 'events.display_time', kind: 'date' },
    message: { expr: 'events.message', kind: 'text' },
    comment: { expr: 'events.comment', kind: 'text' },
    username: { expr: 'events.username', kind: 'text' },
    user_full_name: { expr: 'events.user_full_name', kind: 'text' },
    ticket_id: { expr: 'events.ticket_id', kind: 'text' },
  },
}

/**
 * Issue 5: system events (server started, stopping, migrations, engine overloaded, feed bus reconnected)
 * have no environment. They are about the whole installation, so only server admins see them (issue 13: a
 * customer's administrator must not), in `GET events`, the global timeline and `GET events/{id}`.
 * An environment filter or a subject leaves them out: they belong to no environment and no object.
 */
export const seesSystemEvents = (scope: Scope) => scope.serverAdmin

/** System events through the one filter translator: `0 IN (0)` is "in scope"; an environment filter lists no 0. */
const systemEventDef: FilterDef = { ...eventDef, scopeColumn: '0', scopeIds: (s) => (seesSystemEvents(s) ? [0] : []) }
const SYSTEM_ROWS = sql<SqlBool>`events.hostgroup_id IS NULL AND events.type = 'system'`

/**
 * Issue 13, SPEC §6 ("Audit-log user links are shown only with user-management right"): audit events are
 * read by those who may manage the users of the event's organization (user_read there) and by server
 * admins; an operator of the same environment never sees them. They are not published on the feed (a
 * topic is per environment or organization and reaches operators); the timeline reads them on load.
 */
const auditOrganizations = (scope: Scope) => [...scope.orgActions].flatMap(([id, actions]) => (actions.includes('user_read') ? [id] : []))
const auditEventDef: FilterDef = { ...eventDef, scopeColumn: 'events.organization_id', scopeIds: auditOrganizations }
const AUDIT_ROWS = sql<SqlBool>`events.type = 'audit_log'`

/** May the caller read this audit event (one row: GET events/{id})? */
const readsAudit = (scope: Scope, r: Row) =>
  scope.serverAdmin || (r.organization_id !== null && auditOrganizations(scope).includes(r.organization_id))

/** The audit events a query may return, by organization (they outlive a deleted environment), or null for none. */
function auditCondition(dialect: Dialect, scope: Scope, q: EventsQuery): RawBuilder<SqlBool> | null {
  // A server admin's "0 IN (0)" (systemEventDef) reaches every organization's audit events.
  const def = scope.serverAdmin ? systemEventDef : auditEventDef
  if (!def.scopeIds(scope).length) return null
  const conds = [AUDIT_ROWS, whereOf(def, dialect, scope, { advanced_filter: q.advanced_filter })]
  // An environment filter keeps its environments' audit events; organization-level ones have none.
  if (q.environment_filter)
    conds.push(q.environment_filter.length ? inList('events.hostgroup_id', q.environment_filter) : sql<SqlBool>`1 = 0`)
  return sql<SqlBool>`(${sql.join(conds, sql` AND `)})`
}

const inList = (column: string, values: readonly (string | number)[]) => sql<SqlBool>`${sql.raw(column)} IN (${sql.join(values)})`

/** The SPEC §7 subject filters, and event_filter_missing where a subject is needed. */
function subjectCondition(q: EventsQuery): RawBuilder<SqlBool> | null {
  const subjects: RawBuilder<SqlBool>[] = []
  if (q.host_id?.length) subjects.push(inList('events.host_id', q.host_id))
  if (q.resource_id?.length) subjects.push(inList('events.resource_id', q.resource_id))
  if (q.hostgroup_id?.length) subjects.push(inList('events.hostgroup_id', q.hostgroup_id))
  if (q.organization_id?.length) subjects.push(inList('events.organization_id', q.organization_id))
  if (q.user_id?.length) subjects.push(inList('events.user_id', q.user_id))
  if (q.risk_id?.length) subjects.push(inList('events.risk_id', q.risk_id))
  if (q.map_id?.length) subjects.push(inList('events.map_id', q.map_id))
  if (q.report_id?.length) subjects.push(inList('events.report_id', q.report_id))
  if (q.risk_plugin_id?.length) {
    if (!q.hostgroup_id?.length)
      throw new ApiError('event_filter_missing', { field: 'hostgroup_id', reason: 'risk_plugin_id needs hostgroup_id' })
    subjects.push(inList('events.risk_plugin_id', q.risk_plugin_id))
  }
  if (q.map_all_events && !subjects.length)
    throw new ApiError('event_filter_missing', { field: 'map_all_events', reason: 'map_all_events needs the subjects of the map' })
  if (!subjects.length) return null
  return sql<SqlBool>`(${sql.join(subjects, q.map_all_events ? sql` OR ` : sql` AND `)})`
}

/** Every condition of a query: scope, environment filter and advanced filter (list.ts), then the rest. */
function conditionsOf(dialect: Dialect, scope: Scope, q: EventsQuery, now: number): RawBuilder<SqlBool> {
  const filters = { advanced_filter: q.advanced_filter, environment_ids: q.environment_filter?.join(',') }
  const visible = [sql<SqlBool>`(${whereOf(eventDef, dialect, scope, filters)}) AND NOT ${AUDIT_ROWS}`]
  if (seesSystemEvents(scope)) visible.push(sql<SqlBool>`(${SYSTEM_ROWS} AND ${whereOf(systemEventDef, dialect, scope, filters)})`)
  const audit = auditCondition(dialect, scope, q)
  if (audit) visible.push(audit)
  const conds: RawBuilder<SqlBool>[] = [sql<SqlBool>`(${sql.join(visible, sql` OR `)})`]
  if (q.start_time !== undefined) conds.push(sql`events.display_time >= ${q.start_time}`)
  if (q.end_time !== undefined) conds.push(sql`events.display_time <= ${q.end_time}`)
  if (q.min_id !== undefined) conds.push(sql`events.id > ${q.min_id}`)
  // SPEC §4: upcoming = start in the future and not STOPPED; the past is all others.
  if (q.no_future_events) conds.push(sql`(events.start_time <= ${now} OR events.status = 'STOPPED')`)
  if (q.only_hard) conds.push(sql`events.state_type <> 'SOFT'`)
  if (q.only_non_flapping) conds.push(sql`events.is_flapping = 0`)
  if (q.types) conds.push(q.types.length ? inList('events.type', q.types) : sql`1 = 0`)
  if (q.classes)
    conds.push(
      q.classes.length
        ? inList(
            'events.event_class',
            q.classes.map((c) => EVENT_CLASS_OF[c]),
          )
        : sql`1 = 0`,
    )
  const subject = subjectCondition(q)
  if (subject) conds.push(subject)
  return sql.join(conds, sql` AND `) as RawBuilder<SqlBool>
}

/** The environments a query can return events of: scope ∩ environment_filter ∩ hostgroup_id. */
function environmentsOf(scope: Scope, q: EventsQuery): number[] {
  let ids = scope.environmentIds
  if (q.environment_filter) ids = ids.filter((id) => q.environment_filter!.includes(id))
  if (q.hostgroup_id && !q.map_all_events) ids = ids.filter((id) => q.hostgroup_id!.includes(id))
  return ids
}

/** `null` among per-environment ids: the branch of the system events (no environment). */
type Access = { kind: 'planner' } | { kind: 'table'; from: string } | { kind: 'per_environment'; ids: (number | null)[] }

/**
 * How SQLite reads a page. It has no statistics (no ANALYZE), and left alone it takes the environment
 * index for `hostgroup_id IN (…)` and sorts every matching event: seconds over millions. So:
 * - min_id: the new events by rowid range, then sorted (they are few);
 * - a subject (host, resource, risk) or one environment: its index, already in display_time order;
 * - most environments (the global timeline): walk the display_time index and stop at the limit;
 * - a few environments: each one's newest offset+limit events by its index, merged.
 * PostgreSQL plans by its statistics and gets the plain query.
 */
async function accessOf(db: Kysely<Database>, dialect: Dialect, scope: Scope, q: EventsQuery): Promise<Access> {
  if (dialect !== 'sqlite') return { kind: 'planner' }
  if (q.min_id !== undefined) return { kind: 'table', from: 'events NOT INDEXED' }
  if (!q.map_all_events && (q.host_id || q.resource_id || q.risk_id || q.risk_plugin_id || q.map_id || q.report_id))
    return { kind: 'planner' }
  const ids = environmentsOf(scope, q)
  if (ids.length <= 1) return { kind: 'planner' }
  const { n } = await db
    .selectFrom('hostgroups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  if (ids.length * 2 >= Number(n) || ids.length > 32) return { kind: 'table', from: 'events INDEXED BY events_time_filter' }
  const environmentless = seesSystemEvents(scope) || auditOrganizations(scope).length > 0
  return { kind: 'per_environment', ids: environmentless && !q.environment_filter && !q.hostgroup_id ? [...ids, null] : ids }
}

const ORDER = sql.raw('display_time DESC, id DESC')

/** The page's rows; `columns` narrows a planner's or a table's page (PostgreSQL's ids), a merge keeps whole rows. */
function pageSql(access: Access, where: RawBuilder<SqlBool>, q: EventsQuery, columns = sql.raw('events.*')) {
  if (access.kind === 'per_environment') {
    const branches = access.ids.map(
      (id) =>
        sql`SELECT * FROM (SELECT events.* FROM events WHERE ${where} AND ${id === null ? sql`events.hostgroup_id IS NULL` : sql`events.hostgroup_id = ${id}`} ORDER BY ${ORDER} LIMIT ${rowCount(q.offset + q.limit)}) e${sql.raw(String(id ?? 'system'))}`,
    )
    return sql<Row>`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) merged ORDER BY ${ORDER} LIMIT ${rowCount(q.limit)} OFFSET ${rowCount(q.offset)}`
  }
  const from = sql.raw(access.kind === 'table' ? access.from : 'events')
  return sql<Row>`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${ORDER} LIMIT ${rowCount(q.limit)} OFFSET ${rowCount(q.offset)}`
}

/** Whose authors' e-mail and organization the caller reads on its events (SPEC §3 audit fields, review L6). */
const authorOrganizations = (scope: Scope) => (scope.serverAdmin ? 'all' : auditOrganizations(scope))

/**
 * Empties an array of result rows once it is read. Under bench/timeline on PostgreSQL, V8's young collections kept
 * the texts of the rows of past pages alive as long as their arrays were not emptied: 4 MB promoted and a 15 ms pause
 * every few pages (--trace-gc), a page's p95 10–20 ms worse. Emptied, the rows die young: 2 ms pauses, 100 KB promoted.
 */
function release(rows: unknown[]) {
  rows.length = 0
}

/** Pages longer than this have their JSON written in two halves at once on PostgreSQL (see pageJson). */
const HALVED_FROM = 200

/**
 * The page's events as JSON. PostgreSQL plans a text with a time window on every call (pg-prepared.ts), and planning
 * the page together with its JSON took 3.6 ms, twice its execution (pg_stat_statements under bench/load). There the
 * page's ids are chosen first and their JSON is written by a text that does not change, planned once per connection.
 * The ids are chosen by their columns alone, which events_time_filter carries (migration 0044): no event is read
 * from the table until the page is known.
 *
 * Writing the JSON of 1,000 events is most of a page's time on PostgreSQL (10–12 ms of one backend's CPU), and a
 * query runs on one core: two connections write a half each at once, in page order, the second counting its index on
 * from the first. bench/timeline, alternated runs: the page's p50 36.5 → 32.5 ms (7 pairs, better in 6).
 */
async function pageJson(db: Kysely<Database>, dialect: Dialect, scope: Scope, access: Access, where: RawBuilder<SqlBool>, q: EventsQuery) {
  if (dialect === 'sqlite') return eventsJson(dialect, pageSql(access, where, q), q.offset, authorOrganizations(scope)).execute(db)
  const { rows } = await sql<{ id: number }>`${pageSql(access, where, q, sql.raw('events.id'))}`.execute(db)
  if (!rows.length) return { rows: [] }
  const ids = rows.map((r) => r.id)
  release(rows)
  const half = ids.length > HALVED_FROM ? Math.ceil(ids.length / 2) : ids.length
  const halves = await Promise.all(
    [ids.slice(0, half), ids.slice(half)]
      .filter((chunk) => chunk.length)
      .map((chunk, k) =>
        eventsJson(
          dialect,
          sql`SELECT events.* FROM events WHERE events.id = ANY(${chunk}::bigint[])`,
          q.offset + k * half,
          authorOrganizations(scope),
        ).execute(db),
      ),
  )
  const json = halves.flatMap((h) => h.rows)
  for (const h of halves) release(h.rows)
  return { rows: json }
}

/**
 * The order the count reads in. Any will do, and left to choose PostgreSQL takes a scan of the table that stops at the
 * cap, which it thinks cheap: but the wide rows come through a small ring of buffers from the OS cache on every call.
 * In display_time order it reads the narrow rows of events_time_filter instead, kept in shared buffers, or sorts the
 * few rows of a subject's index. auto_explain under bench/timeline: the global page's count 6.2 → 2.8 ms, hard_only's
 * 11.3 → 5.2, the other shapes' unchanged; the count runs beside the page's two halves on two cores, and the worst
 * p95 of four alternated pairs was 44.7, 33.4, 35.7, 34.6 ms against 46.4, 40.8, 38.1, 45.0 without.
 */
const countOrder = (dialect: Dialect) => (dialect === 'sqlite' ? sql`` : sql` ORDER BY events.display_time`)

/** SPEC §7 GET events as UTF-8 JSON: `{result, totalresults, limited}`, newest display_time first (then id). */
export async function listEventsJson(db: Kysely<Database>, dialect: Dialect, scope: Scope, q: EventsQuery, now: number): Promise<Buffer> {
  const where = conditionsOf(dialect, scope, q, now)
  const access = await accessOf(db, dialect, scope, q)
  const [count, page] = await Promise.all([
    // Counting stops at the cap; it reads the rows the page reads (any order will do).
    sql<{
      n: number
    }>`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${sql.raw(access.kind === 'table' ? access.from : 'events')} WHERE ${where}${countOrder(dialect)} LIMIT ${rowCount(EVENTS_COUNT_CAP + 1)}) capped`.execute(
      db,
    ),
    q.limit === 0 ? { rows: [] } : pageJson(db, dialect, scope, access, where, q),
  ])
  const n = Number(count.rows[0].n)
  const json = joinedUtf8(
    '{"result":[',
    page.rows.map((r) => r.json),
    `],"totalresults":${Math.min(n, EVENTS_COUNT_CAP)},"limited":${n > EVENTS_COUNT_CAP}}`,
  )
  release(page.rows)
  return json
}

/** SPEC §7 GET events/{id}: an event of an environment in scope, a system event or an audit event the caller may read. */
export async function getEvent(db: Kysely<Database>, dialect: Dialect, scope: Scope, id: number): Promise<TimelineEvent> {
  const row = (await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined
  const visible = !row
    ? false
    : row.type === 'audit_log'
      ? readsAudit(scope, row)
      : row.hostgroup_id === null
        ? row.type === 'system' && seesSystemEvents(scope)
        : scope.environmentIds.includes(row.hostgroup_id)
  // SPEC §8 has no event key: an unknown (or hidden) event is the general not_found.
  if (!row || !visible) throw new ApiError('not_found', { id })
  const { rows } = await eventsJson(
    dialect,
    sql`SELECT events.* FROM events WHERE events.id = ${id}`,
    0,
    authorOrganizations(scope),
  ).execute(db)
  return JSON.parse(rows[0].json) as TimelineEvent
}
