/**
 * Issue 15 "Discover a network": an engineer sweeps a CIDR range of the organization's allowed networks (ICMP,
 * TCP ports, SNMP sysDescr/sysObjectID), Vigil proposes hosts with a guessed SPEC §3 host type and parent, and
 * the chosen ones are added as hosts with the checks their type brings.
 */
import { z } from 'zod'
import { ACCESS_METHODS } from '../host-types'

/** Largest range one sweep covers: a /22 of IPv4 (or a /118 of IPv6). */
export const DISCOVERY_MAX_ADDRESSES = 1024
/** At most this many TCP ports per sweep. */
export const DISCOVERY_MAX_PORTS = 32
/**
 * TCP ports tried when the request names none: SSH, telnet, SMTP, HTTP(S), SMB, RDP, VNC, the Kubernetes API,
 * the Checkmk agent and JetDirect printing (SNMP on UDP 161 is asked when a community is given).
 */
export const DISCOVERY_DEFAULT_PORTS = [22, 23, 25, 80, 443, 445, 3389, 5900, 6443, 6556, 9100] as const

const Port = z.number().int().min(1).max(65535)

/** POST discovery: start a sweep for one environment. The community is used for the sweep and the hosts added, never returned. */
export const DiscoveryStart = z.object({
  hostgroup_id: z.number().int().positive(),
  /** `10.20.0.0/24`, `2001:db8::/120` or one address */
  cidr: z.string().min(1).max(64),
  ports: z
    .array(Port)
    .max(DISCOVERY_MAX_PORTS)
    .default([...DISCOVERY_DEFAULT_PORTS]),
  snmp_community: z.string().min(1).max(255).optional(),
  snmp_port: Port.default(161),
})
export type DiscoveryStart = z.input<typeof DiscoveryStart>

/** What an SNMP agent said about itself (MIB-II system group). */
const SnmpIdentity = z.object({ sys_descr: z.string(), sys_object_id: z.string() })

/** One responding address and the host Vigil proposes for it. */
export const DiscoveryProposal = z.object({
  address: z.string(),
  /** the proposed host name: the reverse DNS name, else the address */
  name: z.string(),
  /** the reverse DNS name, '' when there is none */
  fqdn: z.string(),
  ping: z.boolean(),
  open_ports: z.array(z.number().int()),
  snmp: SnmpIdentity.nullable(),
  /** SPEC §3 host type guessed from `basis` */
  hosttype: z.string(),
  access_method: z.enum(ACCESS_METHODS).nullable(),
  /** what the guess rests on: the SNMP identity, the open ports, or only an answer to ping */
  basis: z.enum(['snmp', 'ports', 'ping']),
  /** the address of the proposed parent: the network device that answered SNMP, else the range's first address */
  parent: z.string().nullable(),
  /** a host of the organization that already has this address */
  existing_host: z.string().nullable(),
})
export type DiscoveryProposal = z.infer<typeof DiscoveryProposal>

export const DISCOVERY_STATES = ['running', 'done', 'cancelled'] as const

/** GET discovery/{id}: the sweep's progress and its proposals so far. */
export const DiscoveryJob = z.object({
  id: z.string(),
  hostgroup_id: z.number().int(),
  organization_id: z.number().int(),
  cidr: z.string(),
  ports: z.array(z.number().int()),
  /** whether SNMP was asked (a community was given) */
  snmp: z.boolean(),
  state: z.enum(DISCOVERY_STATES),
  /** addresses to sweep (those the organization may reach) */
  total: z.number().int(),
  done: z.number().int(),
  /** addresses of the range the organization's target policy denies: never probed */
  skipped: z.number().int(),
  found: z.number().int(),
  started_at: z.number().int(),
  finished_at: z.number().int().nullable(),
  proposals: z.array(DiscoveryProposal),
})
export type DiscoveryJob = z.infer<typeof DiscoveryJob>

export const DiscoveryParams = z.object({ id: z.uuid() })

/** POST discovery/{id}/hosts: the proposals chosen, as edited. */
export const DiscoveryAdd = z.object({
  hosts: z
    .array(
      z.object({
        /** one of the sweep's proposals */
        address: z.string().min(1).max(64),
        name: z.string().min(1).max(255),
        hosttype: z.string().min(1).max(50),
        /** defaults to the sweep's environment; another environment of the same organization may be named */
        hostgroup_id: z.number().int().positive().optional(),
        /** a host name: another row of this request (added first) or an existing host */
        parent: z.string().min(1).max(255).optional(),
        access_method: z.enum(ACCESS_METHODS).optional(),
      }),
    )
    .min(1)
    .max(DISCOVERY_MAX_ADDRESSES),
})
export type DiscoveryAdd = z.input<typeof DiscoveryAdd>

/** One row's outcome: the host made, or the SPEC §8 error that refused it. */
export const DiscoveryAdded = z.object({
  added: z.number().int(),
  result: z.array(
    z.object({
      address: z.string(),
      name: z.string(),
      host_id: z.number().int().nullable(),
      error: z.object({ key: z.string(), extra_info: z.record(z.string(), z.unknown()) }).nullable(),
    }),
  ),
})
export type DiscoveryAdded = z.infer<typeof DiscoveryAdded>
