/** The client of /probes (issue 20): probes in customer networks, for server admins. Writes invalidate the admin keys. */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../app/api'
import { adminKeys, useAdminMutation } from '../api'
import { ProbeCreated, ProbeList, type ProbeBody } from '../../shared/api/probes'

export const probeKeys = { list: () => [...adminKeys.all, 'probes'] as const }

/** Read again every 10 s: last contact, lag and load change while the screen is open. */
export function useProbes() {
  return useQuery({
    queryKey: probeKeys.list(),
    queryFn: ({ signal }) => api.request('probes', { schema: ProbeList, signal }).then((r) => r.result),
    refetchInterval: 10_000,
  })
}

export const useCreateProbe = () =>
  useAdminMutation((body: ProbeBody) => api.request('probes', { method: 'POST', body, schema: ProbeCreated, errorHandlerEnabled: false }))

export const useAssignProbe = () =>
  useAdminMutation(({ id, environmentIds }: { id: number; environmentIds: number[] }) =>
    api.request(`probes/${id}/environments`, { method: 'PUT', body: { environment_ids: environmentIds }, errorHandlerEnabled: false }),
  )

export const useRevokeProbe = () =>
  useAdminMutation((id: number) => api.request(`probes/${id}`, { method: 'DELETE', errorHandlerEnabled: false }))
