/**
 * POST hosts/{host_id}/checkmk-services: the services a host's Checkmk agent reports, each as the resource that would
 * check it alone (a `checkmk-agent` check limited to one part, filesystem or local check, on the agent check's port),
 * whether the host has a resource of that name already, and the host's such resources the agent no longer reports.
 */
import { z } from 'zod'

export const DiscoveredService = z.object({
  name: z.string(),
  check: z.object({ kind: z.literal('checkmk-agent'), config: z.record(z.string(), z.unknown()) }),
})
export type DiscoveredService = z.infer<typeof DiscoveredService>

export const CheckmkServiceList = z.object({
  result: z.array(DiscoveredService.extend({ exists: z.boolean() })),
  totalresults: z.number().int(),
  /** resources that check one thing the agent no longer reports (an unmounted filesystem, a removed local check) */
  vanished: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** the agent check's output line: why nothing was found when the agent could not be read */
  output: z.string(),
})
export type CheckmkServiceList = z.infer<typeof CheckmkServiceList>
