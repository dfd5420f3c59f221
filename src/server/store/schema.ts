/**
 * The tables of the database: one `<Entity>Table` per table (STYLE.md "Store"). Booleans are integers 0/1
 * and times unix seconds on SQLite and PostgreSQL alike, JSON lives in text columns, so the same queries run
 * on both. db.ts opens the store and exports these types too.
 */
import type { Generated } from 'kysely'

export interface OrganizationTable {
  id: Generated<number>
  name: string
  alias: string
  legal_name: Generated<string>
  is_msp: Generated<number>
  msp_parent_id: number | null
  contract_expiration: number | null
  customer_since: number | null
  created_time: number
  /** Issue 13: JSON of shared/api/quotas.ts Quotas and AllowedTargets, set by server admins (migration 0011). */
  quotas: Generated<string>
  allowed_targets: Generated<string>
  /** Issue 16: 1 when its users must log in with a second factor (migration 0021). */
  require_two_factor: Generated<number>
}

export interface HostgroupTable {
  id: Generated<number>
  name: string
  alias: string
  organization_id: number
  created_time: number
}

/** Monitoring state shared by hosts and resources (SPEC §3). */
interface CheckStateColumns {
  state: Generated<string>
  state_type: Generated<string>
  current_attempt: Generated<number>
  max_check_attempts: Generated<number>
  plugin_output: Generated<string>
  extended_output: Generated<string>
  perfdata: Generated<string>
  state_details: Generated<string>
  last_state_change: number | null
  last_hard_state_change: number | null
  last_check: number | null
  next_check: number | null
  check_interval: Generated<number>
  retry_interval: Generated<number>
  /** SPEC §2: "1" = passive (next check hidden), "0" = active. */
  check_type: Generated<string>
  check_kind: Generated<string>
  /** JSON of the check kind's config (without secrets). */
  check_config: Generated<string>
  /** Issue 13 "Targets" (migration 0014): 1 when a server admin last saved the check or target; it may then reach anything. */
  check_trusted: Generated<number>
  freshness_threshold: number | null
  is_stale: Generated<number>
  is_flapping: Generated<number>
  percent_state_change: Generated<number>
  /** JSON list of the last 21 states (flapping history). */
  state_history: Generated<string>
  /** JSON of what the check kept for its next run (CheckResult.memo), '' when none (migration 0051). */
  check_memo: Generated<string>
  acknowledged: Generated<number>
  /** JSON list of ticket ids, the last is current (SPEC §3). */
  tickets: Generated<string>
  created_time: number
  updated_time: number
}

export interface HostTable extends CheckStateColumns {
  id: Generated<number>
  name: string
  alias: Generated<string>
  fqdn: Generated<string>
  hostgroup_id: number
  hosttype: Generated<string>
  ip_address: Generated<string>
  description: Generated<string>
  tags: Generated<string>
  labels: Generated<string>
  has_asset_data: Generated<number>
  notifications_enabled: Generated<number>
  max_scheduled_downtime_depth: Generated<number>
  /** Encrypted JSON of SPEC §3 host admin secrets (SNMP community, passwords). Never returned. */
  secrets: Generated<string>
  /** SPEC §3 host admin fields (migration 0019): access method ('' = the type's), custom-check flag 0/1. */
  access_method: Generated<string>
  custom_check: Generated<number>
  /** SPEC §3 website inspection config, checked line by line (SPEC §5). */
  website_inspection_config: Generated<string>
  /** SPEC §5 cluster of 2–3 hosts this host belongs to; '' for none. */
  cluster: Generated<string>
}

export interface HostParentTable {
  host_id: number
  parent_id: number
}

export interface ResourceTable extends CheckStateColumns {
  id: Generated<number>
  host_id: number
  /** Copied from the host so that scoped lists over millions of resources stay on one index. */
  hostgroup_id: number
  /** Copied from the host (kept on rename) so that sorting by host then resource needs no join. */
  host_name: Generated<string>
  name: string
  display_name: string
  plugin_id: Generated<string>
  has_graph: Generated<number>
  scheduled_downtime_depth: Generated<number>
}

export interface UserTable {
  id: Generated<number>
  username: string
  first_name: Generated<string>
  last_name: Generated<string>
  email: Generated<string>
  role: Generated<string>
  password_hash: string
  organization_id: number
  preferences: Generated<string>
  last_logon: number | null
  member_since: number
  /** Issue 13: runs the installation (plugins, quotas, allowed networks, system events); not an SPEC §6 group (migration 0011). */
  server_admin: Generated<number>
  /** Issue 15: JSON list of allowed sub-modules (shared/modules.ts); NULL: all the user's groups grant (migration 0018). */
  allowed_modules: Generated<string | null>
}

/** SPEC §3 environment list: a named set of environments of one organization (migration 0018). */
export interface EnvironmentListTable {
  id: Generated<number>
  organization_id: number
  name: string
  created_time: number
}

export interface EnvironmentListMemberTable {
  list_id: number
  hostgroup_id: number
}

export interface UserRightTable {
  id: Generated<number>
  user_id: number
  organization_id: number
  hostgroup_id: number | null
  authorization_group: string
}

/** Issue 13: failed logins per (user, source address) and the delay they impose (migration 0016). */
/** Issue 16: a password reset link; only its token's SHA-256 is kept, and a used link is deleted (migration 0021). */
/** Issue 19: a browser's SPEC §7 error report or usage log (migration 0032); `body` is the JSON it sent. */
export interface ClientReportTable {
  id: Generated<number>
  kind: 'error' | 'tracker'
  user_id: number
  created: number
  bytes: number
  body: string
}

/** Issue 20: a probe (migration 0036). */
export interface ProbeTable {
  id: Generated<number>
  name: string
  token_hash: string
  created: number
  revoked: number | null
  last_contact: number | null
  last_from: Generated<string>
  version: Generated<string>
  lag_s: Generated<number>
  load: Generated<number>
  down: Generated<number>
}

export interface ProbeEnvironmentTable {
  probe_id: number
  hostgroup_id: number
}

export interface PasswordResetTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  created: number
  expires: number
}

/** Issue 16: a cloud directory identity (OpenID Connect issuer + subject) linked to a user (migration 0021). */
export interface UserIdentityTable {
  issuer: string
  subject: string
  user_id: number
  linked: number
}

export interface LoginFailureTable {
  user_id: number
  source: string
  failures: number
  last_failure: number
  locked_until: number | null
}

/** Issue 16 (migration 0021): a user's second factor; `secret` sealed, `counter` the replay guard. */
export interface SecondFactorTable {
  id: Generated<number>
  user_id: number
  method: string
  name: Generated<string>
  secret: string
  counter: number | null
  confirmed: Generated<number>
  created_time: number
}

export interface BackupCodeTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  used_time: number | null
}

/** A pending login between the password and the second factor (or enrolment); single use. */
export interface LoginTicketTable {
  id: Generated<number>
  user_id: number
  ticket_hash: string
  purpose: string
  source: string
  attempts: Generated<number>
  expires: number
}

export interface RememberedDeviceTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  created_time: number
  expires: number
}

/** Issue 16: a challenge a hardware key signs, used once. */
export interface WebauthnChallengeTable {
  id: Generated<number>
  challenge: string
  user_id: number | null
  purpose: string
  expires: number
}

/** Issue 16: a login waiting for approval from a signed-in session of the same user. */
export interface PushApprovalTable {
  id: Generated<number>
  user_id: number
  ticket_id: number
  source: string
  status: string
  created_time: number
  expires: number
}

export interface TokenTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  kind: string
  name: Generated<string>
  created: number
  expires: number
  last_used: number | null
  /** migration 0028: a wall token's environment and its maps and slideshows (JSON WallScope) */
  hostgroup_id: number | null
  scope: string | null
  revoked: number | null
  last_used_from: string | null
}

export interface EventTable {
  id: Generated<number>
  type: string
  event_class: string
  hostgroup_id: number | null
  host_id: number | null
  resource_id: number | null
  subject_name: Generated<string>
  host_name: Generated<string>
  start_time: number
  end_time: number | null
  display_time: number
  status: Generated<string>
  state_type: Generated<string>
  is_flapping: Generated<number>
  data: Generated<string>
  message: Generated<string>
  comment: Generated<string>
  user_id: number | null
  username: Generated<string>
  user_full_name: Generated<string>
  ticket_id: Generated<string>
  extra_data: Generated<string>
  /** SPEC §3 Timeline event fields of a downtime event (migration 0003). */
  is_flexible: Generated<number>
  duration: number | null
  /** Subjects of risk events (migration 0004). */
  risk_id: number | null
  risk_plugin_id: string | null
  /** The map a map event is about (migration 0007). */
  map_id: Generated<number | null>
  /** The report a report event is about (migration 0039). */
  report_id: Generated<number | null>
  /** The organization an audit_log event's subject belongs to (migration 0011). */
  organization_id: Generated<number | null>
}

/** SPEC §3 Acknowledgement of a host (resource_id null) or a resource; ended_time null while in effect. */
export interface AcknowledgementTable {
  id: Generated<number>
  host_id: number
  resource_id: number | null
  hostgroup_id: number
  comment: string
  /** Sticky: stays through state changes until OK/UP (migration 0030 added the three options below). */
  persistent: number
  notify: Generated<number>
  /** Unix seconds; the acknowledgement ends then. */
  expire_time: number | null
  /** The comment stays shown after the acknowledgement ended. */
  persistent_comment: Generated<number>
  user_id: number | null
  username: Generated<string>
  user_full_name: Generated<string>
  created_time: number
  ended_time: number | null
  end_reason: Generated<string>
}

/** SPEC §3 Maintenance of a host (resource_id null) or a resource; status SCHEDULED, STARTED, STOPPED, CANCELLED. */
export interface DowntimeTable {
  id: Generated<number>
  host_id: number
  resource_id: number | null
  hostgroup_id: number
  start_time: number
  end_time: number
  is_flexible: number
  duration: number
  comment: string
  status: string
  actual_start: number | null
  actual_end: number | null
  /** the one downtime timeline event whose status follows this row */
  event_id: number | null
  user_id: number | null
  username: Generated<string>
  user_full_name: Generated<string>
  created_time: number
  updated_time: number
}

/** Tickets of the built-in service-desk provider (src/server/integrations/tickets/builtin.ts). */
export interface ServiceDeskTicketTable {
  id: Generated<number>
  host_id: number
  resource_id: number | null
  hostgroup_id: number
  workflow_state_name: string
  support_group_name: string
  assignee_name: Generated<string>
  description: string
  priority_name: string
  urgency_name: string
  is_closed: Generated<number>
  details: string
  linked_ticket_id: Generated<string>
  username: Generated<string>
  created_time: number
  updated_time: number
  closed_time: number | null
  /** The risk a ticket is about (migration 0008); null for host and resource tickets. */
  risk_id: Generated<number | null>
}

export interface ServiceDeskNoteTable {
  id: Generated<number>
  ticket_ref: number
  kind: string
  comment: string
  username: Generated<string>
  user_full_name: Generated<string>
  created_time: number
}

/** SPEC §3 Saved filter: personal (organization_id null) or organization-wide. */
export interface SavedFilterTable {
  id: Generated<number>
  guid: string
  name: string
  location: string
  /** JSON of the SPEC §5 filter rules */
  rules: string
  owner_key: string
  user_id: number
  organization_id: number | null
  created_time: number
}

export interface PerfSeriesTable {
  id: Generated<number>
  host_id: number
  resource_id: number | null
  label: string
  unit: Generated<string>
  /** Threshold ranges as JSON text ('' when none). */
  warn: Generated<string>
  crit: Generated<string>
  min: number | null
  max: number | null
}

export interface PerfPointTable {
  series_id: number
  t: number
  v: number
}

/** Aggregates of `step` seconds (300, 3600, 86400) starting at `t`. */
export interface PerfRollupTable {
  series_id: number
  step: number
  t: number
  min: number
  avg: number
  max: number
  n: number
}

/** Resources per environment and state, kept by triggers (migration 0006). */
export interface ResourceStateCountTable {
  hostgroup_id: number
  state: string
  n: number
}

/** Hosts per environment, type and state, kept by triggers (migration 0040). */
export interface HostStateCountTable {
  hostgroup_id: number
  hosttype: string
  state: string
  n: number
}

/** SPEC §3 Map: metadata, the draft being edited (JSON + Yjs state), the lock, and what viewers draw. */
export interface MapTable {
  id: Generated<number>
  hostgroup_id: number
  name: string
  alias: string
  description: Generated<string>
  /** JSON array of strings */
  tags: Generated<string>
  layout: number
  use_hard_state: Generated<number>
  status: 'draft' | 'live' | 'archived'
  live_version: number | null
  status_before_archive: string | null
  /** JSON of the MapDocument being edited */
  draft: string
  draft_ystate: Uint8Array | null
  draft_time: number
  /** JSON describing how a generated map was made, null for drawn maps */
  source: string | null
  lock_user_id: number | null
  lock_username: string | null
  lock_expires: number | null
  /** the editing session (browser tab) holding the lock, issue 18; '' for API clients */
  lock_session: string | null
  lock_since: number | null
  created_by: number | null
  created_time: number
  updated_time: number
}

export interface MapVersionTable {
  id: Generated<number>
  map_id: number
  version: number
  /** JSON of the published MapDocument */
  document: string
  comment: Generated<string>
  user_id: number | null
  username: Generated<string>
  created_time: number
}

/** Uploaded pictures: map backgrounds and image items. */
export interface MapImageTable {
  id: Generated<number>
  hostgroup_id: number
  mime: string
  width: number
  height: number
  size: number
  filename: Generated<string>
  data: Uint8Array
  created_time: number
}

export interface SlideshowTable {
  id: Generated<number>
  hostgroup_id: number
  name: string
  alias: string
  delay: number
  follow_alarms: Generated<number>
  created_time: number
  updated_time: number
}

/** SPEC §3 Report (migration 0039); hosts, resources, host_types, content and options are JSON. */
export interface ReportTable {
  id: Generated<number>
  hostgroup_id: number
  name: string
  title: string
  period: string
  time_window: string
  type: string
  hosts: string
  resources: string
  host_types: string
  content: string
  options: string
  created_by: number | null
  created_time: number
  updated_time: number
}

export interface SlideshowMapTable {
  slideshow_id: number
  position: number
  map_id: number
}

/** One package version installed on a host (migration 0009), replaced as a whole by each push. */
export interface HostSoftwareTable {
  host_id: number
  name: string
  /** '' when the package reports no version */
  version: string
  vendor: string | null
  arch: string | null
  updated_at: number
}

/** One collected asset section of a host (migration 0046, SPEC §3 asset sections). */
export interface HostAssetTable {
  host_id: number
  /** the resource that collected the section (migration 0048): its next run replaces its rows */
  resource_id: number
  /** shared/asset-sections.ts ASSET_SECTION_NAMES */
  section: string
  /** JSON: the section's rows */
  rows: string
  updated_at: number
}

/** A version of a device's configuration (migration 0045, SPEC §2 …/Config Backups/configs). */
export interface ConfigBackupTable {
  resource_id: number
  version: number
  created_time: number
  checked_time: number
  sha256: string
  size: number
  lines: number
  /** sealed (security/secrets.ts) */
  content: string
}

/** An imported vulnerability scan (migration 0008, SPEC §1 "risk (vulnerability) scans"). */
export interface RiskScanTable {
  id: Generated<number>
  hostgroup_id: number
  format: string
  file_name: Generated<string>
  report_name: Generated<string>
  scanned_at: number | null
  imported_at: number
  user_id: number | null
  username: Generated<string>
  findings: Generated<number>
  imported: Generated<number>
  updated: Generated<number>
  /** JSON list of report host names that matched no host */
  unmatched_hosts: Generated<string>
}

/** SPEC §3 Risk: one plugin finding on one host and port of an environment (migration 0008). */
export interface RiskTable {
  id: Generated<number>
  hostgroup_id: number
  host_id: number | null
  /** 'host:<id>' or 'name:<report host>': part of the finding's unique key */
  host_ref: string
  host_name: string
  plugin_id: string
  plugin_name: Generated<string>
  /** SPEC §4 RISK number, 0–4 */
  severity: number
  risk_factor: Generated<string>
  synopsis: Generated<string>
  description: Generated<string>
  solution: Generated<string>
  solution_type: string | null
  plugin_output: Generated<string>
  cvss: number | null
  /** JSON lists of strings */
  cve: Generated<string>
  cwe: Generated<string>
  external_references: Generated<string>
  port: Generated<number>
  protocol: Generated<string>
  affected_software: Generated<string>
  detection_method: Generated<string>
  source: string
  first_detected: number
  last_scan: number
  date_verified: number | null
  first_scan_id: number
  last_scan_id: number
  /** JSON list of ticket ids, the last is current (SPEC §3) */
  tickets: Generated<string>
  updated_time: number
}

/** Issue 13 "Targets": a server admin's named check fields (send/expect, content_regex) others' checks may use. */
export interface CheckTemplateTable {
  id: Generated<number>
  name: string
  kind: string
  /** JSON object of the kind's server-admin-only fields */
  fields: string
  description: string
  /** null: every organization may use it */
  organization_id: number | null
  created_time: number
  updated_time: number
}

/** Issue 15 Settings: JSON of shared/api/thresholds.ts OrganizationThresholds, shared/api/settings.ts RiskOptions and OrganizationServices. */
export interface OrganizationSettingsTable {
  organization_id: number
  thresholds: Generated<string>
  risk_options: Generated<string>
  /** migration 0021 */
  services: Generated<string>
  updated_time: number
}

/** Issue 15: an organization's ticket provider (store/ticket-providers.ts); `token` is sealed. */
export interface TicketProviderTable {
  organization_id: number
  provider: Generated<string>
  deployment: Generated<string>
  base_url: Generated<string>
  queue: Generated<string>
  token: Generated<string>
  timeout_s: Generated<number>
  /** JSON of shared/api/ticket-providers.ts CustomFieldMapping */
  custom_fields: Generated<string>
  trusted: Generated<number>
  updated_time: number
}

/** A ticket Vigil opened in an external ticket system (store/external-tickets.ts). */
export interface ExternalTicketTable {
  id: Generated<number>
  organization_id: number
  /** Vigil's id of it, e.g. `RT-42` */
  ticket_id: string
  provider: string
  /** the external system's own number */
  external_id: number
  host_id: number
  resource_id: number | null
  risk_id: number | null
  hostgroup_id: number
  urgency_name: string
  /** the comment it was opened with */
  details: string
  /** the ticket it recreates (SPEC §4 re-open), or '' */
  linked_ticket_id: Generated<string>
  created_time: number
}

/** Issue 19: a user's dashboard layout or an organization's default (store/dashboard-layouts.ts). */
export interface DashboardLayoutTable {
  id: Generated<number>
  /** `user:{id}` or `organization:{id}` */
  owner_key: string
  user_id: number | null
  organization_id: number | null
  /** JSON of shared/api/dashboard.ts DashboardWidget[] */
  widgets: string
  updated_time: number
}

/** SPEC §3 Label type, per organization. */
export interface LabelTypeTable {
  id: Generated<number>
  organization_id: number
  name: string
  data_type: string
  created_time: number
}

/** Issue 20: an engine process on PostgreSQL, alive while its heartbeat renews `expires_at` (store/engine-leases.ts). */
export interface EngineProcessTable {
  id: string
  started_at: number
  /** milliseconds of the database's clock */
  expires_at: number
}

/** Issue 20: a lease on a bucket of hosts (`bucket:<n>`) or on the once-only jobs (`leader`). */
export interface EngineLeaseTable {
  name: string
  owner: string | null
  expires_at: Generated<number>
}

export interface Database {
  maps: MapTable
  map_versions: MapVersionTable
  map_images: MapImageTable
  slideshows: SlideshowTable
  slideshow_maps: SlideshowMapTable
  reports: ReportTable
  resource_state_counts: ResourceStateCountTable
  host_state_counts: HostStateCountTable
  perf_series: PerfSeriesTable
  perf_points: PerfPointTable
  perf_rollups: PerfRollupTable
  organizations: OrganizationTable
  hostgroups: HostgroupTable
  hosts: HostTable
  host_parents: HostParentTable
  resources: ResourceTable
  users: UserTable
  user_rights: UserRightTable
  environment_lists: EnvironmentListTable
  environment_list_members: EnvironmentListMemberTable
  tokens: TokenTable
  login_failures: LoginFailureTable
  second_factors: SecondFactorTable
  backup_codes: BackupCodeTable
  login_tickets: LoginTicketTable
  remembered_devices: RememberedDeviceTable
  webauthn_challenges: WebauthnChallengeTable
  push_approvals: PushApprovalTable
  password_resets: PasswordResetTable
  client_reports: ClientReportTable
  probes: ProbeTable
  probe_environments: ProbeEnvironmentTable
  user_identities: UserIdentityTable
  check_templates: CheckTemplateTable
  organization_settings: OrganizationSettingsTable
  label_types: LabelTypeTable
  dashboard_layouts: DashboardLayoutTable
  ticket_providers: TicketProviderTable
  external_tickets: ExternalTicketTable
  events: EventTable
  acknowledgements: AcknowledgementTable
  downtimes: DowntimeTable
  service_desk_tickets: ServiceDeskTicketTable
  service_desk_notes: ServiceDeskNoteTable
  saved_filters: SavedFilterTable
  risk_scans: RiskScanTable
  risks: RiskTable
  host_software: HostSoftwareTable
  config_backups: ConfigBackupTable
  host_asset_rows: HostAssetTable
  engine_processes: EngineProcessTable
  engine_leases: EngineLeaseTable
}
