/** The current user (SPEC §7 GET /users/current): user data, allowed modules and preferences. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CurrentUser } from '../../shared/api/users'
import { api } from './api'
import { earlyOr } from '../early/early'

export const currentUserKey = ['users', 'current'] as const

/**
 * The answer's schema, with zod, is a chunk of its own asked for as the shell starts: every page needs it soon,
 * but not before the shell's first script (issue 2 shell budget).
 */
const currentUserSchema = import('../../shared/api/users').then((m) => m.CurrentUser)

/** `silent` turns the error handler off: the route guard handles 401 and API-down itself (SPEC §4). */
export function currentUserQuery(silent = false) {
  return queryOptions({
    queryKey: currentUserKey,
    // The first one may already have been asked for at start (main.tsx).
    queryFn: async ({ signal }) => {
      const schema = await currentUserSchema
      return earlyOr('users/current', schema, () => api.request('users/current', { schema, signal, errorHandlerEnabled: !silent }))
    },
    staleTime: 60_000,
  })
}

/** The user the route guard loaded; undefined only outside the protected shell. */
export function useCurrentUser(): CurrentUser | undefined {
  return useQuery(currentUserQuery()).data
}
