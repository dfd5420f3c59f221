/**
 * Server data of network discovery (issue 15): one key factory, the sweep polled while it runs, and the
 * writes (start, cancel, add the chosen proposals) as mutations. Their refusals are shown beside the form
 * that sent them, so the global error handler stays out of it.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { api, queryClient } from '../../app/api'
import { DiscoveryAdded, DiscoveryJob, type DiscoveryAdd, type DiscoveryStart } from '../../shared/api/discovery'
import { invalidate as invalidateHosts } from '../hosts/api'

export const discoveryKeys = {
  all: ['admin', 'discovery'] as const,
  job: (id: string) => [...discoveryKeys.all, id] as const,
}

// Progress is read by polling (issue 15 "Progress shown while it runs"); a sweep of a /24 takes seconds.
const POLL_MS = 1000

export function useDiscovery(id: string | null) {
  return useQuery({
    queryKey: discoveryKeys.job(id ?? ''),
    queryFn: ({ signal }) => api.request(`discovery/${id}`, { schema: DiscoveryJob, signal, errorHandlerEnabled: false }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_MS : false),
  })
}

const silent = { errorHandlerEnabled: false } as const

export const useStartDiscovery = () =>
  useMutation({
    mutationFn: (body: DiscoveryStart) => api.request('discovery', { method: 'POST', body, schema: DiscoveryJob, ...silent }),
    onSuccess: (job) => queryClient.setQueryData(discoveryKeys.job(job.id), job),
  })

export const useCancelDiscovery = () =>
  useMutation({
    mutationFn: (id: string) => api.request(`discovery/${id}`, { method: 'DELETE', ...silent }),
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: discoveryKeys.job(id) }),
  })

export const useAddDiscovered = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: DiscoveryAdd }) =>
      api.request(`discovery/${id}/hosts`, { method: 'POST', body, schema: DiscoveryAdded, ...silent }),
    onSuccess: invalidateHosts,
  })
