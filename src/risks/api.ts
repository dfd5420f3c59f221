/**
 * The risks client (contract in src/shared/api/risks.ts; their tickets are the ticket client's, src/app/actions): the one
 * key factory, the addresses and the reads of the risk screens. Every key lives under `risks`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../app/api'
import { Risk, RiskGroup, RiskPluginList } from '../shared/api/risks'

export const riskUrls = {
  list: 'risks',
  plugins: 'risks/plugins',
  one: (id: number) => `risks/${id}`,
  group: (hostgroupId: number, pluginId: string) => `risks/${hostgroupId}/${encodeURIComponent(pluginId)}`,
}

/** SPEC §7 list protocol plus the risk filters, as the query string carries them. */
export interface RiskListParams {
  order?: string
  limit: number
  offset: number
  advanced_filter?: string
  /** comma-separated environment ids (RiskFilterQuery) */
  hostgroup_id?: string
  /** comma-separated host ids (RiskFilterQuery) */
  host_id?: string
}

export interface RiskPluginParams {
  hostgroup_id: number
  limit: number
  offset: number
}

export const riskKeys = {
  all: ['risks'] as const,
  list: (p: RiskListParams) => [...riskKeys.all, 'list', p] as const,
  plugins: (p: RiskPluginParams) => [...riskKeys.all, 'plugins', p] as const,
  group: (hostgroupId: number, pluginId: string) => [...riskKeys.all, 'group', hostgroupId, pluginId] as const,
  one: (id: number) => [...riskKeys.all, 'one', id] as const,
}

/**
 * A listed risk: the screens ask for no `columns`, so every list field is there, and the detail-only fields
 * (`extraFields` of src/server/store/risks.ts) are not; the detail view reads those from risks/{id}.
 */
export const RiskRow = Risk.omit({
  description: true,
  solution: true,
  plugin_output: true,
  cwe: true,
  external_references: true,
  affected_software: true,
  detection_method: true,
  first_scan_id: true,
  last_scan_id: true,
})
export type RiskRow = z.infer<typeof RiskRow>
const RiskList = z.object({ result: z.array(RiskRow), totalresults: z.number().int() })
const RiskGroupWithRisks = RiskGroup.extend({ result: z.array(RiskRow) })

export const fetchRisks = (p: RiskListParams, signal?: AbortSignal) =>
  api.request(riskUrls.list, { query: { ...p }, schema: RiskList, signal })

/** One page of the risks the caller sees (SPEC §7 list protocol). */
export function useRiskList(p: RiskListParams) {
  return useQuery({ queryKey: riskKeys.list(p), queryFn: ({ signal }) => fetchRisks(p, signal), placeholderData: keepPreviousData })
}

export const fetchRiskPlugins = (p: RiskPluginParams, signal?: AbortSignal) =>
  api.request(riskUrls.plugins, { query: { ...p }, schema: RiskPluginList, signal })

/** One environment's risks grouped by plugin, worst first (SPEC §2 /risks/{hostgroup_name}). */
export function useRiskPlugins(p: RiskPluginParams | null) {
  return useQuery({
    queryKey: riskKeys.plugins(p ?? { hostgroup_id: 0, limit: 0, offset: 0 }),
    enabled: p !== null,
    queryFn: ({ signal }) => fetchRiskPlugins(p!, signal),
    placeholderData: keepPreviousData,
  })
}

/** A plugin's findings in an environment (SPEC §7 risks/{hostgroup_id}/{plugin_id}), asked for once its row opens. */
export function useRiskGroup(hostgroupId: number, pluginId: string) {
  return useQuery({
    queryKey: riskKeys.group(hostgroupId, pluginId),
    queryFn: ({ signal }) =>
      api.request(riskUrls.group(hostgroupId, pluginId), { query: { limit: 250, order: 'host_name' }, schema: RiskGroupWithRisks, signal }),
  })
}

/** One risk with every SPEC §3 detail field. */
export function useRisk(id: number | null) {
  return useQuery({
    queryKey: riskKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.request(riskUrls.one(id!), { schema: Risk, signal }),
  })
}
