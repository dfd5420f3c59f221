/**
 * User preferences (SPEC §3 User preferences): read from the current user, changed optimistically in the
 * query cache and saved with `PUT /users/current {preferences}` at most once per 3 s (SPEC §7, §9).
 */
import { useCallback } from 'react'
import type { CurrentUser, Preferences } from '../../shared/api/users'
import { PREFERENCE_SAVE_THROTTLE_MS } from '../../shared/constants'
import { api } from '../api/api'
import { currentUserKey, useCurrentUser } from '../api/current-user'
import { queryClient } from '../api/query-client'
import { createThrottledSaver } from './throttled-saver'

const saver = createThrottledSaver<Preferences>(
  (preferences) => api.request('users/current', { method: 'PUT', body: { preferences } }),
  PREFERENCE_SAVE_THROTTLE_MS,
)

export function savePreferences(partial: Partial<Preferences>): void {
  queryClient.setQueryData<CurrentUser>(currentUserKey, (user) =>
    user ? { ...user, preferences: { ...user.preferences, ...partial } as Preferences } : user,
  )
  saver.save(partial)
}

export function usePreferences(): [Preferences | undefined, (partial: Partial<Preferences>) => void] {
  const user = useCurrentUser()
  const set = useCallback((partial: Partial<Preferences>) => savePreferences(partial), [])
  return [user?.preferences, set]
}
