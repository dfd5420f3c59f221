/**
 * SPEC §3 "Host option tags" and the checks a host brings: its type's checks (host-types.ts) less those its organization
 * turned off (settings/services), its access method's (the Checkmk agent's health; an SNMP or Checkmk host's daily inventory),
 * its Windows roles', plus one per agentless-check tag and per check-option tag that brings a check (`humidity`), less those
 * a `no_check_*` tag removes, with the HTTP status allowances and `no_sni` applied to its web checks.
 */
import { inspectionChecks } from './website-inspection'
import {
  CHECK_MK_CHECK,
  CHECK_MK_INVENTORY_CHECK,
  INVENTORY_CHECK,
  HOST_TYPES,
  isHostType,
  WINDOWS_ROLE_CHECKS,
  type HostTypeName,
  type PlanHost,
  type PlannedCheck,
  type WindowsRole,
} from './host-types'

/** SPEC §3 agentless-check tags: each adds its check to the host. */
export const AGENTLESS_CHECK_TAGS = {
  adfs: (): PlannedCheck => WINDOWS_ROLE_CHECKS.adfs,
  dns: (h: PlanHost): PlannedCheck => ({ name: 'DNS server', kind: 'dns', config: { name: h.hostname } }),
  ftp: (): PlannedCheck => ({ name: 'FTP', kind: 'ftp', config: {} }),
  imap: (): PlannedCheck => ({ name: 'IMAP', kind: 'imap', config: {} }),
  pop: (): PlannedCheck => ({ name: 'POP', kind: 'pop', config: {} }),
  smtp: (): PlannedCheck => ({ name: 'SMTP', kind: 'smtp', config: {} }),
  ssh: (): PlannedCheck => ({ name: 'SSH', kind: 'ssh', config: {} }),
  vnc: (): PlannedCheck => ({ name: 'VNC', kind: 'tcp', config: { port: 5900 } }),
  rdp: (): PlannedCheck => ({ name: 'RDP', kind: 'tcp', config: { port: 3389 } }),
  http: (h: PlanHost): PlannedCheck => ({ name: 'HTTP', kind: 'http', config: { host_header: h.hostname } }),
  https: (h: PlanHost): PlannedCheck => ({
    name: 'HTTPS',
    kind: 'https',
    config: { host_header: h.hostname, cert_warn_days: 30, cert_crit_days: 7 },
  }),
  mx: (h: PlanHost): PlannedCheck => ({ name: 'MX', kind: 'dns', config: { name: h.hostname, record_type: 'MX', system_resolver: true } }),
  // SPEC §3 agentless check `dnssec`: the signatures of the host's zone, checked a few times a day.
  dnssec: (h: PlanHost): PlannedCheck => ({ name: 'DNSSEC', kind: 'dnssec', config: { zone: h.hostname }, check_interval: 21600 }),
  // A daily scan of the common ports: the host's open ports and external overview asset sections.
  port_scan: (): PlannedCheck => ({ name: 'Open ports', kind: 'ports', config: {}, check_interval: 86400 }),
} satisfies Record<string, (h: PlanHost) => PlannedCheck>

/**
 * SPEC §3 check options that bring a check: `humidity` reads the host's humidity sensors over SNMP (ENTITY-SENSOR-MIB),
 * with the `sensors` kind's levels for humidity; `exchange_replication` judges what the Checkmk agent's msexch plugin
 * reports of Exchange's replication and database copies (checkmk-exchange.ts).
 */
export const CHECK_OPTION_TAGS = {
  humidity: (): PlannedCheck => ({ name: 'Humidity', kind: 'sensors', config: { sensor: 'humidity' } }),
  exchange_replication: (): PlannedCheck => ({
    name: 'Exchange replication',
    kind: 'checkmk-agent',
    config: { parts: ['exchange_replication'] },
  }),
} satisfies Record<string, (h: PlanHost) => PlannedCheck>

/** SPEC §3 "HTTP status allowances: 400, 401, 403, 404 for http and https". */
export const STATUS_ALLOWANCE_TAGS = ['400', '401', '403', '404'] as const

/** SPEC §3 host option: an SNMP host brings no daily inventory check. */
export const NO_AUTO_INVENTORY_TAG = 'no_auto_inventory'
/** SPEC §3 host option: the host's address changes (dynamic DNS). */
export const DYNDNS_TAG = 'dyndns'
/** SPEC §3 host option: an imported Nessus scan's findings for the host are left out (store/risk-scans.ts). */
export const NO_NESSUS_SCAN_TAG = 'no_nessus_scan'

/**
 * SPEC §3 host options whose behaviour Vigil has: the notifier delays problems of the first three (SPEC §9), and
 * `no_auto_inventory` keeps an SNMP host's inventory check away, `dyndns` sends the host's checks to its name (hostAddress),
 * `no_nessus_scan` leaves the host out of imported Nessus scans.
 */
export const WORKING_HOST_OPTIONS = [
  'delayed-notifications',
  'standby',
  'high_latency',
  NO_AUTO_INVENTORY_TAG,
  DYNDNS_TAG,
  NO_NESSUS_SCAN_TAG,
] as const

/** SPEC §3 tags Vigil keeps on the host but that change nothing yet: their features (scans, …) do not exist. */
export const RECORDED_ONLY_TAGS = ['linux-hosted', 'no_shodan_scan', 'parent', 'disable_esx_guest', 'disable_esx_hardware'] as const

/** SPEC §3 check option: the TLS handshake names no server. */
export const NO_SNI_TAG = 'no_sni'
/** SPEC §3 check option "ilo skips": no hardware health check through the host's BMC (its `redfish` checks). */
export const ILO_SKIP_TAG = 'ilo_skip'
/** SPEC §3 check option `no_check_<check>`: removes that check of the host's type, e.g. `no_check_ssh`. */
export const NO_CHECK_PREFIX = 'no_check_'

/** `high_latency` (SPEC §3): the ping host check tolerates a slow link (satellite, mobile) before warning. */
export const HIGH_LATENCY_PING = { warn_rta_ms: 6000, crit_rta_ms: 10000 }

/**
 * Where a host's checks go when their configuration names no target (SPEC §3 Host ip_address, else hostname). A
 * `dyndns` host's stored address goes stale, so its checks go to its name, looked up at every check.
 */
export const hostAddress = (host: { ip_address: string; fqdn: string; name: string; tags: readonly string[] }) =>
  (host.tags.includes(DYNDNS_TAG) ? '' : host.ip_address) || host.fqdn || host.name

/**
 * A host check's configuration with the host's options applied as they are now, so that adding or removing
 * `high_latency` takes effect at once: a ping gets the slow link's levels unless it sets either level itself (a pair
 * is kept whole, as with an organization's thresholds).
 */
export function hostCheckConfig(kind: string, config: Readonly<Record<string, unknown>>, tags: readonly string[]) {
  const ownLevels = config.warn_rta_ms !== undefined || config.crit_rta_ms !== undefined
  return kind === 'ping' && tags.includes('high_latency') && !ownLevels ? { ...config, ...HIGH_LATENCY_PING } : config
}

/** A check's name as a `no_check_*` suffix: "SNMP uptime" → `snmp_uptime`. */
export const checkSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')

export interface PlanInput extends PlanHost {
  hosttype: string
  access_method?: string
  tags: readonly string[]
  windows_roles?: readonly WindowsRole[]
  website_inspection_config?: string
  /** SPEC §3 custom-check flag: the host's checks are set by hand, so neither type nor tags add any */
  custom_check?: boolean
  /** the type's checks (by checkSlug) its organization turned off (SPEC §2 settings/services) */
  disabled_checks?: readonly string[]
}

/**
 * SPEC §3 "Host option tags (category, description, optional device types)": the tags a host of `hosttype` is offered,
 * by category; `no_check_*` names each check the type brings. Descriptions are the UI's (admin.hosts.tags).
 */
export function optionTagCategories(hosttype: string) {
  return {
    agentless_checks: Object.keys(AGENTLESS_CHECK_TAGS),
    status_allowances: [...STATUS_ALLOWANCE_TAGS],
    check_options: [
      NO_SNI_TAG,
      ...Object.keys(CHECK_OPTION_TAGS),
      // Offered where it changes something: on the types that bring a check through the BMC (SPEC §3 "optional device types").
      ...(isHostType(hosttype) && HOST_TYPES[hosttype].checks({ hostname: '' }).some((c) => c.kind === 'redfish') ? [ILO_SKIP_TAG] : []),
      ...(isHostType(hosttype) ? typeCheckSlugs(hosttype).map((slug) => NO_CHECK_PREFIX + slug) : []),
    ],
    host_options: [...WORKING_HOST_OPTIONS],
    recorded_only: [...RECORDED_ONLY_TAGS],
  }
}
export type OptionTagCategory = keyof ReturnType<typeof optionTagCategories>

/** The checks a host type brings by itself, by checkSlug, in order: what settings/services turns on or off. */
export const typeCheckSlugs = (hosttype: HostTypeName): string[] =>
  HOST_TYPES[hosttype].checks({ hostname: '' }).map((c) => checkSlug(c.name))

const WEB_KINDS = new Set(['http', 'https'])

/** The checks a host brings, in order, each name once (SPEC §3 host types and option tags). */
export function plannedChecks(host: PlanInput): PlannedCheck[] {
  if (host.custom_check) return []
  const tags = new Set(host.tags)
  const off = new Set(host.disabled_checks)
  const fromType = isHostType(host.hosttype) ? HOST_TYPES[host.hosttype].checks(host).filter((c) => !off.has(checkSlug(c.name))) : []
  const access = host.access_method || (isHostType(host.hosttype) ? HOST_TYPES[host.hosttype].access_method : '')
  const fromAccess = [
    ...(access === 'check_mk' ? [CHECK_MK_CHECK, ...(tags.has(NO_AUTO_INVENTORY_TAG) ? [] : [CHECK_MK_INVENTORY_CHECK])] : []),
    ...(access === 'snmp' && !tags.has(NO_AUTO_INVENTORY_TAG) ? [INVENTORY_CHECK] : []),
  ]
  const fromRoles = (host.windows_roles ?? []).map((r) => WINDOWS_ROLE_CHECKS[r])
  const fromTags = Object.entries({ ...AGENTLESS_CHECK_TAGS, ...CHECK_OPTION_TAGS }).flatMap(([tag, plan]) =>
    tags.has(tag) ? [plan(host)] : [],
  )
  const inspected = inspectionChecks(host.website_inspection_config ?? '', host)
  const allowed = STATUS_ALLOWANCE_TAGS.filter((s) => tags.has(s)).map(Number)
  const seen = new Set<string>()
  return [...fromType, ...fromAccess, ...fromRoles, ...fromTags, ...inspected].flatMap((c) => {
    const slug = checkSlug(c.name)
    if (seen.has(slug) || tags.has(NO_CHECK_PREFIX + slug) || (c.kind === 'redfish' && tags.has(ILO_SKIP_TAG))) return []
    seen.add(slug)
    if (!WEB_KINDS.has(c.kind)) return [c]
    const config = { ...c.config, ...(allowed.length ? { allow_status: allowed } : {}), ...(tags.has(NO_SNI_TAG) ? { no_sni: true } : {}) }
    return [{ ...c, config }]
  })
}
