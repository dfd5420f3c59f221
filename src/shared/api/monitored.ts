/**
 * SPEC §3 Host and Resource as the list and get calls return them (`GET hosts/`, `hosts/{id}`, `resources/`,
 * `resources/{id}`, `resources/{hostname}/{display_name}`): the response schemas of those routes (so the
 * OpenAPI document at /api/v1/openapi.json names every field) and the rows the monitoring screens read.
 * The list and grouped responses are built from these rows (src/shared/api/list.ts).
 * Loose objects: the server adds fields (extra_columns) that these do not name, and they pass untouched.
 * `monitoring_type` ("host" or "resource_check", SPEC §3) tells the two apart in the alerts table.
 */
import { z } from 'zod'

const unixTime = z.number().nullable()

const common = {
  id: z.number().int(),
  /** SPEC §3 state name; its SPEC §4 numbers travel beside it (state_id, problem_severity) */
  state: z.string(),
  state_id: z.number().int().nullable().optional(),
  problem_severity: z.number().int().nullable().optional(),
  /** HARD or SOFT (SPEC §4) */
  state_type: z.string(),
  state_details: z.string(),
  plugin_output: z.string(),
  extended_output: z.string(),
  last_state_change: unixTime,
  last_check: unixTime,
  next_check: unixTime,
  check_interval: z.number().int().optional(),
  /** "0" active, "1" passive (SPEC §2: next check hidden when "1") */
  check_type: z.string(),
  is_stale: z.boolean(),
  is_flapping: z.boolean(),
  acknowledged: z.boolean(),
  /** ticket ids; the last is current */
  tickets: z.array(z.string()),
  allowed_actions: z.array(z.string()),
  /** SPEC §6 ticket-allowed flag: a ticket could be opened now (right, unacknowledged problem) */
  ticket_allowed: z.boolean().optional(),
  hostgroup_id: z.number().int(),
  hostgroup_alias: z.string(),
  has_graph: z.boolean(),
  /** SPEC §4 MAP (up 0 … nohost 5) and HOST_MAP_STATE (host up 0 … pending 3, resource ok 4 … pending 8) */
  map_state: z.number().int().optional(),
  host_map_state: z.number().int().optional(),
}

export const HostRow = z.looseObject({
  ...common,
  monitoring_type: z.literal('host'),
  name: z.string(),
  alias: z.string(),
  hostname: z.string().optional(),
  organization_name: z.string().optional(),
  hosttype: z.string(),
  ip_address: z.string(),
  description: z.string(),
  state_translation: z.string().optional(),
  parents: z.array(z.string()),
  children: z.array(z.string()),
  tags: z.array(z.string()).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  service_counts: z.object({ critical: z.number(), warning: z.number(), unknown: z.number(), ok: z.number() }),
  has_asset_data: z.boolean(),
  /** over 0 means in maintenance (SPEC §3) */
  max_scheduled_downtime_depth: z.number(),
})
export type HostRow = z.infer<typeof HostRow>

export const ResourceRow = z.looseObject({
  ...common,
  monitoring_type: z.literal('resource_check'),
  host_id: z.number().int(),
  host_name: z.string(),
  display_name: z.string(),
  name: z.string().optional(),
  plugin_id: z.string().optional(),
  /** the host's state (an extra column): a resource of a down or unreachable host is "affected" (SPEC §4 extra tags) */
  host_state: z.string().optional(),
  /** over 0 means in maintenance (an extra column of the list call) */
  scheduled_downtime_depth: z.number(),
})
export type ResourceRow = z.infer<typeof ResourceRow>

export type MonitoredRow = HostRow | ResourceRow
export const MonitoredRow = z.union([HostRow, ResourceRow])
