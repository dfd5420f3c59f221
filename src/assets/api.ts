/**
 * The asset screens' client (contracts in src/shared/api/software.ts, host-assets.ts and the host list of SPEC §7): the one key
 * factory, the addresses and the reads of the software and host asset screens. Every key lives under `assets`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../app/api'
import { HostSoftwareList, PackageVersions, SoftwareGrouped, type SoftwarePageQuery } from '../shared/api/software'
import { HostAssetList } from '../shared/api/host-assets'

export const assetUrls = {
  grouped: 'software',
  package: (hosttype: string, name: string) => `software/${encodeURIComponent(hosttype)}/${encodeURIComponent(name)}`,
  hosts: 'hosts/',
  hostSoftware: (hostId: number) => `hosts/${hostId}/software`,
  hostAssets: (hostId: number) => `hosts/${hostId}/assets`,
}

/** The query string of GET software and of a package's versions (comma-separated environment ids). */
export interface SoftwareParams {
  environment_ids?: string
}
export type SoftwarePageParams = SoftwareParams & Required<Pick<SoftwarePageQuery, 'limit' | 'offset'>> & Pick<SoftwarePageQuery, 'order'>

/** The host list's page as the host assets screen asks for it (SPEC §7 list protocol). */
export interface AssetHostParams {
  order?: string
  limit: number
  offset: number
  environment_ids?: string
}

export const assetKeys = {
  all: ['assets'] as const,
  grouped: (p: SoftwarePageParams) => [...assetKeys.all, 'software', p] as const,
  package: (hosttype: string, name: string, p: SoftwareParams) => [...assetKeys.all, 'package', hosttype, name, p] as const,
  hosts: (p: AssetHostParams) => [...assetKeys.all, 'hosts', p] as const,
  host: (name: string) => [...assetKeys.all, 'host', name] as const,
  hostSoftware: (hostId: number) => [...assetKeys.all, 'host-software', hostId] as const,
  hostAssets: (hostId: number) => [...assetKeys.all, 'host-assets', hostId] as const,
}

export const fetchSoftware = (p: SoftwarePageParams, signal?: AbortSignal) =>
  api.request(assetUrls.grouped, { query: { ...p }, schema: SoftwareGrouped, signal })

/** One page of the visible hosts' packages, grouped by host type (SPEC §2 /assets/software). */
export function useSoftware(p: SoftwarePageParams) {
  return useQuery({
    queryKey: assetKeys.grouped(p),
    queryFn: ({ signal }) => fetchSoftware(p, signal),
    placeholderData: keepPreviousData,
  })
}

/** A package's versions on the visible hosts of one host type, with their host counts (SPEC §2 detail). */
export function usePackageVersions(hosttype: string, name: string, p: SoftwareParams) {
  return useQuery({
    queryKey: assetKeys.package(hosttype, name, p),
    queryFn: ({ signal }) => api.request(assetUrls.package(hosttype, name), { query: { ...p }, schema: PackageVersions, signal }),
  })
}

/** The host fields the host asset screens show. */
export const AssetHost = z.object({
  id: z.number().int(),
  name: z.string(),
  hosttype: z.string(),
  hostgroup_alias: z.string(),
  ip_address: z.string().nullable(),
  has_asset_data: z.boolean(),
})
export type AssetHost = z.infer<typeof AssetHost>
const AssetHostPage = z.object({ result: z.array(AssetHost), totalresults: z.number().int() })
const HOST_COLUMNS = Object.keys(AssetHost.shape).join(',')

export const fetchAssetHosts = (p: AssetHostParams, signal?: AbortSignal) =>
  api.request(assetUrls.hosts, {
    query: { ...p, columns: HOST_COLUMNS, filter: JSON.stringify({ has_asset_data: true }) },
    schema: AssetHostPage,
    signal,
  })

/** One page of the visible hosts whose inventory has been reported (SPEC §2 /assets/hosts). */
export function useAssetHosts(p: AssetHostParams) {
  return useQuery({ queryKey: assetKeys.hosts(p), queryFn: ({ signal }) => fetchAssetHosts(p, signal), placeholderData: keepPreviousData })
}

/** The visible host of this name, or null (SPEC §2 /assets/{hostname}). */
export function useAssetHost(name: string) {
  return useQuery({
    queryKey: assetKeys.host(name),
    queryFn: async ({ signal }) => {
      const page = await api.request(assetUrls.hosts, {
        query: { columns: HOST_COLUMNS, filter: JSON.stringify({ name }), limit: 1 },
        schema: AssetHostPage,
        signal,
      })
      return page.result[0] ?? null
    },
  })
}

/** A host's packages, by name and version, as its agent last reported them. */
export function useHostSoftware(hostId: number | undefined) {
  return useQuery({
    queryKey: assetKeys.hostSoftware(hostId ?? 0),
    enabled: hostId !== undefined,
    queryFn: ({ signal }) => api.request(assetUrls.hostSoftware(hostId!), { schema: HostSoftwareList, signal }),
  })
}

/** The asset sections Vigil collected for a host (system, interfaces, addresses, storage), as its last inventory found them. */
export function useHostAssets(hostId: number | undefined) {
  return useQuery({
    queryKey: assetKeys.hostAssets(hostId ?? 0),
    enabled: hostId !== undefined,
    queryFn: ({ signal }) => api.request(assetUrls.hostAssets(hostId!), { schema: HostAssetList, signal }),
  })
}
