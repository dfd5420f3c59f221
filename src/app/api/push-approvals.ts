/** The push approvals client (issue 16, SPEC §4 push): the signed-in user's logins waiting for approval, and decisions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './api'
import type { PushDecision } from '../../shared/api/second-factors'

const approvalKeys = { all: ['push-approvals'] as const }

/** Fetched on sign-in and again whenever the feed tells of a request or decision (PushApprovals). */
export const usePushApprovals = () =>
  useQuery({
    queryKey: approvalKeys.all,
    // The schema (with zod) loads with the first fetch, not with the shell's first script (issue 2 shell budget).
    queryFn: async ({ signal }) => {
      const { PushApprovalList } = await import('../../shared/api/second-factors')
      return api.request('users/current/push-approvals', { schema: PushApprovalList, signal })
    },
  })

export const useRefetchPushApprovals = () => {
  const client = useQueryClient()
  return () => void client.invalidateQueries({ queryKey: approvalKeys.all })
}

export const useDecidePush = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PushDecision['decision'] }) =>
      api.request(`users/current/push-approvals/${id}`, { method: 'POST', body: { decision } }),
    onSettled: () => client.invalidateQueries({ queryKey: approvalKeys.all }),
  })
}
