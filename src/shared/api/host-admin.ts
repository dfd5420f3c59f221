/** Issue 15 host administration: the host-type catalogue, bulk tag edits and clusters (SPEC §3, §5). */
import { z } from 'zod'
import { Name } from '../validation'

const PlannedCheckOut = z.object({ name: z.string(), kind: z.string() })

/** GET host-types: the SPEC §3 catalogue with the checks each type brings. */
export const HostTypeOut = z.object({
  name: z.string(),
  category: z.string(),
  icon: z.string(),
  display_name: z.string(),
  access_method: z.string(),
  config_backup: z.boolean(),
  checks: z.array(PlannedCheckOut),
})
export const HostTypeList = z.object({
  result: z.array(HostTypeOut),
  totalresults: z.number().int(),
  /** SPEC §3 host option tags by what they do in Vigil */
  option_tags: z.object({
    agentless_checks: z.array(z.string()),
    status_allowances: z.array(z.string()),
    check_options: z.array(z.string()),
    host_options: z.array(z.string()),
    recorded_only: z.array(z.string()),
  }),
  windows_roles: z.array(z.string()),
  access_methods: z.array(z.string()),
})
export type HostTypeList = z.infer<typeof HostTypeList>

const HostIds = z.array(z.number().int().positive()).min(1).max(500)
const Tags = z.array(z.string().min(1).max(100)).max(200).default([])

/** POST hosts/tags: bulk edit of tags (issue 15). */
export const BulkTagsBody = z.object({ host_ids: HostIds, add: Tags, remove: Tags })
export const BulkTagsOut = z.object({ updated: z.number().int() })

/** SPEC §5 "Cluster": PUT hosts/clusters forms (or re-forms) a named cluster of 2–3 hosts of one organization. */
export const ClusterBody = z.object({ name: Name, host_ids: z.array(z.number().int().positive()).max(100) })
export const ClusterOut = z.object({ name: z.string(), hosts: z.array(z.string()) })
