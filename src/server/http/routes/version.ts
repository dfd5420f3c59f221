/** Public: GET /version.json (SPEC §7 Version: uncached; build, release, maintenance, maintenance_message). */
import type { ZodApp, RouteDeps } from '../types'
import { VersionRecord } from '../../../shared/api/auth'
import { RELEASE } from '../../../shared/constants'
import { currentBuild } from './ui'

export async function versionRoutes(app: ZodApp, { config }: RouteDeps) {
  const build = currentBuild(config.distDir)
  app.get('/version.json', { schema: { response: { 200: VersionRecord } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store, max-age=0')
    return { build: build(), release: RELEASE, maintenance: config.maintenance, maintenance_message: config.maintenanceMessage }
  })
}
