/**
 * Server data of the host administration screen (issue 15): one key factory, the organization's hosts and
 * environments through the SPEC §7 list protocol, and the writes as mutations that invalidate in one place.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, queryClient, isApiFailure } from '../../app/api'
import { monitoringTablesChanged } from '../../monitoring'
import { HostRow } from '../../shared/api/monitored'
import type { FilterNode } from '../../shared/filter'
import type { HostBody, HostUpdate, ResourceBody } from '../../shared/api/entities'
import { CheckmkServiceList } from '../../shared/api/checkmk-services'
import { ClusterOut, type BulkTagsBody } from '../../shared/api/host-admin'
import { HostImportOut, type HostImportBody } from '../../shared/api/host-import'
import { CONFIG_BACKUPS_RESOURCE, type BackupProfileName } from '../../shared/config-backups'

export interface HostListParams {
  organization: string
  /** SPEC §7 `order`; the server's (by name) when absent. */
  order: string | undefined
  limit: number
  offset: number
  /** The filter panel's rules (SPEC §7 advanced_filter). */
  rules: FilterNode[]
}

export const hostAdminKeys = {
  all: ['admin', 'hosts'] as const,
  list: (params: HostListParams) => [...hostAdminKeys.all, 'list', params] as const,
  resources: (hostId: number) => [...hostAdminKeys.all, 'resources', hostId] as const,
  environments: (organization: string) => [...hostAdminKeys.all, 'environments', organization] as const,
}

const AdminHostRow = HostRow.extend({
  id: z.number().int(),
  hostgroup_id: z.number().int(),
  hostgroup_alias: z.string(),
  cluster: z.string().optional(),
  access_method: z.string().optional(),
  custom_check: z.boolean().optional(),
  notifications_enabled: z.boolean().optional(),
  max_check_attempts: z.number().int().optional(),
  website_inspection_config: z.string().optional(),
})
export type AdminHostRow = z.infer<typeof AdminHostRow>
const HostPage = z.object({ result: z.array(AdminHostRow), totalresults: z.number().int() })
const EnvironmentPage = z.object({ result: z.array(z.object({ id: z.number().int(), alias: z.string(), name: z.string() })) })
const ResourcePage = z.object({
  result: z.array(
    z.object({
      id: z.number().int(),
      display_name: z.string(),
      state: z.string(),
      plugin_output: z.string().optional(),
      extended_output: z.string().optional(),
      check_config: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
})
/** One of a host's checks, as the admin screen lists them. */
export type HostCheck = z.infer<typeof ResourcePage>['result'][number]

const EXTRA = 'access_method,cluster,notifications_enabled,max_check_attempts,custom_check,website_inspection_config'

/** An organization's hosts, a page of them or (the CSV) every one the filter keeps. */
export function fetchAdminHosts(params: HostListParams, signal?: AbortSignal) {
  return api.request('hosts/', {
    query: {
      filter: JSON.stringify({ organization_name: params.organization }),
      order: params.order,
      limit: params.limit,
      offset: params.offset,
      advanced_filter: params.rules.length ? JSON.stringify(params.rules) : undefined,
      extra_columns: EXTRA,
    },
    schema: HostPage,
    signal,
  })
}

export function useAdminHosts(params: HostListParams) {
  return useQuery({
    queryKey: hostAdminKeys.list(params),
    queryFn: ({ signal }) => fetchAdminHosts(params, signal),
    placeholderData: keepPreviousData,
  })
}

export function useOrganizationEnvironments(organization: string) {
  return useQuery({
    queryKey: hostAdminKeys.environments(organization),
    queryFn: ({ signal }) =>
      api.request('hostgroups/', {
        query: { filter: JSON.stringify({ organization_name: organization }), limit: 500 },
        schema: EnvironmentPage,
        signal,
      }),
  })
}

/** The checks a host brings, as its resources with their states (refreshed while the screen is open). */
export function useHostChecks(hostId: number) {
  return useQuery({
    queryKey: hostAdminKeys.resources(hostId),
    queryFn: ({ signal }) =>
      api.request('resources/', {
        query: { filter: JSON.stringify({ host_id: hostId }), limit: 200, extra_columns: 'check_config' },
        schema: ResourcePage,
        signal,
      }),
    refetchInterval: 5000,
  })
}

/** A host write changes the administration lists and what the monitoring screens show (their cache is fresh for 30 s). */
export const invalidate = () => Promise.all([queryClient.invalidateQueries({ queryKey: hostAdminKeys.all }), monitoringTablesChanged()])

export const useCreateHost = () =>
  useMutation({
    mutationFn: (body: z.input<typeof HostBody>) => api.request('hosts/', { method: 'POST', body, schema: AdminHostRow }),
    onSuccess: invalidate,
  })

export const useUpdateHost = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof HostUpdate> }) =>
      api.request(`hosts/${id}`, { method: 'PUT', body, schema: AdminHostRow }),
    onSuccess: invalidate,
  })

export const useDeleteHost = () =>
  useMutation({
    mutationFn: (id: number) => api.request(`hosts/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  })

export const useBulkTags = () =>
  useMutation({
    mutationFn: (body: z.input<typeof BulkTagsBody>) => api.request('hosts/tags', { method: 'POST', body }),
    onSuccess: invalidate,
  })

export const useFormCluster = () =>
  useMutation({
    mutationFn: (body: { name: string; host_ids: number[] }) => api.request('hosts/clusters', { method: 'PUT', body, schema: ClusterOut }),
    onSuccess: invalidate,
  })

/** Issue 15 CSV import: a preview (`dry_run`) writes nothing; the import adds hosts, so the lists reload. */
export const useHostImport = () =>
  useMutation({
    mutationFn: (body: z.input<typeof HostImportBody>) => api.request('hosts/import', { method: 'POST', body, schema: HostImportOut }),
    onSuccess: (out) => (out.dry_run ? undefined : invalidate()),
  })

/** The SPEC §8 key of a failed write, with its extra_info, for the form to show. */
export function failureOf(error: unknown): { key: string; extra: Record<string, unknown> } | null {
  if (!isApiFailure(error)) return null
  const body = error.errorBody
  return body ? { key: body.key, extra: body.extra_info } : null
}

/** SPEC §2 Config Backups: the resource whose `config-backup` check backs up a network device's configuration. */
const configBackupCheck = (profile: BackupProfileName) => ({ kind: 'config-backup', config: { profile } })

export const useTurnOnConfigBackups = () =>
  useMutation({
    mutationFn: ({ hostId, profile }: { hostId: number; profile: BackupProfileName }) =>
      // Hourly, as Oxidized reads devices: a version is stored only when the configuration changed.
      api.request('resources/', {
        method: 'POST',
        body: { host_id: hostId, name: CONFIG_BACKUPS_RESOURCE, check: configBackupCheck(profile), check_interval: 3600 },
      }),
    onSuccess: invalidate,
  })

/** A new configuration of the Config Backups check: the caller keeps what it does not change (port, timeout, …). */
export const useChangeConfigBackupCheck = () =>
  useMutation({
    mutationFn: ({ resourceId, config }: { resourceId: number; config: Record<string, unknown> }) =>
      api.request(`resources/${resourceId}`, { method: 'PUT', body: { check: { kind: 'config-backup', config } } }),
    onSuccess: invalidate,
  })

/** Turning backups off removes the resource, and with it its stored versions. */
export const useTurnOffConfigBackups = () =>
  useMutation({
    mutationFn: (resourceId: number) => api.request(`resources/${resourceId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  })

/** Checkmk service discovery: reads the host's agent now and writes nothing (a mutation: it is not a cached read). */
export const useDiscoverAgentServices = () =>
  useMutation({
    mutationFn: (hostId: number) => api.request(`hosts/${hostId}/checkmk-services`, { method: 'POST', schema: CheckmkServiceList }),
  })

/** Removes the chosen resources one after another; the first refused one stops the rest and is shown. */
export const useRemoveResources = () =>
  useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await api.request(`resources/${id}`, { method: 'DELETE' })
    },
    onSuccess: invalidate,
  })

/** Adds the chosen resources one after another; the first refused one stops the rest and is shown. */
export const useAddResources = () =>
  useMutation({
    mutationFn: async (bodies: z.input<typeof ResourceBody>[]) => {
      for (const body of bodies) await api.request('resources/', { method: 'POST', body })
    },
    onSuccess: invalidate,
  })
