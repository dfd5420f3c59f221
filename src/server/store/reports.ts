/**
 * Reports (SPEC §3 Report, §5 Reports, §6 rights, §8 report keys): the list protocol, get by id or by
 * environment and name, create, update and delete. Reading needs the environment in scope (a hidden report
 * is report_not_found, like an absent one); writing needs SPEC §6 `write` there. Each change writes a
 * timeline event of type `report` (SPEC §3, the report timeline) and an audit event, in its transaction.
 * The figures are in report-figures.ts.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, Dialect, ReportTable } from './db'
import { getEntity, groupEntities, listEntities, type EntityDef, type GroupedQuery, type ListQuery } from './list'
import { demand, type Scope } from './scope'
import { now, readJson } from './json'
import { fail } from './fail'
import { writeAuditEvent } from './audit'
import { eventDelta } from './event-log'
import { demandQuota, organizationOfEnvironment } from './quotas'
import { ApiError } from '../../shared/errors'
import { isHostType } from '../../shared/host-types'
import {
  contentFits,
  REPORT_CONTENT_NAMES,
  REPORT_PERIODS,
  REPORT_TYPES,
  REPORT_WINDOWS,
  ReportOptions,
  type NewReport,
  type Report,
  type ReportUpdate,
} from '../../shared/api/report-configurations'

type Row = Selectable<ReportTable> & { hostgroup_name: string; hostgroup_alias: string }

function toApi(r: Row, scope: Scope): Report {
  const options = ReportOptions.safeParse(readJson(r.options, {}))
  return {
    id: r.id,
    title: r.title,
    name: r.name,
    hostgroup_id: r.hostgroup_id,
    hostgroup_name: r.hostgroup_name,
    hostgroup_alias: r.hostgroup_alias,
    period: r.period as Report['period'],
    window: r.time_window as Report['window'],
    type: r.type as Report['type'],
    hosts: readJson<number[]>(r.hosts, []),
    resources: readJson<number[]>(r.resources, []),
    host_types: readJson<string[]>(r.host_types, []),
    content: readJson<Report['content']>(r.content, []),
    options: options.success ? options.data : ReportOptions.parse({}),
    allowed_actions: (scope.envActions.get(r.hostgroup_id) ?? []).filter((a) => a === 'write'),
    created_time: Number(r.created_time),
    updated_time: Number(r.updated_time),
  }
}

/** Each content name as a trusted condition on the stored JSON list (the names hold no LIKE wildcards). */
const CONTENT_FLAGS = Object.fromEntries(REPORT_CONTENT_NAMES.map((c) => [c, `reports.content LIKE '%"${c}"%'`]))

export const reportDef: EntityDef<Row, Report> = {
  from: 'reports JOIN hostgroups ON hostgroups.id = reports.hostgroup_id',
  countFrom: 'reports',
  select: 'reports.*, hostgroups.name AS hostgroup_name, hostgroups.alias AS hostgroup_alias',
  scopeColumn: 'reports.hostgroup_id',
  scopeIds: (s) => s.environmentIds,
  columns: {
    id: { expr: 'reports.id', kind: 'integer', nullable: false },
    title: { expr: 'reports.title', kind: 'text', nullable: false },
    name: { expr: 'reports.name', kind: 'text', nullable: false },
    period: { expr: 'reports.period', kind: 'enum', values: REPORT_PERIODS, nullable: false },
    window: { expr: 'reports.time_window', kind: 'enum', values: REPORT_WINDOWS, nullable: false },
    type: { expr: 'reports.type', kind: 'enum', values: REPORT_TYPES, nullable: false },
    // SPEC §4 "report content (multi)", equals by default: a content name is one of the report's JSON list.
    content: { expr: 'reports.content', kind: 'enum', values: REPORT_CONTENT_NAMES, flags: CONTENT_FLAGS, nullable: false },
    hostgroup_id: { expr: 'reports.hostgroup_id', kind: 'integer', nullable: false },
    hostgroup_name: { expr: 'hostgroups.name', kind: 'text', nullable: false, joined: true },
    hostgroup_alias: { expr: 'hostgroups.alias', kind: 'text', nullable: false, joined: true },
    created_time: { expr: 'reports.created_time', kind: 'date', nullable: false },
    updated_time: { expr: 'reports.updated_time', kind: 'date', nullable: false },
  },
  fields: [
    'id',
    'title',
    'name',
    'hostgroup_id',
    'hostgroup_name',
    'hostgroup_alias',
    'period',
    'window',
    'type',
    'hosts',
    'resources',
    'host_types',
    'content',
    'options',
    'allowed_actions',
    'created_time',
    'updated_time',
  ],
  defaultOrder: [{ column: 'title', desc: false }],
  toApi,
}

export const listReports = (db: Kysely<Database>, dialect: Dialect, scope: Scope, q: ListQuery) =>
  listEntities(db, dialect, reportDef, scope, q)
/** SPEC §7 `grouped` of the reports (e.g. by period or environment). */
export const groupReports = (db: Kysely<Database>, dialect: Dialect, scope: Scope, q: GroupedQuery) =>
  groupEntities(db, dialect, reportDef, scope, q)

export const getReport = async (db: Kysely<Database>, scope: Scope, id: number): Promise<Report> =>
  (await getEntity(db, reportDef, scope, id)) ?? fail('report_not_found', { id })

/** SPEC §2 routes address a report by its environment's name and its own name. */
export async function getReportByName(db: Kysely<Database>, scope: Scope, hostgroupName: string, name: string): Promise<Report> {
  const row = await db
    .selectFrom('reports')
    .innerJoin('hostgroups', 'hostgroups.id', 'reports.hostgroup_id')
    .select('reports.id')
    .where('hostgroups.name', '=', hostgroupName)
    .where('reports.name', '=', name)
    .where('reports.hostgroup_id', 'in', scope.environmentIds.length ? scope.environmentIds : [0])
    .executeTakeFirst()
  return row ? getReport(db, scope, row.id) : fail('report_not_found', { hostgroup_name: hostgroupName, name })
}

/** The report's subjects and content as saved: checked together, since the type decides what fits. */
type Shape = Pick<NewReport, 'type' | 'hosts' | 'resources' | 'host_types' | 'content'>

/**
 * SPEC §3 "Applies to": a content item that does not apply to the report's type is invalid_report_type; the
 * hosts and resources must be in the report's environment (any other reads as not found), host types known.
 */
async function checkShape(db: Kysely<Database>, environmentId: number, shape: Shape) {
  const misfit = shape.content.filter((c) => !contentFits(c, shape.type))
  if (misfit.length) throw new ApiError('invalid_report_type', { type: shape.type, content: misfit })
  const duplicate = shape.content.find((c, i) => shape.content.indexOf(c) !== i)
  if (duplicate) throw new ApiError('validation_failed', { field: 'content', reason: `${duplicate} is listed twice` })
  const unknownType = shape.host_types.find((t) => !isHostType(t))
  if (unknownType !== undefined) throw new ApiError('invalid_host_type', { field: 'host_types', hosttype: unknownType })
  for (const [table, ids, key] of [
    ['hosts', shape.hosts, 'host_not_found'],
    ['resources', shape.resources, 'resource_check_not_found'],
  ] as const) {
    if (!ids.length) continue
    const found = await db.selectFrom(table).select('id').where('id', 'in', ids).where('hostgroup_id', '=', environmentId).execute()
    const missing = ids.filter((id) => !found.some((f) => f.id === id))
    if (missing.length) throw new ApiError(key, { field: table, ids: missing })
  }
}

/** SPEC §5: the title, and so the URL name, is unique per environment (report_already_exists). */
async function ensureUnique(db: Kysely<Database>, environmentId: number, title: string, name: string, exceptId?: number) {
  const clash = await db
    .selectFrom('reports')
    .select('id')
    .where('hostgroup_id', '=', environmentId)
    .where((eb) => eb.or([eb('title', '=', title), eb('name', '=', name)]))
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst()
  if (clash) throw new ApiError('report_already_exists', { title })
}

type ReportEventKind = 'added' | 'edited' | 'deleted'

/** The SPEC §3 `report` timeline event and the audit event of one change, in the caller's transaction. */
async function recordChange(
  tx: Kysely<Database>,
  scope: Scope,
  report: Pick<Report, 'id' | 'hostgroup_id' | 'title' | 'name'>,
  status: ReportEventKind,
  before: Report | null,
  after: Report | null,
) {
  const t = now()
  const event = await tx
    .insertInto('events')
    .values({
      type: 'report',
      event_class: 'report_event',
      hostgroup_id: report.hostgroup_id,
      host_id: null,
      resource_id: null,
      report_id: report.id,
      subject_name: report.title,
      start_time: t,
      display_time: t,
      status,
      message: `Report ${report.title} ${status}`,
      user_id: scope.userId,
      username: scope.username,
      user_full_name: scope.fullName,
      extra_data: JSON.stringify({ name: report.name }),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await writeAuditEvent(
    tx,
    scope,
    {
      subject: 'report',
      status: status === 'added' ? 'CREATED' : status === 'edited' ? 'UPDATED' : 'DELETED',
      id: report.id,
      name: report.title,
      organizationId: (await organizationOfEnvironment(tx, report.hostgroup_id)) ?? null,
      hostgroupId: report.hostgroup_id,
      before,
      after,
    },
    t,
  )
  return [eventDelta(event)]
}

const isUniqueViolation = (err: unknown) => /unique|duplicate key/i.test(String((err as Error)?.message ?? err))

/** Two writes racing past ensureUnique: the unique indexes decide (SPEC §5 unique per environment). */
async function uniquely<T>(title: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (!(err instanceof ApiError) && isUniqueViolation(err)) throw new ApiError('report_already_exists', { title })
    throw err
  }
}

const columnsOf = (r: Partial<NewReport>) => ({
  ...(r.title !== undefined ? { title: r.title } : {}),
  ...(r.name !== undefined ? { name: r.name } : {}),
  ...(r.period !== undefined ? { period: r.period } : {}),
  ...(r.window !== undefined ? { time_window: r.window } : {}),
  ...(r.type !== undefined ? { type: r.type } : {}),
  ...(r.hosts !== undefined ? { hosts: JSON.stringify(r.hosts) } : {}),
  ...(r.resources !== undefined ? { resources: JSON.stringify(r.resources) } : {}),
  ...(r.host_types !== undefined ? { host_types: JSON.stringify(r.host_types) } : {}),
  ...(r.content !== undefined ? { content: JSON.stringify(r.content) } : {}),
  ...(r.options !== undefined ? { options: JSON.stringify(r.options) } : {}),
})

/** SPEC §6 write on the environment; SPEC §5 rules; SPEC §8 limit_exceeded past reports_per_environment. */
export async function createReport(tx: Kysely<Database>, scope: Scope, body: NewReport) {
  if (!scope.environmentIds.includes(body.hostgroup_id)) fail('hostgroup_not_found', { id: body.hostgroup_id })
  demand(scope, 'write', { environmentId: body.hostgroup_id }, { report_action: 'create' })
  const name = body.name ?? body.title
  await checkShape(tx, body.hostgroup_id, body)
  await ensureUnique(tx, body.hostgroup_id, body.title, name)
  const { n } = await tx
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hostgroup_id', '=', body.hostgroup_id)
    .executeTakeFirstOrThrow()
  const organizationId = (await organizationOfEnvironment(tx, body.hostgroup_id))!
  await demandQuota(tx, organizationId, 'reports_per_environment', Number(n), 1, { hostgroup_id: body.hostgroup_id })
  const t = now()
  const { id } = await uniquely(body.title, () =>
    tx
      .insertInto('reports')
      .values({
        hostgroup_id: body.hostgroup_id,
        hosts: '[]',
        resources: '[]',
        host_types: '[]',
        options: '{}',
        ...columnsOf(body),
        title: body.title,
        name,
        period: body.period,
        time_window: body.window,
        type: body.type,
        content: JSON.stringify(body.content),
        created_by: scope.userId,
        created_time: t,
        updated_time: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const report = await getReport(tx, scope, id)
  return { report, deltas: await recordChange(tx, scope, report, 'added', null, report) }
}

/** SPEC §6 write on the report's environment ("edit report"); the type, subjects and content are checked as one. */
export async function updateReport(tx: Kysely<Database>, scope: Scope, id: number, body: ReportUpdate) {
  const before = await getReport(tx, scope, id)
  demand(scope, 'write', { environmentId: before.hostgroup_id }, { report_action: 'edit' })
  const merged = { ...before, ...body }
  // Only ids the edit adds are checked: one of the report's hosts deleted since must not block every later edit.
  const added = (ids: number[], was: number[]) => ids.filter((id) => !was.includes(id))
  await checkShape(tx, before.hostgroup_id, {
    ...merged,
    hosts: added(merged.hosts, before.hosts),
    resources: added(merged.resources, before.resources),
  })
  if (body.title !== undefined || body.name !== undefined) await ensureUnique(tx, before.hostgroup_id, merged.title, merged.name, id)
  await uniquely(body.title, () =>
    tx
      .updateTable('reports')
      .set({ ...columnsOf(body), updated_time: now() })
      .where('id', '=', id)
      .execute(),
  )
  const report = await getReport(tx, scope, id)
  return { report, deltas: await recordChange(tx, scope, report, 'edited', before, report) }
}

/** SPEC §6 write; the report's events stay on the environment's timeline (report_id as a plain number). */
export async function deleteReport(tx: Kysely<Database>, scope: Scope, id: number) {
  const report = await getReport(tx, scope, id)
  demand(scope, 'write', { environmentId: report.hostgroup_id }, { report_action: 'delete' })
  await tx.deleteFrom('reports').where('id', '=', id).execute()
  return { deltas: await recordChange(tx, scope, report, 'deleted', report, null) }
}
