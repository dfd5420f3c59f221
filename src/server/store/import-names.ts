/**
 * The names an import may bind to, read in one query: hosts, resources and maps of the target environment,
 * and the environments the caller may see in its organization (issue 13: a map binds only its organization's).
 * integrations/import/lookup.ts matches names against them.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'

/** One name an import may bind to: plain data, so the conversion can run in the import worker (isolated.ts). */
export interface LookupRow {
  kind: string
  id: number
  name: string
  alias: string
  sub: string
  host_id: number
}

export async function importLookupRows(db: Kysely<Database>, scope: Scope, hostgroupId: number): Promise<LookupRow[]> {
  const visible = scope.environmentIds.length ? scope.environmentIds : [0]
  return db
    .selectFrom('hosts')
    .select([sql<string>`'host'`.as('kind'), 'id', 'name', 'alias', sql<string>`''`.as('sub'), 'id as host_id'])
    .where('hostgroup_id', '=', hostgroupId)
    .unionAll(
      db
        .selectFrom('resources')
        .select([sql<string>`'resource'`.as('kind'), 'id', 'host_name as name', 'display_name as alias', 'name as sub', 'host_id'])
        .where('hostgroup_id', '=', hostgroupId),
    )
    .unionAll(
      db
        .selectFrom('maps')
        .select([sql<string>`'map'`.as('kind'), 'id', 'name', 'alias', sql<string>`''`.as('sub'), sql<number>`0`.as('host_id')])
        .where('hostgroup_id', '=', hostgroupId),
    )
    .unionAll(
      db
        .selectFrom('hostgroups')
        .select([sql<string>`'environment'`.as('kind'), 'id', 'name', 'alias', sql<string>`''`.as('sub'), sql<number>`0`.as('host_id')])
        .where('id', 'in', visible)
        .where('organization_id', '=', db.selectFrom('hostgroups').select('organization_id').where('id', '=', hostgroupId)),
    )
    .execute()
}
