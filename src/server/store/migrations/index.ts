/** Every migration, listed by hand in order (STYLE.md "Store"). */
import type { Migration } from 'kysely'
import * as m0001 from './0001_foundation'
import * as m0002 from './0002_perfdata'
import * as m0003 from './0003_actions'
import * as m0004 from './0004_event_indexes'
import * as m0005 from './0005_list_speed'
import * as m0006 from './0006_resource_counts'
import * as m0007 from './0007_maps'
import * as m0008 from './0008_risks'
import * as m0009 from './0009_host_software'
import * as m0010 from './0010_engine_write_indexes'
import * as m0011 from './0011_server_admins'
import * as m0012 from './0012_host_names_per_organization'
import * as m0014 from './0014_check_trust'
import * as m0016 from './0016_login_failures'
import * as m0017 from './0017_check_templates'
import * as m0018 from './0018_user_admin'
import * as m0019 from './0019_host_admin_fields'
import * as m0020 from './0020_organization_settings'
import * as m0021 from './0021_organization_services'
import * as m0025 from './0025_ticket_providers'
import * as m0026 from './0026_two_factor'
import * as m0027 from './0027_password_resets_identities'
import * as m0028 from './0028_token_scopes'
import * as m0029 from './0029_webauthn_push'
import * as m0030 from './0030_acknowledgement_options'
import * as m0032 from './0032_client_reports'
import * as m0035 from './0035_engine_leases'
import * as m0036 from './0036_probes'
import * as m0037 from './0037_dashboard_layouts'
import * as m0038 from './0038_map_lock_sessions'
import * as m0039 from './0039_reports'
import * as m0040 from './0040_list_speed_postgres'
import * as m0041 from './0041_event_count_index'
import * as m0042 from './0042_environment_event_count_index'
import * as m0043 from './0043_environment_event_count_index_postgres'
import * as m0044 from './0044_event_page_index_postgres'
import * as m0045 from './0045_config_backups'
import * as m0046 from './0046_host_assets'
import * as m0047 from './0047_checkmk_agent_check'
import * as m0048 from './0048_asset_collectors'
import * as m0049 from './0049_delayed_notifications'
import * as m0050 from './0050_host_check_follows_host'
import * as m0051 from './0051_check_memo'

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_perfdata': m0002,
  '0003_actions': m0003,
  '0004_event_indexes': m0004,
  '0005_list_speed': m0005,
  '0006_resource_counts': m0006,
  '0007_maps': m0007,
  '0008_risks': m0008,
  '0009_host_software': m0009,
  '0010_engine_write_indexes': m0010,
  '0011_server_admins': m0011,
  '0012_host_names_per_organization': m0012,
  '0014_check_trust': m0014,
  '0016_login_failures': m0016,
  '0017_check_templates': m0017,
  '0018_user_admin': m0018,
  '0019_host_admin_fields': m0019,
  '0020_organization_settings': m0020,
  '0021_organization_services': m0021,
  '0025_ticket_providers': m0025,
  '0026_two_factor': m0026,
  '0027_password_resets_identities': m0027,
  '0028_token_scopes': m0028,
  '0029_webauthn_push': m0029,
  '0030_acknowledgement_options': m0030,
  '0032_client_reports': m0032,
  '0035_engine_leases': m0035,
  '0036_probes': m0036,
  '0037_dashboard_layouts': m0037,
  '0038_map_lock_sessions': m0038,
  '0039_reports': m0039,
  '0040_list_speed_postgres': m0040,
  '0041_event_count_index': m0041,
  '0042_environment_event_count_index': m0042,
  '0043_environment_event_count_index_postgres': m0043,
  '0044_event_page_index_postgres': m0044,
  '0045_config_backups': m0045,
  '0046_host_assets': m0046,
  '0047_checkmk_agent_check': m0047,
  '0048_asset_collectors': m0048,
  '0049_delayed_notifications': m0049,
  '0050_host_check_follows_host': m0050,
  '0051_check_memo': m0051,
}
