/** Host and resource rows as the list protocol answers them (SPEC §3 fields), for the monitoring unit tests. */
import type { HostRow, ResourceRow } from '../../../src/monitoring/model'

const ALL_ACTIONS = [
  'create_ticket',
  'view_ticket',
  'add_acknowledgement',
  'view_acknowledgement',
  'schedule_downtime',
  'view_scheduled_downtime',
]

const state = {
  state_type: 'HARD',
  state_details: '',
  extended_output: '',
  last_state_change: 1_700_000_000,
  last_check: 1_700_000_100,
  next_check: 1_700_000_160,
  check_type: '0',
  is_stale: false,
  is_flapping: false,
  acknowledged: false,
  tickets: [] as string[],
  allowed_actions: ALL_ACTIONS,
  hostgroup_id: 7,
  hostgroup_alias: 'Production',
  has_graph: false,
}

export function hostRow(over: Partial<HostRow> = {}): HostRow {
  return {
    ...state,
    id: 1,
    monitoring_type: 'host',
    name: 'web-01',
    alias: 'web-01',
    hosttype: 'linux',
    ip_address: '10.0.0.1',
    description: '',
    state: 'down',
    plugin_output: 'PING CRITICAL',
    parents: [],
    children: [],
    service_counts: { critical: 0, warning: 0, unknown: 0, ok: 0 },
    has_asset_data: false,
    max_scheduled_downtime_depth: 0,
    ...over,
  }
}

export function resourceRow(over: Partial<ResourceRow> = {}): ResourceRow {
  return {
    ...state,
    id: 11,
    monitoring_type: 'resource_check',
    host_id: 1,
    host_name: 'web-01',
    display_name: 'disk /',
    state: 'critical',
    plugin_output: 'DISK CRITICAL',
    scheduled_downtime_depth: 0,
    ...over,
  }
}
