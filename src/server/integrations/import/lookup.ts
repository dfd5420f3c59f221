/**
 * The names an import may bind to, read in one query: hosts, resources and maps of the target environment,
 * and the environments the caller may see in its organization (issue 13: a map binds only its organization's). Names match exactly, then case-insensitively, then by alias
 * (a resource's display name).
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../store/db'
import type { Scope } from '../../store/scope'
import { nameIndex, type HostRef, type ImportLookup, type NamedRef, type ResourceRef } from './builder'

/** One name an import may bind to: plain data, so the conversion can run in the import worker (isolated.ts). */
export interface LookupRow {
  kind: string
  id: number
  name: string
  alias: string
  sub: string
  host_id: number
}

const fallback =
  <T>(...finds: ((name: string) => T | undefined)[]) =>
  (name: string) =>
    finds.reduce<T | undefined>((hit, find) => hit ?? find(name), undefined)

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

export function importLookup(rows: readonly LookupRow[]): ImportLookup {
  const of = (kind: string) => rows.filter((r) => r.kind === kind)
  const named = (kind: string, key: 'name' | 'alias') =>
    nameIndex<NamedRef>(of(kind).map((r) => [r[key], { id: Number(r.id), name: r.name }]))
  const resources = (key: 'sub' | 'alias') =>
    nameIndex<ResourceRef>(
      of('resource').map((r) => [
        `${r.name}\u0000${r[key]}`,
        { id: Number(r.id), host_id: Number(r.host_id), name: r.sub, host_name: r.name },
      ]),
    )
  const resource = fallback(resources('sub'), resources('alias'))
  return {
    host: fallback<HostRef>(named('host', 'name'), named('host', 'alias')),
    resource: (hostName, name) => resource(`${hostName.trim()}\u0000${name.trim()}`),
    environment: fallback(named('environment', 'name'), named('environment', 'alias')),
    map: fallback(named('map', 'name'), named('map', 'alias')),
  }
}
