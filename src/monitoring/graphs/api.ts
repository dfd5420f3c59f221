/**
 * Performance data of a host's own check or a resource (SPEC §2 graphs tabs): its keys, and one key's
 * points in a range, reduced on the server (GET hosts/{id}/perfdata, resources/{id}/perfdata). Errors
 * (trending_data_unavailable, invalid_perf_data_key, …) are shown in the graph, not as messages.
 */
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, isApiFailure } from '../../app/api'
import { AUTO_REFRESH_S } from '../../shared/constants'
import { PerfKeyList, PerfSeries } from '../../shared/api/results'
import { rangeBounds, type GraphRange } from './range'

export interface Owner {
  kind: 'hosts' | 'resources'
  id: number
}

export type Series = z.infer<typeof PerfSeries>

/** At most ~1000 buckets per graph: enough for any screen width, and a year still opens at once. */
export const GRAPH_POINTS = 1000

export const graphKeys = {
  keys: (o: Owner) => ['graphs', o.kind, o.id, 'keys'] as const,
  series: (o: Owner, key: string, range: GraphRange) => ['graphs', o.kind, o.id, 'series', key, range] as const,
}

/** The SPEC §8 error key of a failed call, for `errors.{key}`. */
export function errorKeyOf(error: unknown): string {
  return (isApiFailure(error) && error.errorBody?.key) || 'internal_error'
}

export function usePerfKeys(owner: Owner) {
  return useQuery({
    queryKey: graphKeys.keys(owner),
    queryFn: ({ signal }) => api.request(`${owner.kind}/${owner.id}/perfdata`, { schema: PerfKeyList, signal, errorHandlerEnabled: false }),
  })
}

/** One key's series; a preset range refetches at the SPEC §9 graphs interval (60 s) as time moves on. */
export function useSeries(owner: Owner, key: string, range: GraphRange) {
  return useQuery({
    queryKey: graphKeys.series(owner, key, range),
    queryFn: ({ signal }) => {
      const { start, end } = rangeBounds(range, Date.now())
      return api.request(`${owner.kind}/${owner.id}/perfdata`, {
        query: { key, start, end, points: GRAPH_POINTS },
        schema: PerfSeries,
        signal,
        errorHandlerEnabled: false,
      })
    },
    refetchInterval: range.kind === 'preset' ? AUTO_REFRESH_S.graphs * 1000 : false,
  })
}

const HostResources = z.object({ result: z.array(z.object({ id: z.number().int(), display_name: z.string(), has_graph: z.boolean() })) })

/** The resources of a host that have performance data (SPEC §3 Resource has_graph). */
export function useGraphedResources(hostId: number | undefined) {
  return useQuery({
    queryKey: ['graphs', 'hosts', hostId, 'resources'],
    enabled: hostId !== undefined,
    queryFn: ({ signal }) =>
      api.request('resources/', {
        query: {
          filter: JSON.stringify({ host_id: hostId, has_graph: true }),
          columns: 'id,display_name,has_graph',
          order: 'display_name',
          limit: 1000,
        },
        schema: HostResources,
        signal,
      }),
  })
}
