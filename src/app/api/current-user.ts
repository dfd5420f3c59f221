/** The current user (SPEC §7 GET /users/current): user data, allowed modules and preferences. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { CurrentUser } from '../../shared/api/users'
import { api } from './api'
import { earlyOr } from '../early/early'

export const currentUserKey = ['users', 'current'] as const

/** `silent` turns the error handler off: the route guard handles 401 and API-down itself (SPEC §4). */
export function currentUserQuery(silent = false) {
  return queryOptions({
    queryKey: currentUserKey,
    // The first one may already have been asked for at start (main.tsx).
    queryFn: ({ signal }) =>
      earlyOr('users/current', CurrentUser, () =>
        api.request('users/current', { schema: CurrentUser, signal, errorHandlerEnabled: !silent }),
      ),
    staleTime: 60_000,
  })
}

/** The user the route guard loaded; undefined only outside the protected shell. */
export function useCurrentUser(): CurrentUser | undefined {
  return useQuery(currentUserQuery()).data
}
