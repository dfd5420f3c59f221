/** Create/update payloads of organizations, environments (hostgroups), hosts and resources (SPEC §3). */
import { z } from 'zod'
import { Name } from '../validation'
import { ACCESS_METHODS, WINDOWS_ROLES } from '../host-types'

export const IdParams = z.object({ id: z.coerce.number().int().positive() })

export const OrganizationBody = z.object({
  name: z.string(),
  alias: z.string().min(1).max(100).optional(),
  legal_name: z.string().max(200).optional(),
  is_msp: z.boolean().optional(),
  msp_parent_id: z.number().int().positive().nullable().optional(),
  contract_expiration: z.number().int().nullable().optional(),
  customer_since: z.number().int().nullable().optional(),
  /** Issue 16: its users must log in with a second factor. */
  require_two_factor: z.boolean().optional(),
})
export const OrganizationUpdate = OrganizationBody.partial()

export const EnvironmentBody = z.object({
  name: z.string(),
  alias: z.string().min(1).max(100).optional(),
  organization_id: z.number().int().positive(),
})
export const EnvironmentUpdate = EnvironmentBody.omit({ organization_id: true }).partial()

/** SPEC §3 Environment (hostgroup) as GET/POST/PUT hostgroups/ answer it; `hosts` are host names. */
export const EnvironmentRow = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  organization_id: z.number().int(),
  organization_name: z.string(),
  host_count: z.number().int(),
  hosts: z.array(z.string()),
  created_time: z.number(),
  allowed_actions: z.array(z.string()),
})

/** SPEC §3 Organization as GET/POST/PUT organizations/ answer it; users, hosts, resources, children are counts. */
export const OrganizationRow = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  legal_name: z.string(),
  is_msp: z.boolean(),
  msp_parent_id: z.number().int().nullable(),
  contract_expiration: z.number().int().nullable(),
  customer_since: z.number().int().nullable(),
  require_two_factor: z.boolean(),
  users: z.number().int(),
  hosts: z.number().int(),
  resources: z.number().int(),
  children: z.number().int(),
  created_time: z.number(),
  allowed_actions: z.array(z.string()),
})

/** POST hosts/{id}/reschedule, resources/{id}/reschedule (SPEC §1 "Reschedule checks"): false when the check is not scheduled here. */
export const Rescheduled = z.object({ rescheduled: z.boolean() })

/** A check: its kind (ping, tcp, http, …, command) and the kind's own config (validated by the engine). */
export const CheckSpec = z.object({ kind: z.string().min(1).max(30), config: z.record(z.string(), z.unknown()).default({}) })

/** SNMPv3's authentication and privacy protocols (RFC 3414, RFC 7860, RFC 3826), as agents name them. */
export const SNMP_V3_AUTH_PROTOCOLS = ['md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const
export const SNMP_V3_PRIV_PROTOCOLS = ['des', 'aes', 'aes256b', 'aes256r'] as const
/** USM derives keys from passphrases of at least 8 characters (RFC 3414 §11.2). */
const SnmpV3Passphrase = z.string().min(8).max(1024)

/** SPEC §3 host admin secrets: stored encrypted, never returned. On an edit a field sent replaces the stored one, '' removes it. */
export const HostSecrets = z
  .object({
    snmp_community: z.string().max(255),
    /** SNMPv3 instead of the community: the user, with authentication and privacy when their passphrases are set */
    snmp_v3_user: z.string().max(255),
    snmp_v3_auth_protocol: z.enum(SNMP_V3_AUTH_PROTOCOLS).or(z.literal('')),
    snmp_v3_auth_password: SnmpV3Passphrase.or(z.literal('')),
    snmp_v3_priv_protocol: z.enum(SNMP_V3_PRIV_PROTOCOLS).or(z.literal('')),
    snmp_v3_priv_password: SnmpV3Passphrase.or(z.literal('')),
    user: z.string().max(255),
    password: z.string().max(1024),
    enable_password: z.string().max(1024),
    ilo_user: z.string().max(255),
    /** SPEC §3 "backup credentials" for configuration backups */
    backup_user: z.string().max(255),
    backup_password: z.string().max(1024),
    /** an SSH private key for the backup login (OpenSSH or PEM), tried before the password, and its passphrase */
    backup_private_key: z.string().max(16_384),
    backup_key_passphrase: z.string().max(1024),
  })
  .partial()
  .strict()

/** What a host's stored secrets must be, once an edit is merged into them. */
export const StoredHostSecrets = HostSecrets.superRefine((s, ctx) => {
  // USM has no privacy without authentication, and a passphrase belongs to a user.
  if (s.snmp_v3_priv_password && !s.snmp_v3_auth_password)
    ctx.addIssue({ code: 'custom', path: ['snmp_v3_auth_password'], message: 'SNMPv3 privacy needs authentication' })
  if ((s.snmp_v3_auth_password || s.snmp_v3_priv_password) && !s.snmp_v3_user)
    ctx.addIssue({ code: 'custom', path: ['snmp_v3_user'], message: 'SNMPv3 passphrases need a user' })
  if (s.backup_private_key && !s.backup_user)
    ctx.addIssue({ code: 'custom', path: ['backup_user'], message: 'a backup private key needs a backup user' })
})

export const HostBody = z.object({
  name: z.string().min(1).max(255),
  alias: z.string().max(255).optional(),
  fqdn: z.string().max(255).optional(),
  hostgroup_id: z.number().int().positive(),
  hosttype: z.string().min(1).max(50).optional(),
  ip_address: z.string().max(64).optional(),
  description: z.string().max(4000).optional(),
  tags: z.array(z.string().max(100)).max(200).optional(),
  labels: z.record(z.string().max(100), z.string().max(1000)).optional(),
  parents: z.array(z.string().min(1).max(255)).max(100).optional(),
  check_interval: z.number().int().min(1).max(86400).optional(),
  retry_interval: z.number().int().min(1).max(86400).optional(),
  max_check_attempts: z.number().int().min(1).max(100).optional(),
  notifications_enabled: z.boolean().optional(),
  check: CheckSpec.optional(),
  check_type: z.enum(['0', '1']).optional(),
  freshness_threshold: z
    .number()
    .int()
    .min(1)
    .max(86400 * 7)
    .nullable()
    .optional(),
  secrets: HostSecrets.optional(),
  /** SPEC §3 host admin fields; without an access method the host type's applies */
  access_method: z.enum(ACCESS_METHODS).optional(),
  /** SPEC §3 custom-check flag: the host's checks are set by hand, its type brings none */
  custom_check: z.boolean().optional(),
  /** SPEC §5: checked line by line; over 65,535 characters is too_long_website_inspection_config, not a schema error */
  website_inspection_config: z.string().max(1_000_000).optional(),
  /** SPEC §3 Windows roles: each brings its check when the host is created */
  windows_roles: z.array(z.enum(WINDOWS_ROLES)).max(WINDOWS_ROLES.length).optional(),
})
export const HostUpdate = HostBody.omit({ windows_roles: true }).partial()

export const ResourceBody = z.object({
  host_id: z.number().int().positive(),
  name: z.string().min(1).max(255),
  display_name: z.string().min(1).max(255).optional(),
  plugin_id: z.string().max(100).optional(),
  check: CheckSpec.optional(),
  check_type: z.enum(['0', '1']).optional(),
  check_interval: z.number().int().min(1).max(86400).optional(),
  retry_interval: z.number().int().min(1).max(86400).optional(),
  max_check_attempts: z.number().int().min(1).max(100).optional(),
  freshness_threshold: z
    .number()
    .int()
    .min(1)
    .max(86400 * 7)
    .nullable()
    .optional(),
})
export const ResourceUpdate = ResourceBody.omit({ host_id: true }).partial()

export { Name }
