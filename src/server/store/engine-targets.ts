/**
 * What the engine loads per host or resource at start and on refresh (engine/target.ts turns each row
 * into a Target): identity, trust, address, check, schedule and state.
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { readJson } from './json'
import { hostAddress, hostCheckConfig } from '../../shared/host-tags'

/** One host or resource as the engine reads it; for a host, name and host_name are both its name. */
export interface TargetRow {
  id: number
  host_id: number
  hostgroup_id: number
  organization_id: number
  trusted: boolean
  name: string
  host_name: string
  address: string
  secrets: string
  check_kind: string
  check_config: string
  check_type: string
  check_interval: number
  retry_interval: number
  max_check_attempts: number
  freshness_threshold: number | null
  state: string
  state_type: string
  current_attempt: number
  last_check: number | null
  last_state_change: number | null
  last_hard_state_change: number | null
  next_check: number | null
  state_history: string
  check_memo: string
  is_flapping: number
  percent_state_change: number
  is_stale: number
  has_graph: number
}

const COMMON = [
  'check_kind',
  'check_config',
  'check_type',
  'check_interval',
  'retry_interval',
  'max_check_attempts',
  'freshness_threshold',
  'state',
  'state_type',
  'current_attempt',
  'last_check',
  'last_state_change',
  'last_hard_state_change',
  'next_check',
  'state_history',
  'check_memo',
  'is_flapping',
  'percent_state_change',
  'is_stale',
] as const

/** Hosts (and their host checks) to watch; all of them, or the given ids. */
export async function hostTargetRows(db: Kysely<Database>, ids?: number[]): Promise<TargetRow[]> {
  let q = db
    .selectFrom('hosts')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .select([
      ...COMMON.map((c) => `hosts.${c}` as const),
      'hosts.id',
      'hosts.id as host_id',
      'hosts.hostgroup_id',
      'hostgroups.organization_id',
      'hosts.check_trusted',
      'hosts.name',
      'hosts.name as host_name',
      'hosts.ip_address',
      'hosts.fqdn',
      'hosts.tags',
      'hosts.perfdata',
      'hosts.secrets',
    ])
  if (ids) q = q.where('hosts.id', 'in', ids.length ? ids : [-1])
  const rows = await q.execute()
  return rows.map((r) => {
    const tags = readJson<string[]>(r.tags, [])
    const config = readJson<Record<string, unknown>>(r.check_config, {})
    const applied = hostCheckConfig(r.check_kind, config, tags)
    return {
      ...r,
      trusted: r.check_trusted === 1,
      has_graph: r.perfdata.length > 2 ? 1 : 0,
      address: hostAddress({ ...r, tags }),
      check_config: applied === config ? r.check_config : JSON.stringify(applied),
    }
  })
}

/** Resources to watch; all of them, or the given ids. */
export async function resourceTargetRows(db: Kysely<Database>, ids?: number[]): Promise<TargetRow[]> {
  let q = db
    .selectFrom('resources')
    .innerJoin('hosts', 'hosts.id', 'resources.host_id')
    .innerJoin('hostgroups', 'hostgroups.id', 'resources.hostgroup_id')
    .select([
      ...COMMON.map((c) => `resources.${c}` as const),
      'resources.id',
      'resources.host_id',
      'resources.hostgroup_id',
      'hostgroups.organization_id',
      'resources.check_trusted',
      'hosts.check_trusted as host_trusted',
      'resources.display_name as name',
      'hosts.name as host_name',
      'hosts.ip_address',
      'hosts.fqdn',
      'hosts.tags',
      'hosts.secrets',
      'resources.has_graph',
    ])
  if (ids) q = q.where('resources.id', 'in', ids.length ? ids : [-1])
  const rows = await q.execute()
  // The host's address is the resource's default target, so a host changed by someone else makes its resources untrusted too.
  return rows.map((r) => ({
    ...r,
    trusted: r.check_trusted === 1 && r.host_trusted === 1,
    address: hostAddress({ ...r, name: r.host_name, tags: readJson<string[]>(r.tags, []) }),
  }))
}

/** SPEC §3 is_stale: marks hosts and resources stale, in one transaction. */
export async function markStale(db: Kysely<Database>, hostIds: number[], resourceIds: number[]) {
  await db.transaction().execute(async (tx) => {
    if (hostIds.length) await tx.updateTable('hosts').set({ is_stale: 1 }).where('id', 'in', hostIds).execute()
    if (resourceIds.length) await tx.updateTable('resources').set({ is_stale: 1 }).where('id', 'in', resourceIds).execute()
  })
}

/** Every host's parents (SPEC §3 parents), for the engine's unreachable rule. */
export function hostParentRows(db: Kysely<Database>): Promise<{ host_id: number; parent_id: number }[]> {
  return db.selectFrom('host_parents').select(['host_id', 'parent_id']).execute()
}
