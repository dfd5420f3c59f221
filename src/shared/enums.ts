/**
 * SPEC §4 numeric enumerations as they travel on the wire.
 * HOST: SPEC gives two readings; Vigil uses the first (up 0, down 1, unreachable 2) on the wire and
 * the second (up 0, unreachable 1, down 3) only as a sort severity (HOST_SORT_SEVERITY).
 */
export const HOST = { up: 0, down: 1, unreachable: 2 } as const
export const HOST_SORT_SEVERITY = { up: 0, unreachable: 1, down: 3 } as const
export const RESOURCE = { ok: 0, warning: 1, critical: 2, unknown: 3 } as const
export const PROBLEM = { down: 1, critical: 1, warning: 2, unreachable: 3, unknown: 4 } as const
export const RISK = { info: 0, low: 1, medium: 2, high: 3, veryhigh: 4 } as const
export const MAP = { up: 0, down: 1, unreachable: 2, warning: 3, pending: 4, nohost: 5 } as const
export const HOST_MAP_STATE = {
  host_up: 0, host_down: 1, host_unreachable: 2, host_pending: 3,
  resource_ok: 4, resource_warning: 5, resource_critical: 6, resource_unknown: 7, resource_pending: 8,
} as const

/** SPEC §3 Host state names (pending and offline besides the three of HOST). */
export const HOST_STATES = ['up', 'down', 'unreachable', 'pending', 'offline'] as const
export type HostState = (typeof HOST_STATES)[number]
export const RESOURCE_STATES = ['ok', 'warning', 'critical', 'unknown', 'pending'] as const
export type ResourceState = (typeof RESOURCE_STATES)[number]

/** SPEC §1 content modules that load on demand and that a user may be allowed. */
export const MODULES = ['dashboard', 'monitoring', 'maps', 'risks', 'reports', 'assets', 'admin'] as const
export type Module = (typeof MODULES)[number]

/** SPEC §1 themes. */
export const THEMES = ['default', 'acknowledge', 'bootstrap', 'darkly', 'flat', 'solar', 'noradius'] as const
export type Theme = (typeof THEMES)[number]

/** SPEC §9 event filters. */
export const EVENT_TYPES = ['report', 'acknowledgement', 'ticket', 'state_change', 'notification', 'downtime', 'map', 'audit_log', 'system'] as const
export const EVENT_CLASSES = ['host', 'resource_check', 'hostgroup', 'risk'] as const
