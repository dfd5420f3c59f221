/**
 * A report's figures (SPEC §1 "View reports (uptime, state, stability, standby, risk…)"): for each host or resource
 * in the report's scope, the state_change events of the period and the one before it (SPEC §3 Timeline event, as the
 * engine writes them, engine/ingest.ts) and its maintenance, added up by shared/report-figures/availability.ts, with
 * the SPEC §9 trend arrows; the same over the standby hours, and a host's risks, when the report shows those.
 * Reads only what the caller may see: the report through its scope, the subjects in the report's environment.
 * Subjects are read in batches, at most REPORT_SUBJECTS_MAX of them.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'
import { readJson } from './json'
import { getReport } from './reports'
import { reportSpan, standbyIntervals, windowIntervals } from '../../shared/report-figures/period'
import { shareOf, stateAfter, summarize, type StateChangeAt } from '../../shared/report-figures/availability'
import { trend } from '../../shared/report-figures/trend'
import type { Report, ReportFigures, ReportRange, SubjectFigures } from '../../shared/api/report-configurations'
import { risksOfHosts } from './report-risks'

/** Subjects one report adds up (a time limit on one request); beyond it the answer says `limited`. */
export const REPORT_SUBJECTS_MAX = 1000
const CHUNK = 200

export interface Subject {
  id: number
  name: string
  host_id: number
  host_name: string
  hosttype: string
  state: string
  created_time: number
  /** the host's (a resource's host's) SPEC §3 host options, JSON */
  tags: string
}

interface EventRow {
  id: number
  subject: number
  display_time: number | string
  status: string
  state_type: string
  data: string
}

/** The report's hosts or resources, by name, one more than REPORT_SUBJECTS_MAX when there are more. */
export async function subjectsOf(db: Kysely<Database>, report: Report): Promise<{ kind: 'host' | 'resource'; rows: Subject[] }> {
  if (report.type === 'by_resource') {
    let q = db
      .selectFrom('resources')
      .innerJoin('hosts', 'hosts.id', 'resources.host_id')
      .select([
        'resources.id',
        'resources.display_name as name',
        'resources.host_id',
        'hosts.name as host_name',
        'hosts.hosttype',
        'resources.state',
        'resources.created_time',
        'hosts.tags',
      ])
      .where('resources.hostgroup_id', '=', report.hostgroup_id)
    if (report.resources.length) q = q.where('resources.id', 'in', report.resources)
    const rows = await q
      .orderBy('hosts.name')
      .orderBy('resources.display_name')
      .limit(REPORT_SUBJECTS_MAX + 1)
      .execute()
    return { kind: 'resource', rows }
  }
  let q = db
    .selectFrom('hosts')
    .select(['id', 'name', 'id as host_id', 'name as host_name', 'hosttype', 'state', 'created_time', 'tags'])
    .where('hostgroup_id', '=', report.hostgroup_id)
  if (report.type === 'by_host' && report.hosts.length) q = q.where('id', 'in', report.hosts)
  if (report.type === 'by_host_type' && report.host_types.length) q = q.where('hosttype', 'in', report.host_types)
  const orderBy = report.options.group_hosts_by_type ? q.orderBy('hosttype').orderBy('name') : q.orderBy('name')
  return { kind: 'host', rows: await orderBy.limit(REPORT_SUBJECTS_MAX + 1).execute() }
}

/** The state_change events of these subjects matching `where`, oldest first, as `subject` = the host or resource id. */
function stateEvents(db: Kysely<Database>, kind: 'host' | 'resource', ids: number[], where: ReturnType<typeof sql>) {
  const subject = sql.raw(kind === 'host' ? 'host_id' : 'resource_id')
  const own = kind === 'host' ? sql`host_id IN (${sql.join(ids)}) AND resource_id IS NULL` : sql`resource_id IN (${sql.join(ids)})`
  return sql<EventRow>`SELECT id, ${subject} AS subject, display_time, status, state_type, data FROM events
    WHERE type = 'state_change' AND ${own} AND ${where} ORDER BY display_time, id`.execute(db)
}

/** Maintenance in effect at some time of [from, to): a host's own, and for a resource also its host's. */
async function maintenanceOf(db: Kysely<Database>, kind: 'host' | 'resource', subjects: Subject[], from: number, to: number) {
  const ids = subjects.map((s) => s.id)
  const hostIds = [...new Set(subjects.map((s) => s.host_id))]
  const rows = await db
    .selectFrom('downtimes')
    .select(['host_id', 'resource_id', 'actual_start', 'actual_end', 'end_time'])
    .where('actual_start', 'is not', null)
    .where('actual_start', '<', to)
    .where((eb) => eb(eb.fn.coalesce('actual_end', 'end_time'), '>', from))
    .where((eb) =>
      kind === 'host'
        ? eb.and([eb('host_id', 'in', ids), eb('resource_id', 'is', null)])
        : eb.or([eb('resource_id', 'in', ids), eb.and([eb('host_id', 'in', hostIds), eb('resource_id', 'is', null)])]),
    )
    .execute()
  return (s: Subject): [number, number][] =>
    rows
      .filter((r) => (kind === 'host' ? r.host_id === s.id : r.resource_id === s.id || (r.resource_id === null && r.host_id === s.host_id)))
      .map((r) => [Number(r.actual_start), Number(r.actual_end ?? r.end_time)])
}

const grouped = (rows: EventRow[]) => {
  const by = new Map<number, EventRow[]>()
  for (const r of rows) by.set(Number(r.subject), [...(by.get(Number(r.subject)) ?? []), r])
  return by
}
const asChange = (r: EventRow): StateChangeAt => ({ at: Number(r.display_time), state: r.status, hard: r.state_type !== 'SOFT' })

/**
 * The state of each subject when `from` begins: its last (HARD, unless soft states count) state_change before it;
 * else the state its first event left (that event's previous state, a steady one); else, with no event at all,
 * its state now.
 */
async function initialStates(db: Kysely<Database>, kind: 'host' | 'resource', subjects: Subject[], from: number, soft: boolean) {
  const ids = subjects.map((s) => s.id)
  const hard = soft ? sql`1 = 1` : sql`state_type <> 'SOFT'`
  const subject = kind === 'host' ? 'host_id' : 'resource_id'
  const latest = grouped(
    (
      await stateEvents(
        db,
        kind,
        ids,
        sql`id IN (SELECT MAX(id) FROM events WHERE type = 'state_change' AND display_time < ${from} AND ${hard} AND ${sql.raw(subject)} IN (${sql.join(ids)}) GROUP BY ${sql.raw(subject)})`,
      )
    ).rows,
  )
  const firstEver = grouped(
    (
      await stateEvents(
        db,
        kind,
        ids,
        sql`id IN (SELECT MIN(id) FROM events WHERE type = 'state_change' AND ${sql.raw(subject)} IN (${sql.join(ids)}) GROUP BY ${sql.raw(subject)})`,
      )
    ).rows,
  )
  return (s: Subject): string | null => {
    const last = latest.get(s.id)?.[0]
    if (last) return last.status
    const first = firstEver.get(s.id)?.[0]
    if (first) return readJson<{ previous_state?: string }>(first.data, {}).previous_state ?? null
    return s.state
  }
}

/** GET reports/:id/figures: the report's subjects over this or the last period and the one before (SPEC §9 presets). */
export async function reportFigures(
  db: Kysely<Database>,
  scope: Scope,
  id: number,
  range: ReportRange,
  now: number,
): Promise<ReportFigures> {
  const report = await getReport(db, scope, id)
  const span = reportSpan(report.period, range, now)
  const current = windowIntervals(span.from, span.to, report.window)
  const previous = windowIntervals(span.previous_from, span.previous_to, report.window)
  const { kind, rows } = await subjectsOf(db, report)
  const limited = rows.length > REPORT_SUBJECTS_MAX
  const up = kind === 'host' ? ['up'] : ['ok']
  // SPEC §3 standby-summary and risk-summary: computed only for a report that shows them.
  const standby = report.content.includes('standby-summary') && {
    current: standbyIntervals(span.from, span.to),
    previous: standbyIntervals(span.previous_from, span.previous_to),
  }
  const withRisks = kind === 'host' && report.content.includes('risk-summary')
  const subjects: SubjectFigures[] = []
  for (let i = 0; i < Math.min(rows.length, REPORT_SUBJECTS_MAX); i += CHUNK) {
    const chunk = rows.slice(i, Math.min(i + CHUNK, REPORT_SUBJECTS_MAX))
    const ids = chunk.map((s) => s.id)
    const initial = await initialStates(db, kind, chunk, span.previous_from, report.options.include_soft_states)
    const events = grouped(
      (await stateEvents(db, kind, ids, sql`display_time >= ${span.previous_from} AND display_time < ${span.to}`)).rows,
    )
    const maintenance = await maintenanceOf(db, kind, chunk, span.previous_from, span.to)
    const risks = withRisks ? await risksOfHosts(db, report.hostgroup_id, ids, span) : undefined
    for (const s of chunk) {
      const changes = (events.get(s.id) ?? []).map(asChange)
      const before = changes.filter((c) => c.at < span.from)
      const common = { since: Number(s.created_time), maintenance: maintenance(s), options: report.options }
      const inPrevious = { ...common, initial: initial(s), changes: before.filter((c) => c.at < span.previous_to) }
      const inCurrent = {
        ...common,
        initial: stateAfter(initial(s), before, report.options),
        changes: changes.filter((c) => c.at >= span.from),
      }
      const prev = summarize({ ...inPrevious, windows: previous })
      const cur = summarize({ ...inCurrent, windows: current })
      const standbyFigures = standby && {
        on_standby: readJson<string[]>(s.tags, []).includes('standby'),
        current: summarize({ ...inCurrent, windows: standby.current }),
        previous: summarize({ ...inPrevious, windows: standby.previous }),
      }
      subjects.push({
        kind,
        id: s.id,
        name: s.name,
        host_name: s.host_name,
        hosttype: s.hosttype,
        current: cur,
        previous: prev,
        uptime_trend: trend(shareOf(cur, up), shareOf(prev, up), 'difference'),
        stability_trend: trend(cur.changes, prev.changes, 'relative'),
        standby: standbyFigures
          ? { ...standbyFigures, problems_trend: trend(standbyFigures.current.problems, standbyFigures.previous.problems, 'relative') }
          : null,
        risks: risks ? risks(s.id) : null,
      })
    }
  }
  // SPEC §3 option "deviation only": the subjects whose figures moved.
  const shown = report.options.deviation_only
    ? subjects.filter((s) => s.uptime_trend.level !== 'none' || s.stability_trend.level !== 'none')
    : subjects
  return { report_id: report.id, range, ...span, subjects: shown, limited }
}
