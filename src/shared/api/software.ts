/**
 * Software inventory (SPEC §1 "View asset inventory of hosts and software"; SPEC §2 /assets/software grouped
 * by hosttype, /assets/software/{hosttype}/{package_name} grouped by version): PUT and GET
 * hosts/{host_id}/software, GET software and GET software/{hosttype}/{package_name}.
 */
import { z } from 'zod'
import { LIST_LIMIT_MAX } from '../constants'

/** Most packages one host's inventory holds (a busy Linux server lists a few thousand). */
export const SOFTWARE_PER_HOST_MAX = 20000

export const SoftwarePackage = z.object({
  name: z.string().trim().min(1).max(255),
  /** '' when the package reports no version */
  version: z.string().trim().max(255),
  vendor: z.string().trim().max(255).nullish(),
  arch: z.string().trim().max(50).nullish(),
})
export type SoftwarePackage = z.infer<typeof SoftwarePackage>

/**
 * A host's whole inventory, as an agent or script pushes it: what is not in it is removed. A package
 * version is listed once (the stored inventory has one row per name and version).
 */
export const SoftwarePush = z.object({
  software: z
    .array(SoftwarePackage)
    .max(SOFTWARE_PER_HOST_MAX)
    .superRefine((list, ctx) => {
      const seen = new Map<string, number>()
      list.forEach((p, i) => {
        const key = JSON.stringify([p.name, p.version])
        const first = seen.get(key)
        if (first !== undefined)
          ctx.addIssue({ code: 'custom', path: [i], message: `name and version already listed at software.${first}` })
        else seen.set(key, i)
      })
    }),
})
export type SoftwarePush = z.infer<typeof SoftwarePush>

export const HostSoftware = z.object({
  name: z.string(),
  version: z.string(),
  vendor: z.string().nullable(),
  arch: z.string().nullable(),
  /** unix seconds of the push that last listed it */
  updated_at: z.number().int(),
})
export type HostSoftware = z.infer<typeof HostSoftware>

/** SPEC §3 "List response wrapper" of a host's packages, by name and version. */
export const HostSoftwareList = z.object({ result: z.array(HostSoftware), totalresults: z.number().int() })

export const VersionCount = z.object({ version: z.string(), host_count: z.number().int() })
export type VersionCount = z.infer<typeof VersionCount>

/** One package on the hosts of one host type: how many hosts have it, and how many have each version. */
export const PackageSummary = z.object({ name: z.string(), host_count: z.number().int(), versions: z.array(VersionCount) })
export type PackageSummary = z.infer<typeof PackageSummary>

/** SPEC §2 /assets/software "software grouped by hosttype", in the SPEC §7 grouped shape. */
export const SoftwareGrouped = z.object({
  result: z.array(z.object({ hosttype: z.string(), totalresults: z.number().int(), result: z.array(PackageSummary) })),
  totalresults: z.number().int(),
})

/**
 * Which hosts' software GET software and GET software/{hosttype}/{package_name} count: the host list's
 * filter, advanced_filter (e.g. `{"hosttype": "linux"}`, SPEC §7) and the caller's environment filter (SPEC §6).
 */
export const SoftwareQuery = z.object({
  filter: z.string().max(20000).optional(),
  advanced_filter: z.string().max(100000).optional(),
  environment_ids: z.string().max(20000).optional(),
})
export type SoftwareQuery = z.infer<typeof SoftwareQuery>

export const SOFTWARE_ORDERS = ['name', '-name', 'host_count', '-host_count'] as const

/**
 * GET software is paged over its packages (issue 13, review L12: it returned every package of every
 * visible host at once): at most `limit` packages (default SPEC §9 page size 50) from `offset`, in host
 * type and name order; each group's `totalresults` counts all of its packages, as in SPEC §7 grouped lists.
 */
export const SoftwarePageQuery = SoftwareQuery.extend({
  limit: z.coerce.number().int().min(0).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1e9).optional(),
  /** SPEC §7 order within each host type: by package name (the default) or by how many hosts have it; `-` descends. */
  order: z.enum(SOFTWARE_ORDERS).optional(),
})
export type SoftwarePageQuery = z.infer<typeof SoftwarePageQuery>

export const SoftwarePackageParams = z.object({
  hosttype: z.string().min(1).max(100),
  package_name: z.string().min(1).max(255),
})

/**
 * SPEC §2 /assets/software/{hosttype}/{package_name} "detail, grouped by version": each version with its
 * host count. The hosts of a version are a host list with the software filter (SPEC §3 software version).
 */
export const PackageVersions = z.object({ result: z.array(VersionCount), totalresults: z.number().int() })
