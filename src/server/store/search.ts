/**
 * SPEC §2 Search modal, §5 Search, §7 Search: one query over hosts, resources, maps and environments,
 * each a source in a registry (a new searchable kind is one more entry). A source matches the term with
 * the list protocol's `contains` (case-insensitive, wildcards escaped) over its columns, within the
 * caller's scope and environment filter, and answers its total and its first SEARCH_HITS_PER_TYPE hits.
 */
import type { Kysely } from 'kysely'
import type { Database, Dialect } from './db'
import type { Scope } from './scope'
import { listEntities, type EntityDef } from './list'
import { hostDef } from './hosts'
import { resourceDef } from './resources'
import { environmentDef } from './hostgroups'
import { mapDef } from './maps'
import { SEARCH_HITS_PER_TYPE, SEARCH_TYPES, type SearchResponse, type SearchType } from '../../shared/api/search'

interface SearchContext {
  db: Kysely<Database>
  dialect: Dialect
  scope: Scope
  term: string
  environmentIds?: string
}
interface SearchSource {
  search(ctx: SearchContext): Promise<{ total: number; hits: Record<string, unknown>[] }>
}

/** A source over a list entity: `matchOn` columns are or-ed; `columns` are the fields a hit carries. */
function entitySource(def: EntityDef<any, any>, matchOn: string[], columns: string[]): SearchSource {
  return {
    async search({ db, dialect, scope, term, environmentIds }) {
      const filter = [{ or: matchOn.map((key) => ({ key, operator: 'contains', value: term })) }]
      const { result, totalresults } = await listEntities(db, dialect, def, scope, {
        advanced_filter: JSON.stringify(filter),
        columns: columns.join(','),
        limit: SEARCH_HITS_PER_TYPE,
        environment_ids: environmentIds,
      })
      return { total: totalresults, hits: result }
    },
  }
}

const searchSources = {
  host: entitySource(
    hostDef,
    ['name', 'alias', 'hostname', 'ip_address', 'description'],
    [
      'id',
      'name',
      'alias',
      'hostname',
      'ip_address',
      'description',
      'hostgroup_id',
      'hostgroup_alias',
      'hosttype',
      'state',
      'has_asset_data',
      'allowed_actions',
    ],
  ),
  resource: entitySource(
    resourceDef,
    ['display_name', 'host_name'],
    ['id', 'host_id', 'host_name', 'display_name', 'state', 'plugin_output', 'hostgroup_id', 'hostgroup_alias', 'allowed_actions'],
  ),
  // SPEC §2 "The map table shows maps": found by name or alias.
  map: entitySource(
    mapDef,
    ['name', 'alias'],
    ['id', 'name', 'alias', 'description', 'hostgroup_id', 'hostgroup_name', 'hostgroup_alias', 'layout', 'status', 'allowed_actions'],
  ),
  hostgroup: entitySource(environmentDef, ['name', 'alias'], ['id', 'name', 'alias', 'organization_id', 'organization_name', 'host_count']),
} satisfies Record<SearchType, SearchSource>

export async function search(ctx: SearchContext): Promise<SearchResponse> {
  const answers = await Promise.all(SEARCH_TYPES.map((type) => searchSources[type].search(ctx)))
  const buckets = SEARCH_TYPES.map((key, i) => ({ key, doc_count: answers[i].total, hits: answers[i].hits }))
  const total = (type: SearchType) => buckets.find((b) => b.key === type)!.doc_count
  return {
    result: { hits: { total: { value: buckets.reduce((n, b) => n + b.doc_count, 0) } }, aggregations: { grouping: { buckets } } },
    total_per_type: { host: total('host'), resource: total('resource'), map: total('map'), hostgroup: total('hostgroup') },
  }
}
