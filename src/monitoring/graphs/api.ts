/**
 * Performance data of a host's own check or a resource (SPEC §2 graphs tabs): its keys, and one key's
 * points in a range, reduced on the server (GET hosts/{id}/perfdata, resources/{id}/perfdata). Errors
 * (trending_data_unavailable, invalid_perf_data_key, …) are shown in the graph, not as messages.
 */
import { useMemo } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api, isApiFailure } from '../../app/api'
import { AUTO_REFRESH_S } from '../../shared/constants'
import { PerfKeyList, PerfSeries } from '../../shared/api/results'
import { fitPreset, rangeBounds, type GraphRange } from './range'

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

const keysQuery = (owner: Owner) => ({
  queryKey: graphKeys.keys(owner),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.request(`${owner.kind}/${owner.id}/perfdata`, { schema: PerfKeyList, signal, errorHandlerEnabled: false }),
})

export function usePerfKeys(owner: Owner) {
  return useQuery(keysQuery(owner))
}

/**
 * The time of the oldest value of any key of the owners (issue 17: the range that fits the data's age);
 * undefined while the owners or their keys load, null when none has data.
 */
function useOldestValue(owners: readonly Owner[] | undefined): number | null | undefined {
  return useQueries({
    queries: (owners ?? []).map(keysQuery),
    combine: (lists) => {
      if (!owners || lists.some((l) => l.isPending)) return undefined
      const firsts = lists.flatMap((l) => l.data?.result.map((k) => k.first_time) ?? []).filter((t) => t !== null)
      return firsts.length ? Math.min(...firsts) : null
    },
  })
}

/**
 * The preset that fits the age of the owners' data (issue 17); undefined while it loads. Chosen once the
 * data is known, so that the range does not jump to a longer preset while the data ages on screen.
 */
export function useFittedPreset(owners: readonly Owner[] | undefined): string | undefined {
  const oldest = useOldestValue(owners)
  return useMemo(() => (oldest === undefined ? undefined : fitPreset(oldest, Date.now())), [oldest])
}

/** Several keys' series (one chart per unit); a preset range refetches at the SPEC §9 graphs interval (60 s) as time moves on. */
export function useSeries(owner: Owner, keys: readonly string[], range: GraphRange) {
  return useQueries({
    queries: keys.map((key) => ({
      queryKey: graphKeys.series(owner, key, range),
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        const { start, end } = rangeBounds(range, Date.now())
        return api.request(`${owner.kind}/${owner.id}/perfdata`, {
          query: { key, start, end, points: GRAPH_POINTS },
          schema: PerfSeries,
          signal,
          errorHandlerEnabled: false,
        })
      },
      refetchInterval: range.kind === 'preset' ? AUTO_REFRESH_S.graphs * 1000 : false,
    })),
    combine: allSeries,
  })
}

/** Stable, so that the combined answer keeps its identity while no query changes (and the graph is not redrawn). */
function allSeries(results: readonly { data?: Series; error: Error | null }[]) {
  return { data: results.every((r) => r.data) ? results.map((r) => r.data!) : undefined, error: results.find((r) => r.error)?.error }
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
