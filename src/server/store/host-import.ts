/**
 * Issue 15 bulk CSV import of hosts (shared/api/host-import.ts). Every row goes through createHost (its checks,
 * quotas, audit event) in one transaction, each under a savepoint: a row that fails is rolled back alone and
 * reported, the valid rows are created. The preview runs the very same writes and rolls them all back, so it
 * reports exactly what the import would do (duplicates, parents named by earlier rows, quotas) and writes nothing.
 */
import { sql, type Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from './db'
import { demand, type Scope } from './scope'
import { createHost } from './hosts'
import { hostFieldErrors } from './host-validation'
import { demandHostTargets } from './allowed-targets'
import { limitExceeded, organizationOfEnvironment } from './quotas'
import { ApiError } from '../../shared/errors'
import { UPLOAD_MAX_BYTES } from '../../shared/constants'
import { parseCsv } from '../../shared/csv'
import { HostBody } from '../../shared/api/entities'
import {
  HOST_IMPORT_COLUMNS,
  HOST_IMPORT_MAX_ROWS,
  type HostImportColumn,
  type HostImportOut,
  type HostImportRow,
} from '../../shared/api/host-import'
import type { SecretBox } from '../security/secrets'

type Body = z.infer<typeof HostBody>

/** A row read from the file: the host to create, or why it cannot be. */
interface ReadRow {
  row: number
  cells: Record<string, string>
  body: Body
  errors: ApiError[]
}

const list = (text: string) =>
  text
    .split(/[,;]/)
    .map((x) => x.trim())
    .filter(Boolean)

const BOOLEANS: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false }

/** The file's header: known columns only (credentials are not among them: they are set on the host form, sealed). */
function readHeader(fields: string[]): HostImportColumn[] {
  const names = fields.map((f) =>
    f
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  )
  const unknown = names.filter((n) => !(HOST_IMPORT_COLUMNS as readonly string[]).includes(n))
  if (unknown.length)
    throw new ApiError('validation_failed', { field: 'header', unknown_columns: unknown, allowed_columns: [...HOST_IMPORT_COLUMNS] })
  const twice = names.filter((n, i) => names.indexOf(n) !== i)
  if (twice.length) throw new ApiError('validation_failed', { field: 'header', repeated_columns: [...new Set(twice)] })
  if (!names.includes('name')) throw new ApiError('missing_required_parameter', { field: 'name' })
  return names as HostImportColumn[]
}

/** One row's cells as a HostBody, with every error of its own (not those that need the database). */
function readRow(cells: Record<string, string>, environments: Map<string, number>, defaultEnvironment: number) {
  const errors: ApiError[] = []
  const cell = (c: HostImportColumn) => cells[c]?.trim() ?? ''
  const optional = (c: HostImportColumn) => (cell(c) ? { [c]: cell(c) } : {})
  const flag = (c: 'notifications_enabled' | 'custom_check') => {
    if (!cell(c)) return {}
    const value = BOOLEANS[cell(c).toLowerCase()]
    if (value === undefined) errors.push(new ApiError('validation_failed', { field: c, value: cell(c), reason: 'true or false expected' }))
    return value === undefined ? {} : { [c]: value }
  }
  if (!cell('name')) errors.push(new ApiError('missing_required_parameter', { field: 'name' }))
  const environment = cell('environment')
  const hostgroupId = environment ? environments.get(environment) : defaultEnvironment
  // Environments of another organization, or hidden ones, read as absent (tenant safety).
  if (hostgroupId === undefined) errors.push(new ApiError('hostgroup_not_found', { environment }))
  const attempts = cell('max_check_attempts')
  const candidate = {
    name: cell('name'),
    hostgroup_id: hostgroupId ?? defaultEnvironment,
    ...optional('alias'),
    ...optional('fqdn'),
    ...optional('ip_address'),
    ...optional('hosttype'),
    ...optional('description'),
    ...optional('access_method'),
    ...(cell('tags') ? { tags: list(cell('tags')) } : {}),
    ...(cell('parents') ? { parents: list(cell('parents')) } : {}),
    ...(cell('windows_roles') ? { windows_roles: list(cell('windows_roles')) } : {}),
    ...(attempts ? { max_check_attempts: Number(attempts) } : {}),
    ...flag('notifications_enabled'),
    ...flag('custom_check'),
  }
  // The API's own schema: lengths, access methods, Windows roles, attempts (SPEC §3 host admin fields).
  const parsed = HostBody.safeParse(candidate)
  const fields = parsed.success ? [] : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'row'), reason: i.message }))
  // An empty name is already missing_required_parameter.
  for (const f of fields) if (f.field !== 'name' || cell('name')) errors.push(new ApiError('validation_failed', f))
  const body = parsed.success ? parsed.data : (candidate as unknown as Body)
  if (cell('name')) errors.push(...hostFieldErrors(body))
  return { body, errors }
}

/**
 * Reads and checks the file for an import into `hostgroupId`'s organization. The whole request is refused for
 * what concerns the file (size, unreadable CSV, unknown columns, too many rows) or the caller's right on the
 * environment (SPEC §6 host_write); everything else is a row's error.
 */
export async function readHostImport(db: Kysely<Database>, scope: Scope, hostgroupId: number, csv: string): Promise<ReadRow[]> {
  if (!scope.environmentIds.includes(hostgroupId)) throw new ApiError('hostgroup_not_found', { id: hostgroupId })
  demand(scope, 'host_write', { environmentId: hostgroupId })
  if (Buffer.byteLength(csv) > UPLOAD_MAX_BYTES) throw limitExceeded('upload_bytes', UPLOAD_MAX_BYTES, { field: 'csv' })
  const parsed = parseCsv(csv)
  if ('error' in parsed) throw new ApiError('invalid_input', { field: 'csv', line: parsed.line, reason: parsed.error })
  // Each record keeps its number in the file (the header being 1); blank lines are skipped.
  const records = parsed.records.map((r, i) => ({ ...r, row: i + 1 })).filter((r) => r.fields.some((f) => f.trim() !== ''))
  if (!records.length) throw new ApiError('missing_required_parameter', { field: 'csv' })
  const [header, ...data] = records
  const columns = readHeader(header.fields)
  if (data.length > HOST_IMPORT_MAX_ROWS) throw limitExceeded('host_import_rows', HOST_IMPORT_MAX_ROWS, { rows: data.length })
  const organizationId = await organizationOfEnvironment(db, hostgroupId)
  const visible = await db
    .selectFrom('hostgroups')
    .select(['id', 'name', 'alias'])
    .where('organization_id', '=', organizationId!)
    .where('id', 'in', scope.environmentIds)
    .orderBy('id')
    .execute()
  // An environment is named by its name, or by its alias as the screens show it.
  const environments = new Map([...visible.map((e) => [e.alias, e.id] as const), ...visible.map((e) => [e.name, e.id] as const)])
  const firstRowOf = new Map<string, number>()
  const rows: ReadRow[] = []
  for (const { row, ...record } of data) {
    const cells = Object.fromEntries(columns.map((c, i) => [c, record.fields[i] ?? '']))
    const { body, errors } = readRow(cells, environments, hostgroupId)
    if (record.fields.length > columns.length)
      errors.push(
        new ApiError('validation_failed', { field: 'row', reason: `${record.fields.length} fields, the header has ${columns.length}` }),
      )
    const first = firstRowOf.get(body.name)
    if (first !== undefined) errors.push(new ApiError('host_already_exists', { name: body.name, row: first }))
    else if (body.name) firstRowOf.set(body.name, row)
    if (!errors.length) await demandHostTargets(db, scope, body).catch((e: unknown) => errors.push(rowError(e)))
    rows.push({ row, cells, body, errors })
  }
  return rows
}

/** A refusal becomes the row's error; anything else is a fault and fails the request. */
function rowError(e: unknown): ApiError {
  if (e instanceof ApiError) return e
  throw e
}

const errorOut = (e: ApiError) => ({ key: e.key, extra_info: e.extra })

/** Creates the valid rows in the caller's transaction; each row that fails is rolled back alone (a savepoint). */
export async function importHostRows(tx: Kysely<Database>, scope: Scope, box: SecretBox, rows: ReadRow[]) {
  const out: HostImportRow[] = []
  const resourceIds: number[] = []
  for (const r of rows) {
    const result = { row: r.row, host: r.cells, checks: [] as string[] }
    if (r.errors.length) {
      out.push({ ...result, status: 'error', errors: r.errors.map(errorOut) })
      continue
    }
    await sql`SAVEPOINT host_import_row`.execute(tx)
    try {
      const created = await createHost(tx, scope, box, r.body)
      await sql`RELEASE SAVEPOINT host_import_row`.execute(tx)
      resourceIds.push(...created.resourceIds)
      out.push({ ...result, status: 'created', id: created.id, checks: created.checks, errors: [] })
    } catch (e) {
      await sql`ROLLBACK TO SAVEPOINT host_import_row`.execute(tx)
      await sql`RELEASE SAVEPOINT host_import_row`.execute(tx)
      out.push({ ...result, status: 'error', errors: [errorOut(rowError(e))] })
    }
  }
  return { rows: out, hostIds: out.flatMap((r) => (r.id === undefined ? [] : [r.id])), resourceIds }
}

export const summarize = (rows: HostImportRow[], dryRun: boolean): HostImportOut => ({
  dry_run: dryRun,
  ok: rows.filter((r) => r.status !== 'error').length,
  failed: rows.filter((r) => r.status === 'error').length,
  rows,
})

/** Thrown to roll the preview's transaction back once its result is known. */
class PreviewDone extends Error {
  constructor(readonly rows: HostImportRow[]) {
    super('preview rolled back')
  }
}

/** The preview: the import's own writes, rolled back; created rows read as `ok`, without ids. */
export async function previewHostImport(db: Kysely<Database>, scope: Scope, box: SecretBox, rows: ReadRow[]): Promise<HostImportOut> {
  const done = await db
    .transaction()
    .execute(async (tx) => {
      throw new PreviewDone((await importHostRows(tx, scope, box, rows)).rows)
    })
    .catch((e: unknown) => {
      if (e instanceof PreviewDone) return e.rows
      throw e
    })
  return summarize(
    done.map(({ id: _id, ...r }) => (r.status === 'created' ? { ...r, status: 'ok' as const } : r)),
    true,
  )
}

/** The import: valid rows created in one transaction; returns what the engine must load. */
export async function commitHostImport(db: Kysely<Database>, scope: Scope, box: SecretBox, rows: ReadRow[]) {
  const done = await db.transaction().execute((tx) => importHostRows(tx, scope, box, rows))
  return { out: summarize(done.rows, false), hostIds: done.hostIds, resourceIds: done.resourceIds }
}
