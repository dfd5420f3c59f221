/**
 * Server data of the administration screens (issue 15, STYLE.md "Browser features"): one key factory, the
 * queries of organizations, environments, environment lists, users and audit events, and every write as a
 * mutation that invalidates its keys in one place (`useAdminMutation`).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../app/api'
import { currentUserKey } from '../app/api'
import { EnvironmentRow, OrganizationRow } from '../shared/api/entities'
import { listOf } from '../shared/api/list'
import { EnvironmentListRow, UserRow } from '../shared/api/user-admin'
export type { UserRow } from '../shared/api/user-admin'
import { EventList, type EventsParams } from '../shared/api/events'
import { LIST_LIMIT_MAX } from '../shared/constants'
import type { FilterNode } from '../shared/filter'

export type Organization = z.infer<typeof OrganizationRow>
export type Environment = z.infer<typeof EnvironmentRow>

export const adminKeys = {
  all: ['admin'] as const,
  organizations: () => [...adminKeys.all, 'organizations'] as const,
  environments: (organizationId: number) => [...adminKeys.all, 'environments', organizationId] as const,
  environmentLists: (organizationId: number) => [...adminKeys.all, 'environment-lists', organizationId] as const,
  users: (organizationId: number, params: UserListParams) => [...adminKeys.all, 'users', organizationId, params] as const,
}

const json = (v: unknown) => JSON.stringify(v)
/** An organization's rows, and the filter panel's rules if any. */
const inOrganization = (id: number, rules: FilterNode[] = []) => json([['organization_id', 'equals', String(id)], ...rules])

export function useOrganizations() {
  return useQuery({
    queryKey: adminKeys.organizations(),
    queryFn: ({ signal }) =>
      api
        .request('organizations', { query: { limit: LIST_LIMIT_MAX }, schema: listOf(OrganizationRow), signal })
        .then((r) => r.result as Organization[]),
  })
}

/** The organization a `/admin/{organization}` path names (SPEC §2), by name. */
export function useOrganizationByName(name: string | undefined) {
  const query = useOrganizations()
  return { ...query, organization: query.data?.find((o) => o.name === name) }
}

/** The environments of one organization, or of every visible one (`null`). */
export function useEnvironments(organizationId: number | null | undefined) {
  return useQuery({
    queryKey: adminKeys.environments(organizationId ?? 0),
    enabled: organizationId !== undefined,
    queryFn: ({ signal }) =>
      api
        .request('environments', {
          query: { limit: LIST_LIMIT_MAX, advanced_filter: organizationId ? inOrganization(organizationId) : undefined },
          schema: listOf(EnvironmentRow),
          signal,
        })
        .then((r) => r.result as Environment[]),
  })
}

export function useEnvironmentLists(organizationId: number | undefined) {
  return useQuery({
    queryKey: adminKeys.environmentLists(organizationId ?? 0),
    enabled: organizationId !== undefined,
    queryFn: ({ signal }) =>
      api.request('environment-lists', { query: { organization_id: organizationId }, schema: z.array(EnvironmentListRow), signal }),
  })
}

/** One page of an organization's users (SPEC §7 list protocol); `rules` are the filter panel's (advanced_filter). */
export interface UserListParams {
  order: string | undefined
  limit: number
  offset: number
  rules: FilterNode[]
}

/** An organization's users, a page of them or (the CSV) every one the filter keeps. */
export function fetchUsers(organizationId: number, { order, limit, offset, rules }: UserListParams, signal?: AbortSignal) {
  return api.request('users', {
    query: { order, limit, offset, advanced_filter: inOrganization(organizationId, rules) },
    schema: listOf(UserRow),
    signal,
  }) as Promise<{ result: UserRow[]; totalresults: number }>
}

export function useUsers(organizationId: number | undefined, params: UserListParams) {
  return useQuery({
    queryKey: adminKeys.users(organizationId ?? 0, params),
    enabled: organizationId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchUsers(organizationId!, params, signal),
  })
}

export function fetchAuditEvents(params: EventsParams, signal?: AbortSignal) {
  return api.request('events', { query: { ...params, types: 'audit_log' }, schema: EventList, signal })
}

/** A write of the admin screens: afterwards every admin query and the current user (rights, lists) are read again. */
export function useAdminMutation<V>(write: (vars: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: adminKeys.all }), client.invalidateQueries({ queryKey: currentUserKey })])
    },
  })
}

const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  api.request(path, { method, body, errorHandlerEnabled: false })

/** POST when there is no id, PUT otherwise. */
export const save = (collection: string, id: number | undefined, body: unknown) =>
  id === undefined ? send('POST', collection, body) : send('PUT', `${collection}/${id}`, body)
export const remove = (collection: string, id: number) => send('DELETE', `${collection}/${id}`)
export const setServerAdmin = (id: number, serverAdmin: boolean) => send('PUT', `users/${id}/server_admin`, { server_admin: serverAdmin })
export const unlockUser = (id: number) => send('POST', `users/${id}/unlock`)
/** Issue 16: the user's second factors, backup codes and remembered browsers go. */
export const resetSecondFactors = (id: number) => send('DELETE', `users/${id}/second-factors`)
