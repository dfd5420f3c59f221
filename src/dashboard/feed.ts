/**
 * The dashboard live through the feed (DESIGN.md "The way data flows" 3): a state, action or event delta of an
 * environment on screen refreshes the widgets' data, at most once per LIVE_REFRESH_MS; while the feed is down the
 * widgets poll at SPEC §9's dashboard interval instead (api.ts). When the server confirms a subscription (the
 * first, and after every reconnect) the widgets refresh too: a change between their first fetch and that moment,
 * or while the feed was away, has no delta.
 */
import { useFeed } from '../app/feed'
import { queryClient } from '../app/api'
import { dashboardKeys } from './api'

/** At most one refresh per this many ms while deltas keep coming (as the monitoring tables). */
const LIVE_REFRESH_MS = 1000

let timer: ReturnType<typeof setTimeout> | null = null

function refreshSoon() {
  timer ??= setTimeout(() => {
    timer = null
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.live() })
  }, LIVE_REFRESH_MS)
}

export function useDashboardFeed(environmentIds: readonly number[]) {
  useFeed(
    environmentIds.map((id) => `environment:${id}`),
    refreshSoon,
    refreshSoon,
  )
}
