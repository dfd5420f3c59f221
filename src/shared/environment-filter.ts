/** The environment filter (SPEC §3 preferences.environmentFilter) as ids, for the monitoring screens and the dashboard. */
import type { CurrentUser } from './api/users'

/** SPEC §3 preferences.environmentFilter: environment ids and `group-{id}` lists, as environment ids. */
export function environmentFilterIds(user: CurrentUser | undefined): number[] {
  const ids = new Set<number>()
  for (const entry of user?.preferences.environmentFilter ?? []) {
    if (typeof entry === 'number') ids.add(entry)
    else for (const id of user?.allowed_environment_lists.find((l) => `group-${l.id}` === entry)?.environment_ids ?? []) ids.add(id)
  }
  return [...ids].sort((a, b) => a - b)
}
