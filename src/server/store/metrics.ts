/**
 * What Vigil hands Prometheus (issue 20 "Metrics out"): the names that label every series (organization,
 * environment) and, for the scrape endpoint, the states of the hosts and resources a caller may see.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import type { Scope } from './scope'

/** Every environment with its organization's name: the labels of the perfdata the engine sends (unscoped, engine side). */
export function environmentNames(db: Kysely<Database>): Promise<{ id: number; environment: string; organization: string }[]> {
  return db
    .selectFrom('hostgroups')
    .innerJoin('organizations', 'organizations.id', 'hostgroups.organization_id')
    .select(['hostgroups.id', 'hostgroups.name as environment', 'organizations.name as organization'])
    .execute()
}

export interface StateRow {
  organization: string
  environment: string
  host: string
  state: string
}

/** SPEC §3 states of the hosts in the caller's environments, by organization, environment and name. */
export async function hostStates(db: Kysely<Database>, scope: Scope): Promise<StateRow[]> {
  if (!scope.environmentIds.length) return []
  return db
    .selectFrom('hosts')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .innerJoin('organizations', 'organizations.id', 'hostgroups.organization_id')
    .select(['organizations.name as organization', 'hostgroups.name as environment', 'hosts.name as host', 'hosts.state'])
    .where('hosts.hostgroup_id', 'in', scope.environmentIds)
    .orderBy('organizations.name')
    .orderBy('hostgroups.name')
    .orderBy('hosts.name')
    .execute()
}

/** SPEC §3 states of the resources in the caller's environments, ordered as their hosts. */
export async function resourceStates(db: Kysely<Database>, scope: Scope): Promise<(StateRow & { resource: string })[]> {
  if (!scope.environmentIds.length) return []
  return db
    .selectFrom('resources')
    .innerJoin('hostgroups', 'hostgroups.id', 'resources.hostgroup_id')
    .innerJoin('organizations', 'organizations.id', 'hostgroups.organization_id')
    .select([
      'organizations.name as organization',
      'hostgroups.name as environment',
      'resources.host_name as host',
      'resources.display_name as resource',
      'resources.state',
    ])
    .where('resources.hostgroup_id', 'in', scope.environmentIds)
    .orderBy('organizations.name')
    .orderBy('hostgroups.name')
    .orderBy('resources.host_name')
    .orderBy('resources.display_name')
    .execute()
}
