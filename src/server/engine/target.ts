/**
 * What the engine keeps in memory per host or resource: identity, check, schedule and state. Loaded from
 * the database at start (schedules resume from `next_check`), kept true after every committed result.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../store/db'
import { readJson } from '../store/json'
import { hostTargetRows, resourceTargetRows, type TargetRow } from '../store/engine-targets'
import { checkKinds, type CheckKind, type CheckKindName, type CheckMemo } from './checks/index'
import { FLAP_HISTORY_SIZE, type CheckSchedule, type CheckState, type FlapState, type StateType } from './state/index'

export type TargetType = 'host' | 'resource'

export interface Target {
  key: string
  type: TargetType
  id: number
  hostId: number
  hostgroupId: number
  organizationId: number
  /** issue 13 "Targets": check and target last saved by a server admin (for a resource: its host's too) */
  trusted: boolean
  /** host name for a host, display name for a resource */
  name: string
  hostName: string
  address: string
  /** the host's sealed secrets (`hosts.secrets`) when the kind uses them, else '' (engine.ts opens them per run) */
  secrets: string
  kind: CheckKindName | null
  config: unknown
  /** why the check cannot run (unknown kind, bad config), reported as UNKNOWN */
  configError: string | null
  /** active checks are scheduled; passive ones (check_type "1") only receive results */
  active: boolean
  schedule: CheckSchedule
  freshness: number | null
  state: CheckState
  flap: FlapState
  isStale: boolean
  /** the resource has performance data (SPEC §3 has_graph) */
  hasGraph: boolean
  /** what the last run kept for the next (CheckResult.memo), stored with the result so that a restart keeps it */
  memo?: CheckMemo
}

/** SPEC §4 numeric states of hosts (HOST) and resources (RESOURCE), pending as null. */
const HOST_STATES = ['up', 'down', 'unreachable'] as const
const RESOURCE_STATES = ['ok', 'warning', 'critical', 'unknown'] as const
export const stateName = (type: TargetType, status: number | null) =>
  status === null ? 'pending' : ((type === 'host' ? HOST_STATES : RESOURCE_STATES)[status] ?? 'unknown')
const statusOf = (type: TargetType, name: string): number | null => {
  const i = (type === 'host' ? HOST_STATES : RESOURCE_STATES).indexOf(name as never)
  return i === -1 ? null : i
}

export const targetKey = (type: TargetType, id: number) => `${type === 'host' ? 'h' : 'r'}:${id}`

function toTarget(type: TargetType, r: TargetRow): Target {
  const kindDef = (checkKinds as Record<string, (typeof checkKinds)[CheckKindName]>)[r.check_kind]
  let config: unknown = null
  let configError: string | null = null
  if (r.check_kind && !kindDef) configError = `unknown check kind "${r.check_kind}"`
  else if (kindDef) {
    const parsed = kindDef.config.safeParse(readJson(r.check_config, {}))
    if (parsed.success) config = parsed.data
    else
      configError = `invalid ${r.check_kind} check configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`
  }
  const status = statusOf(type, r.state)
  return {
    key: targetKey(type, r.id),
    type,
    id: r.id,
    hostId: r.host_id,
    hostgroupId: r.hostgroup_id,
    organizationId: r.organization_id,
    trusted: r.trusted,
    name: r.name,
    hostName: r.host_name,
    address: r.address,
    secrets: (kindDef as CheckKind<unknown> | undefined)?.usesSecrets ? r.secrets : '',
    kind: kindDef ? (r.check_kind as CheckKindName) : null,
    config,
    configError,
    active: r.check_type !== '1' && r.check_kind !== '',
    schedule: { check_interval: r.check_interval, retry_interval: r.retry_interval, max_check_attempts: r.max_check_attempts },
    freshness: r.freshness_threshold,
    state: {
      status,
      state_type: r.state_type as StateType,
      current_attempt: r.current_attempt,
      last_check: r.last_check,
      last_state_change: r.last_state_change,
      last_hard_state_change: r.last_hard_state_change,
      last_hard_status: r.state_type === 'HARD' ? status : null,
      next_check: r.next_check,
    },
    flap: {
      history: readJson<number[]>(r.state_history, []).slice(-FLAP_HISTORY_SIZE),
      is_flapping: r.is_flapping === 1,
      percent_state_change: r.percent_state_change,
    },
    isStale: r.is_stale === 1,
    hasGraph: r.has_graph === 1,
    memo: r.check_memo ? readJson<CheckMemo | undefined>(r.check_memo, undefined) : undefined,
  }
}

/** Hosts (and their host checks) to watch; all of them, or the given ids. */
export async function loadHostTargets(db: Kysely<Database>, ids?: number[]): Promise<Target[]> {
  return (await hostTargetRows(db, ids)).map((r) => toTarget('host', r))
}

export async function loadResourceTargets(db: Kysely<Database>, ids?: number[]): Promise<Target[]> {
  return (await resourceTargetRows(db, ids)).map((r) => toTarget('resource', r))
}
