/**
 * SPEC §4 numeric enumerations as they travel on the wire (issue 8). Vigil's documented choices:
 * - `state` keeps the SPEC §3 name (up, down, unreachable, pending, offline / ok, warning, critical,
 *   unknown, pending); the numbers travel beside it: `state_id` (HOST or RESOURCE, null while pending),
 *   `problem_severity` (PROBLEM, null when not a problem), `map_state` (MAP), `host_map_state` (HOST_MAP_STATE).
 *   List filters take either the name or the number (`["state", "not_equals", 0]`, SPEC §7 hosts/grouped).
 * - HOST: SPEC gives two readings; the first (up 0, down 1, unreachable 2) is the wire value and the second
 *   (up 0, unreachable 1, down 3) only a sort severity (HOST_SORT_SEVERITY).
 */
export const HOST = { up: 0, down: 1, unreachable: 2 } as const
export const HOST_SORT_SEVERITY = { up: 0, unreachable: 1, down: 3 } as const
export const RESOURCE = { ok: 0, warning: 1, critical: 2, unknown: 3 } as const
/** SPEC §4 "Resource severity order: ok lowest, then unknown, warning, critical highest" as a sort severity. */
export const RESOURCE_SORT_SEVERITY = { ok: 0, unknown: 1, warning: 2, critical: 3 } as const
export const PROBLEM = { down: 1, critical: 1, warning: 2, unreachable: 3, unknown: 4 } as const
export const RISK = { info: 0, low: 1, medium: 2, high: 3, veryhigh: 4 } as const
export const MAP = { up: 0, down: 1, unreachable: 2, warning: 3, pending: 4, nohost: 5 } as const
export const HOST_MAP_STATE = {
  host_up: 0,
  host_down: 1,
  host_unreachable: 2,
  host_pending: 3,
  resource_ok: 4,
  resource_warning: 5,
  resource_critical: 6,
  resource_unknown: 7,
  resource_pending: 8,
} as const

/** SPEC §3 Host state names (pending and offline besides the three of HOST). */
export const HOST_STATES = ['up', 'down', 'unreachable', 'pending', 'offline'] as const
export type HostState = (typeof HOST_STATES)[number]
export const RESOURCE_STATES = ['ok', 'warning', 'critical', 'unknown', 'pending'] as const
export type ResourceState = (typeof RESOURCE_STATES)[number]

/** SPEC §1 content modules that load on demand and that a user may be allowed. */
export const MODULES = ['dashboard', 'monitoring', 'maps', 'risks', 'reports', 'assets', 'admin'] as const
export type Module = (typeof MODULES)[number]

/** SPEC §1 themes ("a trip theme is also referred to": trip). */
export const THEMES = ['default', 'acknowledge', 'bootstrap', 'darkly', 'flat', 'solar', 'noradius', 'trip'] as const
export type Theme = (typeof THEMES)[number]

/** SPEC §1 "translated through a message catalogue": the languages with a catalogue in src/shared/i18n. */
export const LANGUAGES = ['en', 'nl'] as const
export type Language = (typeof LANGUAGES)[number]

/** SPEC §9 event filters. */
export const EVENT_TYPES = [
  'report',
  'acknowledgement',
  'ticket',
  'state_change',
  'notification',
  'downtime',
  'map',
  'audit_log',
  'system',
] as const
export const EVENT_CLASSES = ['host', 'resource_check', 'hostgroup', 'risk'] as const

/** SPEC §4 numbers of a host or resource state name (null for pending and offline). */
export function stateId(object: 'host' | 'resource', state: string): number | null {
  const table: Record<string, number> = object === 'host' ? HOST : RESOURCE
  return state in table ? table[state] : null
}

/** SPEC §4 PROBLEM number of a state (null when the state is no problem). */
export function problemSeverity(object: 'host' | 'resource', state: string): number | null {
  if (object === 'host') return state === 'down' ? PROBLEM.down : state === 'unreachable' ? PROBLEM.unreachable : null
  return state === 'critical' ? PROBLEM.critical : state === 'warning' ? PROBLEM.warning : state === 'unknown' ? PROBLEM.unknown : null
}
