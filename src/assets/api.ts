/**
 * The software client (contract in src/shared/api/software.ts): the one key factory, the addresses and the reads
 * of the software screens. Every key lives under `software`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../app/api'
import { PackageVersions, SoftwareGrouped, type SoftwarePageQuery } from '../shared/api/software'

export const softwareUrls = {
  grouped: 'software',
  package: (hosttype: string, name: string) => `software/${encodeURIComponent(hosttype)}/${encodeURIComponent(name)}`,
}

/** The query string of GET software and of a package's versions (comma-separated environment ids). */
export interface SoftwareParams {
  environment_ids?: string
}
export type SoftwarePageParams = SoftwareParams & Required<Pick<SoftwarePageQuery, 'limit' | 'offset'>> & Pick<SoftwarePageQuery, 'order'>

export const softwareKeys = {
  all: ['software'] as const,
  grouped: (p: SoftwarePageParams) => [...softwareKeys.all, 'grouped', p] as const,
  package: (hosttype: string, name: string, p: SoftwareParams) => [...softwareKeys.all, 'package', hosttype, name, p] as const,
}

export const fetchSoftware = (p: SoftwarePageParams, signal?: AbortSignal) =>
  api.request(softwareUrls.grouped, { query: { ...p }, schema: SoftwareGrouped, signal })

/** One page of the visible hosts' packages, grouped by host type (SPEC §2 /assets/software). */
export function useSoftware(p: SoftwarePageParams) {
  return useQuery({
    queryKey: softwareKeys.grouped(p),
    queryFn: ({ signal }) => fetchSoftware(p, signal),
    placeholderData: keepPreviousData,
  })
}

/** A package's versions on the visible hosts of one host type, with their host counts (SPEC §2 detail). */
export function usePackageVersions(hosttype: string, name: string, p: SoftwareParams) {
  return useQuery({
    queryKey: softwareKeys.package(hosttype, name, p),
    queryFn: ({ signal }) => api.request(softwareUrls.package(hosttype, name), { query: { ...p }, schema: PackageVersions, signal }),
  })
}
