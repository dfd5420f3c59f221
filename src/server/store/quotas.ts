/** Issue 13: an organization's quotas (shared/api/quotas.ts), stored as JSON on the organization. */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { readJson } from './json'
import { ApiError } from '../../shared/errors'
import { Quotas, type QuotaName } from '../../shared/api/quotas'

export async function readQuotas(db: Kysely<Database>, organizationId: number): Promise<Quotas> {
  const row = await db.selectFrom('organizations').select('quotas').where('id', '=', organizationId).executeTakeFirst()
  const parsed = Quotas.safeParse(readJson(row?.quotas ?? '{}', {}))
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

/** Throws limit_exceeded when `used + adding` would pass the organization's quota `name`. */
export async function demandQuota(db: Kysely<Database>, organizationId: number, name: QuotaName, used: number, adding = 1) {
  const maximum = (await readQuotas(db, organizationId))[name]
  if (used + adding > maximum) throw limitExceeded(name, maximum, { organization_id: organizationId })
}
