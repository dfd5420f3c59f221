/**
 * Issue 15 discovery: a host type (SPEC §3 catalogue, shared/host-types.ts) and a parent guessed from what an
 * address answered. Pure, so the rules are tested without a network. A guess, not a fact: the screen lets the
 * engineer change both before anything is added.
 */
import type { AccessMethod, HostTypeName } from '../../shared/host-types'
import type { DiscoveryProposal } from '../../shared/api/discovery'

/** What one address answered. */
export interface Evidence {
  ping: boolean
  open_ports: readonly number[]
  snmp: { sys_descr: string; sys_object_id: string } | null
  /** the reverse DNS name, '' when none */
  fqdn: string
}

export interface Guess {
  hosttype: HostTypeName
  access_method: AccessMethod | null
  basis: DiscoveryProposal['basis']
}

/** sysDescr wording, most specific first (a NAS or an appliance often says "Linux" too, so Linux comes late). */
const BY_DESCRIPTION: readonly [RegExp, HostTypeName][] = [
  [/printer|laserjet|jetdirect|officejet|imagerunner|workcentre|bizhub|ecosys/i, 'printer'],
  [/smart-ups|\bups\b|powerware/i, 'ups'],
  [/\bpdu\b|power distribution/i, 'pdu'],
  [/fortigate|fortios|pan-os|sonicwall|adaptive security appliance|pfsense|opnsense|firewall/i, 'firewall'],
  [/big-ip|netscaler|load balancer/i, 'load-balancer'],
  [/access point|aironet|\bwlan\b/i, 'access-point'],
  [/router|routeros|ios xr|junos|edgeos|vyos/i, 'router'],
  [/switch|catalyst|procurve|nexus|powerconnect/i, 'switch'],
  [/synology|diskstation|qnap|readynas|truenas|freenas/i, 'nas'],
  [/vmware esxi/i, 'esx'],
  [/integrated lights-out/i, 'ilo'],
  [/idrac/i, 'idrac'],
  [/windows/i, 'windows'],
  [/linux/i, 'linux'],
]

/** Private enterprise numbers (IANA) of sysObjectID 1.3.6.1.4.1.<n>… whose products are mostly of one type. */
const BY_ENTERPRISE: Readonly<Record<number, HostTypeName>> = {
  9: 'switch', // Cisco
  171: 'switch', // D-Link
  1916: 'switch', // Extreme
  1991: 'switch', // Brocade
  2011: 'switch', // Huawei
  4526: 'switch', // Netgear
  11863: 'switch', // TP-Link
  30065: 'switch', // Arista
  2636: 'router', // Juniper
  14988: 'router', // MikroTik
  2620: 'firewall', // Check Point
  8741: 'firewall', // SonicWall
  12356: 'firewall', // Fortinet
  25461: 'firewall', // Palo Alto Networks
  3375: 'load-balancer', // F5
  5951: 'load-balancer', // Citrix NetScaler
  14823: 'access-point', // Aruba
  41112: 'access-point', // Ubiquiti
  318: 'ups', // APC
  534: 'ups', // Eaton Powerware
  253: 'printer', // Xerox
  367: 'printer', // Ricoh
  641: 'printer', // Lexmark
  1248: 'printer', // Epson
  1347: 'printer', // Kyocera
  1602: 'printer', // Canon
  2435: 'printer', // Brother
  6574: 'nas', // Synology
  24681: 'nas', // QNAP
  6876: 'esx', // VMware
  311: 'windows', // Microsoft
  8072: 'linux', // Net-SNMP, the agent of Linux distributions
}

const ENTERPRISE = /^\.?1\.3\.6\.1\.4\.1\.(\d+)(\.|$)/

function fromSnmp(snmp: NonNullable<Evidence['snmp']>): HostTypeName | null {
  const described = BY_DESCRIPTION.find(([pattern]) => pattern.test(snmp.sys_descr))
  if (described) return described[1]
  const enterprise = ENTERPRISE.exec(snmp.sys_object_id)
  return enterprise ? (BY_ENTERPRISE[Number(enterprise[1])] ?? null) : null
}

/** Open ports that point at one type, first match wins (a Windows server may run SSH too, a printer a web page). */
const BY_PORTS: readonly [readonly number[], HostTypeName][] = [
  [[9100, 515, 631], 'printer'],
  [[3389, 445, 135, 5985], 'windows'],
  [[6443], 'kubernetes-cluster'],
  [[10250], 'kubernetes-node'],
  [[22, 6556], 'linux'],
]
const WEB = [80, 443]
const CHECK_MK_AGENT = 6556
const TELNET = 23

function fromPorts(e: Evidence): HostTypeName | null {
  const open = new Set(e.open_ports)
  const byPort = BY_PORTS.find(([ports]) => ports.some((p) => open.has(p)))
  if (byPort) return byPort[1]
  // Telnet and nothing of a server: older network gear.
  if (open.has(TELNET)) return 'switch'
  // Only a web server, under a name of its own: a website (it brings HTTPS and DNS checks of that name).
  if (e.fqdn && open.size > 0 && [...open].every((p) => WEB.includes(p))) return 'website'
  return null
}

/** The type proposed for an address: SNMP's word first, then the open ports, else ping only. */
export function guessHostType(e: Evidence): Guess {
  const access_method = e.open_ports.includes(CHECK_MK_AGENT) ? 'check_mk' : null
  const snmp = e.snmp && fromSnmp(e.snmp)
  if (snmp) return { hosttype: snmp, access_method, basis: 'snmp' }
  const ports = fromPorts(e)
  if (ports) return { hosttype: ports, access_method, basis: 'ports' }
  return { hosttype: 'ping', access_method, basis: e.open_ports.length ? 'ports' : 'ping' }
}

/** Network types in the order they are preferred as the others' parent: the router is the usual gateway. */
const PARENT_TYPES: readonly HostTypeName[] = ['router', 'firewall', 'switch', 'load-balancer', 'access-point']

/**
 * The address every other proposal hangs under (SPEC §3 parents): the first router, firewall or switch found
 * (by SNMP or ports), else the range's first address when it answered (where gateways usually sit), else none.
 */
export function guessParent(proposals: readonly { address: string; hosttype: string }[], firstAddress: string): string | null {
  for (const type of PARENT_TYPES) {
    const device = proposals.find((p) => p.hosttype === type)
    if (device) return device.address
  }
  return proposals.some((p) => p.address === firstAddress) ? firstAddress : null
}
