/**
 * SPEC §3 "Asset sections" that Vigil collects itself, from a host's SNMP agent (the `inventory` check) or its
 * Checkmk agent (a `checkmk-agent` check with `inventory`): CPU, system, BIOS, OS, services, memory, addresses,
 * routes, interfaces, storage and pending updates, each a list of rows with fixed columns. Packages come from the software push
 * (shared/api/software.ts); the other SPEC sections (disks, SSL info, …) have no collector yet.
 */

/** In SPEC §3 order: CPU, system, BIOS, OS, (packages,) services, memory, addresses, routes, interfaces, storage, updates. */
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
  updates: ['name', 'kind', 'version'],
} as const

export type AssetSectionName = keyof typeof ASSET_SECTIONS
export const ASSET_SECTION_NAMES = Object.keys(ASSET_SECTIONS) as AssetSectionName[]

export type AssetValue = string | number | null
export type AssetRow = Record<string, AssetValue>
/** What one inventory run found, by section; a section the agent does not have is left out. */
export type AssetInventory = Partial<Record<AssetSectionName, AssetRow[]>>

/** Most rows a section keeps (a chassis switch has a few hundred interfaces). */
export const ASSET_ROWS_MAX = 5000
