/**
 * SPEC §3 "Host types": the catalogue of host types, one registry. Each type has a category (with its icon), a
 * display name, an access method, whether configuration backups are supported and the checks it brings: the
 * resources created with a host of that type, made of the built-in check kinds (src/server/engine/checks/).
 */

/** SPEC §3: the categories host types are grouped in, each with an icon. */
export const HOST_TYPE_CATEGORIES = ['cloud', 'domains', 'linux', 'network', 'physical', 'ping', 'printers', 'storage', 'windows'] as const
export type HostTypeCategory = (typeof HOST_TYPE_CATEGORIES)[number]

/** SPEC §3 "An unknown type shows a question icon." */
export const CATEGORY_ICONS = {
  cloud: '☁',
  domains: '🌐',
  linux: '🐧',
  network: '🔀',
  physical: '🖥',
  ping: '📶',
  printers: '🖨',
  storage: '💾',
  windows: '🪟',
  unknown: '❓',
} as const satisfies Record<HostTypeCategory | 'unknown', string>

/** SPEC §3: how Vigil reaches a host of this type. */
export const ACCESS_METHODS = ['snmp', 'cloud', 'check_mk', 'Custom'] as const
export type AccessMethod = (typeof ACCESS_METHODS)[number]

/** SPEC §3 "Windows roles". */
export const WINDOWS_ROLES = [
  'active_directory',
  'adfs',
  'citrix_licensing',
  'dns',
  'dhcp',
  'iis',
  'mssql',
  'wins',
  'wsus',
  'exchange',
] as const
export type WindowsRole = (typeof WINDOWS_ROLES)[number]

/** The built-in check kinds a planned check may use (the engine's CHECK_KIND_NAMES, less plugins). */
export type PlannedKind =
  | 'ping'
  | 'tcp'
  | 'http'
  | 'https'
  | 'dns'
  | 'smtp'
  | 'imap'
  | 'pop'
  | 'ftp'
  | 'ssh'
  | 'snmp'
  | 'inventory'
  | 'checkmk-agent'
  | 'ports'
  | 'dnssec'
  | 'redfish'
  | 'sensors'

/** One check a host brings: the resource's name and its check, in the engine's configuration words. */
export interface PlannedCheck {
  name: string
  kind: PlannedKind
  config: Record<string, unknown>
  /** seconds between checks, when not the engine's default */
  check_interval?: number
}

/** What a planned check may read of the host: its name for DNS and virtual hosts. */
export interface PlanHost {
  /** the FQDN, else the name */
  hostname: string
}

/** One host type (SPEC §3). */
export interface HostTypeDef {
  category: HostTypeCategory
  display_name: string
  access_method: AccessMethod
  /** SPEC §3 "a flag for whether configuration backups are supported" */
  config_backup: boolean
  /** the checks a host of this type brings; the host check itself (ping) is not among them */
  checks(host: PlanHost): PlannedCheck[]
}

// MIB-II and printer MIB objects (RFC 1213, RFC 2863, RFC 3805, RFC 1628).
const OID = {
  uptime: '1.3.6.1.2.1.1.3.0',
  interfaces: '1.3.6.1.2.1.2.1.0',
  printerStatus: '1.3.6.1.2.1.25.3.5.1.1.1',
  supplyLevel: '1.3.6.1.2.1.43.11.1.1.9.1.1',
  upsBatteryStatus: '1.3.6.1.2.1.33.1.2.1.0',
  storageUsed: '1.3.6.1.2.1.25.2.3.1.6.1',
}

const snmp = (name: string, oid: string, extra: Record<string, unknown> = {}): PlannedCheck => ({
  name,
  kind: 'snmp',
  config: { oid, ...extra },
})
const uptime = snmp('SNMP uptime', OID.uptime, { label: 'uptime', uom: 'c' })
const interfaces = snmp('Interfaces', OID.interfaces, { label: 'interfaces', crit: '1:' })
const tcp = (name: string, port: number): PlannedCheck => ({ name, kind: 'tcp', config: { port } })
const https = (name: string, host: PlanHost, path = '/', extra: Record<string, unknown> = {}): PlannedCheck => ({
  name,
  kind: 'https',
  config: { path, host_header: host.hostname, cert_warn_days: 30, cert_crit_days: 7, ...extra },
})

/**
 * SPEC §3 host admin field "ILO user": a server's hardware health through its BMC's Redfish API. Every 5 minutes, not
 * the engine's minute: each run is several TLS logins to a slow, small BMC, and a failed fan or power supply stays
 * failed. The check option `ilo_skip` removes it (host-tags.ts).
 */
const HARDWARE_HEALTH: PlannedCheck = { name: 'Hardware health', kind: 'redfish', config: {}, check_interval: 300 }

/** A network device reached over SNMP (SPEC §3: "snmp (required)"), with configuration backups. */
const network = (display_name: string): HostTypeDef => ({
  category: 'network',
  display_name,
  access_method: 'snmp',
  config_backup: true,
  checks: () => [uptime, interfaces],
})
const snmpDevice = (category: HostTypeCategory, display_name: string, ...extra: PlannedCheck[]): HostTypeDef => ({
  category,
  display_name,
  access_method: 'snmp',
  config_backup: false,
  checks: () => [uptime, ...extra],
})
const cloud = (display_name: string, checks: HostTypeDef['checks']): HostTypeDef => ({
  category: 'cloud',
  display_name,
  access_method: 'cloud',
  config_backup: false,
  checks,
})

/** The host types, listed by hand; a hosttype outside this list is `invalid_host_type` (SPEC §8). */
export const HOST_TYPES = {
  linux: { category: 'linux', display_name: 'Linux server', access_method: 'Custom', config_backup: false, checks: () => [tcp('SSH', 22)] },
  windows: {
    category: 'windows',
    display_name: 'Windows server',
    access_method: 'Custom',
    config_backup: false,
    checks: () => [tcp('RDP', 3389), tcp('SMB', 445)],
  },
  website: {
    category: 'domains',
    display_name: 'Website',
    access_method: 'Custom',
    config_backup: false,
    checks: (h) => [https('HTTPS', h), { name: 'DNS', kind: 'dns', config: { name: h.hostname, system_resolver: true } }],
  },
  ping: { category: 'ping', display_name: 'Ping only', access_method: 'Custom', config_backup: false, checks: () => [] },
  switch: network('Switch'),
  router: network('Router'),
  firewall: network('Firewall'),
  'access-point': network('Wireless access point'),
  'load-balancer': network('Load balancer'),
  printer: snmpDevice(
    'printers',
    'Printer',
    snmp('Printer status', OID.printerStatus, { label: 'status', warn: '~:3', crit: '~:4' }),
    snmp('Supplies', OID.supplyLevel, { label: 'supply', warn: '10:', crit: '2:' }),
  ),
  ups: snmpDevice('physical', 'UPS', snmp('Battery status', OID.upsBatteryStatus, { label: 'battery', crit: '2:2' })),
  pdu: snmpDevice('physical', 'Power distribution unit'),
  ilo: {
    category: 'physical',
    display_name: 'HPE iLO',
    access_method: 'Custom',
    config_backup: false,
    checks: (h) => [https('iLO web', h), HARDWARE_HEALTH],
  },
  idrac: {
    category: 'physical',
    display_name: 'Dell iDRAC',
    access_method: 'Custom',
    config_backup: false,
    checks: (h) => [https('iDRAC web', h), HARDWARE_HEALTH],
  },
  esx: {
    category: 'physical',
    display_name: 'VMware ESXi',
    access_method: 'Custom',
    config_backup: false,
    checks: (h) => [https('ESXi web', h)],
  },
  nas: snmpDevice('storage', 'NAS', snmp('Storage used', OID.storageUsed, { label: 'used' })),
  san: snmpDevice('storage', 'SAN'),
  'kubernetes-cluster': cloud('Kubernetes cluster', (h) => [
    https('API livez', h, '/livez', { port: 6443 }),
    https('API readyz', h, '/readyz', { port: 6443 }),
  ]),
  'kubernetes-node': cloud('Kubernetes node', () => [tcp('Kubelet', 10250)]),
  azure: cloud('Azure service', (h) => [https('Public endpoint', h)]),
  aws: cloud('AWS service', (h) => [https('Public endpoint', h)]),
  gcp: cloud('Google Cloud service', (h) => [https('Public endpoint', h)]),
  office365: cloud('Microsoft 365', (h) => [https('Public endpoint', h)]),
} satisfies Record<string, HostTypeDef>

export type HostTypeName = keyof typeof HOST_TYPES
export const HOST_TYPE_NAMES = Object.keys(HOST_TYPES) as HostTypeName[]

export const isHostType = (name: string): name is HostTypeName => Object.hasOwn(HOST_TYPES, name)

/** SPEC §3: the host type's category, null for an unknown type. */
export function hostTypeCategory(hosttype: string): HostTypeCategory | null {
  const key = hosttype.toLowerCase()
  return isHostType(key) ? HOST_TYPES[key].category : null
}

/**
 * SPEC §3 "Network device fields: … snmp (required). They are checked for backup and inventory": a host reached over
 * SNMP has its asset sections read once a day, unless it carries the host option `no_auto_inventory`.
 */
export const INVENTORY_CHECK: PlannedCheck = { name: 'Inventory', kind: 'inventory', config: {}, check_interval: 86400 }

/** The check_mk access method: the host's health as its Checkmk agent reports it (CPU, memory, filesystems, services). */
export const CHECK_MK_CHECK: PlannedCheck = { name: 'Checkmk agent', kind: 'checkmk-agent', config: {} }

/** A Checkmk agent's host has its asset sections read from the agent once a day, as an SNMP host's are. */
export const CHECK_MK_INVENTORY_CHECK: PlannedCheck = {
  name: 'Inventory',
  kind: 'checkmk-agent',
  config: { inventory: true },
  check_interval: 86400,
}

/**
 * SPEC §3 "Windows roles": the check each role brings on a Windows server (the role's service port).
 */
export const WINDOWS_ROLE_CHECKS = {
  active_directory: tcp('LDAP', 389),
  adfs: { name: 'ADFS', kind: 'https', config: { path: '/adfs/ls/idpinitiatedsignon' } },
  citrix_licensing: tcp('Citrix licensing', 27000),
  dns: tcp('DNS server', 53),
  dhcp: tcp('RPC (DHCP)', 135),
  iis: { name: 'IIS', kind: 'http', config: {} },
  mssql: tcp('SQL Server', 1433),
  wins: tcp('WINS', 42),
  wsus: tcp('WSUS', 8530),
  exchange: { name: 'Exchange SMTP', kind: 'smtp', config: {} },
} satisfies Record<WindowsRole, PlannedCheck>
