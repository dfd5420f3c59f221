/**
 * Configuration backups (SPEC §2 "…/Config Backups/configs"; registered without prefix): the versions a
 * `config-backup` resource's checks stored, and one version's text, for whoever sees the resource.
 */
import type { ZodApp, RouteDeps } from '../types'
import { ResourceIdParams } from '../../../shared/api/acknowledgements'
import { ConfigBackup, ConfigBackupList, ConfigBackupParams } from '../../../shared/api/config-backups'
import { getConfigBackup, listConfigBackups } from '../../store/config-backups'
import { ApiError } from '../../../shared/errors'

export async function configBackupRoutes(app: ZodApp, { store, box }: RouteDeps) {
  app.get(
    '/resources/:resource_id/config-backups',
    { schema: { params: ResourceIdParams, response: { 200: ConfigBackupList } } },
    async (req) => {
      const result = await listConfigBackups(store.db, req.scope, req.params.resource_id)
      return { result, totalresults: result.length }
    },
  )
  app.get(
    '/resources/:resource_id/config-backups/:version',
    { schema: { params: ConfigBackupParams, response: { 200: ConfigBackup } } },
    async (req) => {
      const { resource_id, version } = req.params
      if (!/^[1-9]\d{0,8}$/.test(version)) throw new ApiError('invalid_config_backup_version', { resource_id, version })
      return getConfigBackup(store.db, req.scope, resource_id, Number(version), box)
    },
  )
}
