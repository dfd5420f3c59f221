/**
 * Configuration backups (SPEC §2 "…/Config Backups/configs"): GET resources/{resource_id}/config-backups lists a
 * resource's versions, newest first; GET resources/{resource_id}/config-backups/{version} gives one with its text.
 */
import { z } from 'zod'

export const ConfigBackupVersion = z.object({
  version: z.number().int(),
  /** when this configuration was first read (unix seconds) */
  created_time: z.number(),
  /** when it was last read unchanged */
  checked_time: z.number(),
  sha256: z.string(),
  size: z.number().int(),
  lines: z.number().int(),
})
export type ConfigBackupVersion = z.infer<typeof ConfigBackupVersion>

export const ConfigBackupList = z.object({ result: z.array(ConfigBackupVersion), totalresults: z.number().int() })
export type ConfigBackupList = z.infer<typeof ConfigBackupList>

export const ConfigBackup = ConfigBackupVersion.extend({ content: z.string() })
export type ConfigBackup = z.infer<typeof ConfigBackup>

/** The version stays text here: anything but a version number is SPEC §8 invalid_config_backup_version, not a schema error. */
export const ConfigBackupParams = z.object({ resource_id: z.coerce.number().int().positive(), version: z.string().max(20) })
