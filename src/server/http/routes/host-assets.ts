/**
 * Collected asset sections (SPEC §2 /assets/{hostname}/{tab}, §3 asset sections; registered without prefix):
 * GET hosts/{host_id}/assets gives what the host's `inventory` check last found, for whoever sees the host.
 */
import type { ZodApp, RouteDeps } from '../types'
import { HostIdParams } from '../../../shared/api/acknowledgements'
import { HostAssetList } from '../../../shared/api/host-assets'
import { listHostAssets } from '../../store/host-assets'

export async function hostAssetRoutes(app: ZodApp, { store }: RouteDeps) {
  app.get('/hosts/:host_id/assets', { schema: { params: HostIdParams, response: { 200: HostAssetList } } }, async (req) => {
    const result = await listHostAssets(store.db, req.scope, req.params.host_id)
    return { result, totalresults: result.length }
  })
}
