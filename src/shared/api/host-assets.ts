/** GET hosts/{host_id}/assets: the asset sections Vigil collected for a host (SPEC §3; shared/asset-sections.ts). */
import { z } from 'zod'

export const HostAssetSection = z.object({
  section: z.string(),
  /** unix seconds of the newest collector's run */
  updated_at: z.number(),
  /** the display names of the resources that collected it */
  collected_by: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
})
export type HostAssetSection = z.infer<typeof HostAssetSection>

export const HostAssetList = z.object({ result: z.array(HostAssetSection), totalresults: z.number().int() })
export type HostAssetList = z.infer<typeof HostAssetList>
