/**
 * Issue 13 "Quotas" and "Targets": what a server admin sets per organization. Quotas bound what one tenant
 * may take of the server (SPEC §8 limit_exceeded names the limit and its maximum); allowed targets bound
 * where its checks may reach.
 */
import { z } from 'zod'

const count = (max: number) => z.number().int().min(0).max(max)

/**
 * Per-organization quotas; every field has a default, so a stored `{}` means "the defaults". The last three are
 * SPEC §8's "maximums per organization, per-environment hosts, reports, maps and map versions" (SPEC names the
 * limits, not their values).
 */
export const Quotas = z.object({
  hosts: count(1_000_000).default(10_000),
  resources: count(10_000_000).default(100_000),
  /** active checks started per second for the organization's hosts and resources, summed */
  checks_per_second: count(100_000).default(200),
  /** shortest check interval a non-server-admin may set, seconds */
  min_check_interval_s: count(86_400).default(10),
  /** bytes of map images (backgrounds, pictures) stored for the organization */
  map_image_bytes: count(10 * 1024 ** 3).default(200 * 1024 ** 2),
  /** bytes of device configurations (configuration backups, every kept version) stored for the organization */
  config_backup_bytes: count(1024 ** 4).default(1024 ** 3),
  saved_filters: count(100_000).default(1_000),
  /** risk scans imported per day */
  risk_scans: count(100_000).default(100),
  sessions_per_user: count(10_000).default(20),
  feed_connections_per_user: count(10_000).default(20),
  feed_connections_per_address: count(10_000).default(50),
  /** SPEC §8: hosts one environment of the organization may hold */
  hosts_per_environment: count(1_000_000).default(5_000),
  /** SPEC §8: maps one environment of the organization may hold */
  maps_per_environment: count(100_000).default(1_000),
  /** SPEC §8: reports one environment of the organization may hold */
  reports_per_environment: count(100_000).default(500),
  /** SPEC §8: published versions one map keeps; publishing beyond it is refused */
  map_versions: count(100_000).default(500),
})
export type Quotas = z.infer<typeof Quotas>
export type QuotaName = keyof Quotas

/**
 * A change to some quotas (PUT): each given field replaces the stored one. Built from the inner schemas:
 * `Quotas.partial()` would fill every absent field with its default and so reset it.
 */
export const QuotasUpdate = z
  .object(
    Object.fromEntries(Object.entries(Quotas.shape).map(([k, s]) => [k, s.unwrap().optional()])) as {
      [K in QuotaName]: z.ZodOptional<z.ZodNumber>
    },
  )
  .strict()
export type QuotasUpdate = z.infer<typeof QuotasUpdate>

/**
 * Where an organization's checks may reach. Empty lists: anywhere except the addresses denied to everyone
 * but server admins (loopback, link-local, cloud metadata, the server's own addresses).
 */
export const AllowedTargets = z.object({
  /** CIDR blocks, e.g. `10.20.0.0/16`, `2001:db8::/32` */
  networks: z.array(z.string().max(64)).max(1000).default([]),
  /** host name patterns: `*.example.com` or an exact name */
  names: z.array(z.string().max(253)).max(1000).default([]),
})
export type AllowedTargets = z.infer<typeof AllowedTargets>
