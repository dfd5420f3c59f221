/**
 * SPEC §8 "API error keys": the one list of error keys and the HTTP status each maps to.
 * The server throws `ApiError`; only the error handler writes the `{error: {key, message, extra_info}}` body.
 * The browser shows `t('errors.' + key)` and never parses messages.
 */
import { z } from 'zod'

export const ERROR_KEYS = [
  // General
  'not_found',
  'invalid_input',
  'unauthorized',
  'unauthenticated',
  'timeout',
  'missing_required_parameter',
  'validation_failed',
  'invalid_operation',
  'feature_disabled',
  'service_not_available',
  'invalid_token',
  'internal_error',
  'rate_limited',
  'account_locked',
  // Hosts
  'host_already_exists',
  'invalid_fqdn',
  'host_not_found',
  'resource_check_not_found',
  'invalid_host_type',
  'invalid_agent_type',
  'invalid_ascii_parameter',
  'host_already_in_scan_queue',
  'too_many_scans_scheduled',
  // Environments and organizations
  'hostgroup_not_found',
  'hostgroup_name_invalid',
  'organization_name_invalid',
  'hostgroup_already_exists',
  'hostgroup_not_empty',
  'hostgroup_last_in_organization',
  'organization_already_exists',
  'organization_not_found',
  'organization_has_users',
  'organization_has_children',
  // Limits
  'limit_exceeded',
  // Data and graphs
  'trending_data_unavailable',
  'graph_not_found',
  'invalid_perf_data_key',
  'asset_data_not_found',
  'invalid_config_backup_version',
  'unable_to_retrieve_config_backup',
  'inventory_failed',
  'watchcat_wake_failed',
  // Maps
  'map_not_found',
  'map_alias_invalid',
  'map_already_exists',
  'forbidden_file_extension',
  'invalid_map_background',
  'background_too_large',
  'background_too_big',
  'map_lock_not_found',
  'map_not_locked_by_user',
  'max_map_recursion',
  'slideshow_already_exists',
  'slideshow_not_found',
  // Reports and risks
  'report_not_found',
  'invalid_report_type',
  'report_already_exists',
  'report_alias_invalid',
  'risk_scan_not_found',
  // Users
  'user_not_found',
  'user_self_delete',
  'invalid_email',
  'user_already_exists',
  'user_create_unavailable',
  'user_not_in_same_organization',
  'user_to_copy_not_in_same_organization',
  'okta_error',
  // Filters and labels
  'columns_not_allowed',
  'unknown_operator',
  'filter_already_exists',
  'filter_not_found',
  'invalid_label_name',
  'label_type_already_exists',
  // Website inspection, comments, timeline
  'invalid_website_inspection_config',
  'too_long_website_inspection_config',
  'disallowed_comment',
  'event_filter_missing',
  // Actions
  'downtime_add_failed',
  'downtime_delete_failed',
  'acknowledgement_add_failed',
  'acknowledgement_delete_failed',
  'ticket_add_failed',
  'ticket_delete_failed',
  'ticket_not_found',
  // SPEC §8 "two errors from the external ticket system": it refused or failed the request; it cannot be reached
  'ticket_system_error',
  'ticket_system_unavailable',
] as const

export const ErrorKey = z.enum(ERROR_KEYS)
export type ErrorKey = z.infer<typeof ErrorKey>
export const isErrorKey = (key: string): key is ErrorKey => (ERROR_KEYS as readonly string[]).includes(key)

/** HTTP status per key: `not_found` and `*_not_found` 404, `*_already_exists` 409, the rest as listed, default 400. */
export function statusOfErrorKey(key: ErrorKey): number {
  const explicit: Partial<Record<ErrorKey, number>> = {
    unauthenticated: 401,
    invalid_token: 401,
    unauthorized: 403,
    account_locked: 403,
    rate_limited: 429,
    timeout: 504,
    service_not_available: 503,
    internal_error: 500,
    feature_disabled: 403,
    limit_exceeded: 409,
    hostgroup_not_empty: 409,
    hostgroup_last_in_organization: 409,
    organization_has_users: 409,
    organization_has_children: 409,
    map_not_locked_by_user: 409,
    user_self_delete: 409,
    ticket_system_error: 502,
    ticket_system_unavailable: 503,
  }
  if (explicit[key]) return explicit[key]
  if (key === 'not_found' || key.endsWith('_not_found')) return 404
  if (key.endsWith('_already_exists')) return 409
  return 400
}

/** The one error body shape of the API (DESIGN.md "Server"). */
export const ErrorBody = z.object({
  error: z.object({
    key: z.string(),
    message: z.string(),
    extra_info: z.record(z.string(), z.unknown()),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** Thrown anywhere in the server; turned into an ErrorBody by the error handler. */
export class ApiError extends Error {
  readonly status: number
  constructor(
    readonly key: ErrorKey,
    readonly extra: Record<string, unknown> = {},
    message?: string,
  ) {
    super(message ?? key)
    this.status = statusOfErrorKey(key)
  }
}

export { LOGIN_FEEDBACK } from './login-feedback'
