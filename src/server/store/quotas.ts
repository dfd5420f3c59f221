/** Issue 13: an organization's quotas (shared/api/quotas.ts), stored as JSON on the organization. */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import { readJson } from './json'
import { ApiError } from '../../shared/errors'
import { Quotas, type QuotaName, type QuotasUpdate } from '../../shared/api/quotas'
import type { Scope } from './scope'
import { fail } from './fail'
import { writeAuditEvent } from './audit'

export async function readQuotas(db: Kysely<Database>, organizationId: number): Promise<Quotas> {
  const row = await db.selectFrom('organizations').select('quotas').where('id', '=', organizationId).executeTakeFirst()
  return parseQuotas(row?.quotas ?? '{}')
}

/** Every organization's checks_per_second quota, for the engine's fair scheduler. */
export async function readAllChecksPerSecond(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db.selectFrom('organizations').select(['id', 'quotas']).execute()
  return new Map(rows.map((r) => [r.id, parseQuotas(r.quotas).checks_per_second]))
}

/** The stored JSON with defaults filled in (the defaults alone if it does not parse). */
function parseQuotas(json: string): Quotas {
  const parsed = Quotas.safeParse(readJson(json, {}))
  return parsed.success ? parsed.data : Quotas.parse({})
}

/** The organization an environment belongs to, whose quotas apply to it. */
export async function organizationOfEnvironment(db: Kysely<Database>, hostgroupId: number): Promise<number | undefined> {
  const row = await db.selectFrom('hostgroups').select('organization_id').where('id', '=', hostgroupId).executeTakeFirst()
  return row?.organization_id
}

/** SPEC §8 limit_exceeded naming the limit and its maximum (the message reads `maximum {{maximum}}`). */
export function limitExceeded(limit: QuotaName | string, maximum: number, extra: Record<string, unknown> = {}) {
  return new ApiError('limit_exceeded', { limit, maximum, ...extra })
}

/** Throws limit_exceeded when `used + adding` would pass the organization's quota `name`; `extra` says where. */
export async function demandQuota(
  db: Kysely<Database>,
  organizationId: number,
  name: QuotaName,
  used: number,
  adding = 1,
  extra: Record<string, unknown> = {},
) {
  const maximum = (await readQuotas(db, organizationId))[name]
  if (used + adding > maximum) throw limitExceeded(name, maximum, { organization_id: organizationId, ...extra })
}

/** An organization the caller sees (server admins see every one); otherwise organization_not_found. */
export async function requireVisibleOrganization(db: Kysely<Database>, scope: Scope, organizationId: number) {
  if (!scope.organizationIds.includes(organizationId) && !scope.serverAdmin) fail('organization_not_found', { id: organizationId })
  if (!(await db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst()))
    fail('organization_not_found', { id: organizationId })
}

/** GET organizations/{id}/quotas: whoever sees the organization reads its quotas. */
export async function getQuotas(db: Kysely<Database>, scope: Scope, organizationId: number): Promise<Quotas> {
  await requireVisibleOrganization(db, scope, organizationId)
  return readQuotas(db, organizationId)
}

/**
 * PUT organizations/{id}/quotas: only server admins set quotas (issue 13). The given fields replace the
 * stored ones; fields never set keep following the defaults. Audited in the same transaction.
 */
export async function updateQuotas(db: Kysely<Database>, scope: Scope, organizationId: number, changes: QuotasUpdate): Promise<Quotas> {
  await requireVisibleOrganization(db, scope, organizationId)
  if (!scope.serverAdmin) throw new ApiError('unauthorized', { action: 'server_admin' })
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('organizations').select(['name', 'quotas']).where('id', '=', organizationId).executeTakeFirstOrThrow()
    const before = parseQuotas(row.quotas)
    const stored = JSON.stringify({ ...readJson<Record<string, unknown>>(row.quotas, {}), ...changes })
    await tx.updateTable('organizations').set({ quotas: stored }).where('id', '=', organizationId).execute()
    const after = parseQuotas(stored)
    await writeAuditEvent(tx, scope, {
      subject: 'quota',
      status: 'UPDATED',
      id: organizationId,
      name: row.name,
      organizationId,
      before,
      after,
    })
    return after
  })
}

/** A check's schedule as stored on a host or resource. */
interface CheckLoad {
  check_interval: number
  check_type: string
  check_kind: string
}

/** Checks one host or resource starts per second at steady state; passive ones (check_type "1", no kind) start none. */
export const checksPerSecond = (c: CheckLoad) => (c.check_type !== '1' && c.check_kind !== '' ? 1 / c.check_interval : 0)

/** Rates are sums of 1/interval: rounded so that 12,000 checks at 60 s fit a quota of 200. */
const rate = (x: number) => Math.round(x * 1e6) / 1e6

async function countIn(db: Kysely<Database>, table: 'hosts' | 'resources', organizationId: number) {
  const row = await db
    .selectFrom(table)
    .innerJoin('hostgroups', 'hostgroups.id', `${table}.hostgroup_id`)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hostgroups.organization_id', '=', organizationId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function loadIn(db: Kysely<Database>, organizationId: number) {
  const sum = (
    table: string,
  ) => sql`(SELECT COALESCE(SUM(1.0 / t.check_interval), 0) FROM ${sql.table(table)} t JOIN hostgroups g ON g.id = t.hostgroup_id
    WHERE g.organization_id = ${organizationId} AND t.check_kind <> '' AND t.check_type <> '1')`
  const { rows } = await sql<{ n: number | string }>`SELECT ${sum('hosts')} + ${sum('resources')} AS n`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

async function hostsInEnvironment(db: Kysely<Database>, hostgroupId: number) {
  const row = await db
    .selectFrom('hosts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hostgroup_id', '=', hostgroupId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Issue 13 quotas of a host or resource being created or changed in an environment: its organization's
 * hosts, resources and checks per second, the environment's hosts (SPEC §8 per-environment hosts; `environmentHosts`
 * counts a host created in or moved into it) (limit_exceeded), and, for all but server admins, the minimum
 * check and retry interval. An interval below it is validation_failed naming the field, as any other value
 * out of range (the quota is a minimum, not a maximum), with the `minimum` in extra_info.
 */
export async function demandCheckQuotas(
  db: Kysely<Database>,
  scope: Scope,
  hostgroupId: number,
  adding: { hosts?: number; environmentHosts?: number; resources?: number; load?: number },
  intervals: { check_interval?: number; retry_interval?: number },
) {
  const organizationId = await organizationOfEnvironment(db, hostgroupId)
  if (organizationId === undefined) return
  const quotas = await readQuotas(db, organizationId)
  if (!scope.serverAdmin) {
    for (const field of ['check_interval', 'retry_interval'] as const) {
      const value = intervals[field]
      if (value !== undefined && value < quotas.min_check_interval_s) {
        throw new ApiError('validation_failed', {
          field,
          limit: 'min_check_interval_s',
          minimum: quotas.min_check_interval_s,
          organization_id: organizationId,
        })
      }
    }
  }
  const over = (limit: QuotaName, used: number, add: number) => {
    if (add > 0 && rate(used + add) > quotas[limit]) throw limitExceeded(limit, quotas[limit], { organization_id: organizationId })
  }
  if (adding.hosts) over('hosts', await countIn(db, 'hosts', organizationId), adding.hosts)
  if (adding.environmentHosts) {
    const maximum = quotas.hosts_per_environment
    if ((await hostsInEnvironment(db, hostgroupId)) + adding.environmentHosts > maximum)
      throw limitExceeded('hosts_per_environment', maximum, { organization_id: organizationId, hostgroup_id: hostgroupId })
  }
  if (adding.resources) over('resources', await countIn(db, 'resources', organizationId), adding.resources)
  if (adding.load && rate(adding.load) > 0) over('checks_per_second', await loadIn(db, organizationId), adding.load)
}
