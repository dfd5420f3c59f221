/**
 * SPEC §3 "Asset sections" that Vigil collects itself, each a list of rows with fixed columns: from a host's SNMP
 * agent (the `inventory` check) or Checkmk agent (a `checkmk-agent` check with `inventory`) all but the last three;
 * SSL info from its https checks; external overview and open ports from a `ports` scan. Packages come from the
 * software push or the Checkmk agent (shared/api/software.ts). Each collecting resource owns the rows it found.
 */

/** In SPEC §3 order (packages, kept apart, sit between OS and services). Columns ending in `_at` are unix seconds. */
export const ASSET_SECTIONS = {
  cpu: ['index', 'description', 'load_percent'],
  system: ['name', 'description', 'object_id', 'location', 'contact', 'uptime_s'],
  bios: ['vendor', 'version', 'release_date', 'serial_number'],
  os: ['name', 'version', 'type', 'architecture', 'agent_version'],
  services: ['name', 'description', 'state', 'start_type'],
  memory: ['total_bytes'],
  addresses: ['address', 'netmask', 'interface'],
  routes: ['destination', 'netmask', 'next_hop', 'interface', 'type'],
  interfaces: ['index', 'name', 'description', 'alias', 'type', 'mtu', 'speed_mbps', 'mac', 'admin_status', 'oper_status'],
  storage: ['index', 'description', 'type', 'size_bytes', 'used_bytes'],
  disks: ['name', 'vendor', 'model', 'serial_number', 'interface', 'media', 'size_bytes'],
  ssl_info: [
    'port',
    'server_name',
    'subject',
    'alt_names',
    'issuer',
    'valid_from_at',
    'expires_at',
    'trust',
    'protocol',
    'key',
    'fingerprint_sha256',
  ],
  network_adapters: ['name', 'type', 'mac', 'speed_mbps', 'addresses', 'subnets', 'gateway', 'service'],
  updates: ['name', 'kind', 'version'],
  external_overview: ['address', 'reverse_dns', 'ports_scanned', 'open_ports', 'services'],
  open_ports: ['port', 'protocol', 'service', 'banner'],
} as const

export type AssetSectionName = keyof typeof ASSET_SECTIONS
export const ASSET_SECTION_NAMES = Object.keys(ASSET_SECTIONS) as AssetSectionName[]

export type AssetValue = string | number | null
export type AssetRow = Record<string, AssetValue>
/** What one inventory run found, by section; a section the agent does not have is left out. */
export type AssetInventory = Partial<Record<AssetSectionName, AssetRow[]>>

/** Most rows a section keeps (a chassis switch has a few hundred interfaces). */
export const ASSET_ROWS_MAX = 5000
