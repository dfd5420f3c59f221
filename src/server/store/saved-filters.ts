/**
 * SPEC §3 Saved filter, §5 Filters. A filter is personal (only its author sees it) or organization-wide
 * (every user with a right on the organization, or on its MSP parents, sees it). SPEC §6: only those allowed to manage
 * users (user_read on the organization) save or delete organization-wide ones. Names are unique per
 * owner and location (filter_already_exists); a filter the caller may not see reads as filter_not_found.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { Database, SavedFilterTable } from './db'
import { demand, type Scope } from './scope'
import { readJson, now } from './json'
import { ApiError } from '../../shared/errors'
import { demandQuota } from './quotas'
import { normaliseOperator, normaliseRule, type FilterNode } from '../../shared/filter'
import type { FilterLocation, SavedFilter, SavedFilterBody, SavedFilterRule } from '../../shared/api/filters'

type Row = Selectable<SavedFilterTable> & { created_by: string }

/** Any form of the filter language → SPEC §3 saved filter rules ({key, operator, value, inverted}, or-groups). */
function specRules(nodes: readonly FilterNode[]): SavedFilterRule[] {
  return nodes.map((n) => {
    if (!Array.isArray(n) && 'or' in n) return { or: specRules(n.or) }
    const rule = normaliseRule(n)
    return { ...rule, operator: normaliseOperator(rule.operator) ?? rule.operator }
  })
}

function toApi(r: Row): SavedFilter {
  // Filters saved before rules were normalised may hold tuples: they read in the SPEC form too.
  return {
    guid: r.guid,
    name: r.name,
    location: r.location as FilterLocation,
    created_by: r.created_by,
    organization_id: r.organization_id,
    rules: specRules(readJson<FilterNode[]>(r.rules, [])),
    created_time: r.created_time,
  }
}

/**
 * Organization-wide filters are the organization's staff's: a right on a single environment alone shows
 * none of them (issue 13), since it puts the organization in `organizationIds` without any organization-level right.
 */
const staffOf = (scope: Scope) => {
  const ids = scope.organizationIds.filter((id) => (scope.orgActions.get(id)?.length ?? 0) > 0)
  return ids.length ? ids : [-1]
}

const visible = (db: Kysely<Database>, scope: Scope) =>
  db
    .selectFrom('saved_filters')
    .innerJoin('users', 'users.id', 'saved_filters.user_id')
    .selectAll('saved_filters')
    .select('users.username as created_by')
    .where((eb) =>
      eb.or([
        eb.and([eb('saved_filters.organization_id', 'is', null), eb('saved_filters.user_id', '=', scope.userId)]),
        eb('saved_filters.organization_id', 'in', staffOf(scope)),
      ]),
    )

/** Every operator must be one of the language (SPEC §5); unknown ones are refused as when listing. */
function checkOperators(nodes: FilterNode[]) {
  for (const n of nodes) {
    if (!Array.isArray(n) && 'or' in n) checkOperators(n.or)
    else {
      const rule = normaliseRule(n)
      if (!normaliseOperator(rule.operator)) throw new ApiError('unknown_operator', { operator: rule.operator, column: rule.key })
    }
  }
}

/** A unique-constraint failure on SQLite (better-sqlite3) or PostgreSQL (SQLSTATE 23505). */
function isUniqueViolation(err: unknown) {
  const code = (err as { code?: string }).code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

export async function listSavedFilters(db: Kysely<Database>, scope: Scope, location?: FilterLocation) {
  let q = visible(db, scope)
  if (location) q = q.where('saved_filters.location', '=', location)
  const rows = await q.orderBy('saved_filters.name').orderBy('saved_filters.id').execute()
  return { result: rows.map(toApi), totalresults: rows.length }
}

export async function getSavedFilter(db: Kysely<Database>, scope: Scope, guid: string) {
  const row = await visible(db, scope).where('saved_filters.guid', '=', guid).executeTakeFirst()
  if (!row) throw new ApiError('filter_not_found', { guid })
  return toApi(row)
}

/** Issue 13: an organization's saved filters, its own and its users' personal ones, are bounded by its quota. */
async function demandFilterQuota(db: Kysely<Database>, organizationId: number) {
  const row = await db
    .selectFrom('saved_filters')
    .innerJoin('users', 'users.id', 'saved_filters.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb('saved_filters.organization_id', '=', organizationId),
        eb.and([eb('saved_filters.organization_id', 'is', null), eb('users.organization_id', '=', organizationId)]),
      ]),
    )
    .executeTakeFirstOrThrow()
  await demandQuota(db, organizationId, 'saved_filters', Number(row.n))
}

export async function createSavedFilter(db: Kysely<Database>, scope: Scope, body: SavedFilterBody) {
  checkOperators(body.rules)
  let organizationId: number | null = null
  if (body.organization_wide) {
    organizationId = body.organization_id ?? scope.organizationId
    if (!scope.organizationIds.includes(organizationId)) throw new ApiError('organization_not_found', { id: organizationId })
    demand(scope, 'user_read', { organizationId }, { reason: 'organization-wide filters need the right to manage users' })
  }
  await demandFilterQuota(db, organizationId ?? scope.organizationId)
  const ownerKey = organizationId === null ? `user:${scope.userId}` : `organization:${organizationId}`
  const guid = randomUUID()
  try {
    await db
      .insertInto('saved_filters')
      .values({
        guid,
        name: body.name,
        location: body.location,
        rules: JSON.stringify(specRules(body.rules)),
        owner_key: ownerKey,
        user_id: scope.userId,
        organization_id: organizationId,
        created_time: now(),
      })
      .execute()
  } catch (err) {
    // The unique key (owner, location, name) decides, also between two saves racing each other.
    if (isUniqueViolation(err)) throw new ApiError('filter_already_exists', { name: body.name, location: body.location })
    throw err
  }
  return getSavedFilter(db, scope, guid)
}

export async function deleteSavedFilter(db: Kysely<Database>, scope: Scope, guid: string) {
  const f = await getSavedFilter(db, scope, guid)
  if (f.organization_id !== null) demand(scope, 'user_read', { organizationId: f.organization_id })
  await db.deleteFrom('saved_filters').where('guid', '=', guid).execute()
}
