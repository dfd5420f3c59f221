/**
 * The configuration backups' client (contracts in src/shared/api/config-backups.ts): keys, addresses and the reads
 * of a `config-backup` resource's versions. Every key lives under `config-backups`.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { api } from '../app/api'
import { ConfigBackup, ConfigBackupList } from '../shared/api/config-backups'

export const configBackupUrls = {
  versions: (resourceId: number) => `resources/${resourceId}/config-backups`,
  version: (resourceId: number, version: number) => `resources/${resourceId}/config-backups/${version}`,
}

export const configBackupKeys = {
  all: ['config-backups'] as const,
  versions: (resourceId: number) => [...configBackupKeys.all, resourceId] as const,
  version: (resourceId: number, version: number) => [...configBackupKeys.all, resourceId, version] as const,
}

/**
 * A resource's versions, newest first, read again after each check of the resource (`lastCheck`, live from the
 * feed): a run stores a version when the configuration changed, and notes when it was last read unchanged.
 */
export function useConfigBackups(resourceId: number, lastCheck: number | null) {
  const query = useQuery({
    queryKey: configBackupKeys.versions(resourceId),
    queryFn: ({ signal }) => api.request(configBackupUrls.versions(resourceId), { schema: ConfigBackupList, signal }),
  })
  const { refetch } = query
  const seen = useRef(lastCheck)
  useEffect(() => {
    if (seen.current === lastCheck) return
    seen.current = lastCheck
    void refetch()
  }, [lastCheck, refetch])
  return query
}

/**
 * One version with its text; a version never changes, so it is read once. The text needs host_write (it holds the
 * device's secrets): a refusal is the panel's to say, not the blocking "not authorized" page of SPEC §8.
 */
export function useConfigBackup(resourceId: number, version: number | null) {
  return useQuery({
    queryKey: configBackupKeys.version(resourceId, version ?? 0),
    enabled: version !== null,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      api.request(configBackupUrls.version(resourceId, version!), { schema: ConfigBackup, signal, errorHandlerEnabled: false }),
  })
}
