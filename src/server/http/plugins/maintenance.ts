/**
 * SPEC §7 Version `maintenance` (VIGIL_MAINTENANCE=1): while the operators maintain the server (a backup, a
 * database move), browsers go to the maintenance page (SPEC §4) and API writes answer SPEC §8
 * service_not_available, so nothing changes under the operators' hands. Reads and logout still work.
 */
import fp from 'fastify-plugin'
import { ApiError } from '../../../shared/errors'
import type { RouteDeps } from '../types'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const maintenance = fp<RouteDeps>(async (app, { config }) => {
  if (!config.maintenance) return
  app.addHook('onRequest', async (req) => {
    if (READS.has(req.method) || req.routeOptions.url === '/api/v1/auth/logout') return
    throw new ApiError('service_not_available', { reason: 'maintenance', maintenance_message: config.maintenanceMessage })
  })
})
