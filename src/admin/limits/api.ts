/**
 * Server data of the limits screen (issue 15 Limits; contract in src/shared/api/quotas.ts): an organization's quotas
 * and allowed targets, read by whoever sees it, written by server admins as mutations that refresh both.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import type { ZodType } from 'zod'
import { api, queryClient } from '../../app/api'
import { AllowedTargets, Quotas, type QuotasUpdate } from '../../shared/api/quotas'

export const limitKeys = {
  all: ['admin', 'limits'] as const,
  quotas: (organizationId: number) => [...limitKeys.all, 'quotas', organizationId] as const,
  allowedTargets: (organizationId: number) => [...limitKeys.all, 'allowed-targets', organizationId] as const,
}

const url = (organizationId: number, rest: string) => `organizations/${organizationId}/${rest}`

export const useQuotas = (organizationId: number) =>
  useQuery({
    queryKey: limitKeys.quotas(organizationId),
    queryFn: ({ signal }) => api.request(url(organizationId, 'quotas'), { schema: Quotas, signal }),
  })

export const useAllowedTargets = (organizationId: number) =>
  useQuery({
    queryKey: limitKeys.allowedTargets(organizationId),
    queryFn: ({ signal }) => api.request(url(organizationId, 'allowed-targets'), { schema: AllowedTargets, signal }),
  })

const useLimitsWrite = <A, R>(write: (args: A) => Promise<R>) =>
  useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: limitKeys.all }) })

// Refusals are shown beside the form (FormFooter), not also as the error handler's message.
const put = <T>(path: string, body: unknown, schema: ZodType<T>) =>
  api.request(path, { method: 'PUT', body, schema, errorHandlerEnabled: false })

/** PUT quotas with the changed fields only: the others keep following the defaults. */
export const useSaveQuotas = (organizationId: number) =>
  useLimitsWrite((body: QuotasUpdate) => put(url(organizationId, 'quotas'), body, Quotas))

export const useSaveAllowedTargets = (organizationId: number) =>
  useLimitsWrite((body: AllowedTargets) => put(url(organizationId, 'allowed-targets'), body, AllowedTargets))
