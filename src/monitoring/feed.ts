/**
 * How feed deltas patch the monitoring caches (DESIGN.md "The way data flows" 3, STYLE.md "Browser
 * features"): a state or action delta changes its row in place in every table page and subject it is in,
 * so rows update without a reload, a flicker or losing the open expanded row. What a patch cannot know
 * (a new problem, a row leaving a filter, counts, order) comes from one throttled background refresh of
 * the tables, which keeps showing the current rows until the new ones arrive.
 */
import { useEffect, useRef } from 'react'
import { useFeed, usePollingWhileOffline } from '../app/feed'
import { queryClient } from '../app/api'
import type { RefreshKind } from '../app/preferences'
import type { ActionDelta, FeedDelta, StateDelta } from '../shared/feed'
import { isRowsQuery, monitoringKeys, refreshTables, type RefreshScope } from './api'
import type { MonitoredRow, PageData } from './model'
import { isLive, uiStore, useMonitoringUi } from './state'

export type RowDelta = StateDelta | ActionDelta

/** At most one background refresh of the tables per this many ms while deltas keep coming. */
export const LIVE_REFRESH_MS = 2000
/**
 * Deltas are applied together once per this many ms: a busy feed (hundreds of changes a second) then
 * re-renders a table a few times a second instead of once per delta, and the screen stays responsive.
 */
export const PATCH_BATCH_MS = 200

const isRowOf = (row: MonitoredRow, d: RowDelta) => row.id === d.id && (row.monitoring_type === 'host') === (d.object === 'host')

/** The row with the delta's fields (SPEC §3 names); `row` itself when the delta is about another object. */
export function patchRow<R extends MonitoredRow>(row: R, d: RowDelta): R {
  if (!isRowOf(row, d)) return row
  if (d.kind === 'state') {
    return {
      ...row,
      state: d.state,
      state_type: d.state_type,
      plugin_output: d.plugin_output,
      last_check: d.last_check,
      next_check: d.next_check,
      last_state_change: d.last_state_change ?? row.last_state_change,
      is_flapping: d.is_flapping,
      is_stale: d.is_stale,
    }
  }
  const depth =
    row.monitoring_type === 'host'
      ? { max_scheduled_downtime_depth: d.scheduled_downtime_depth }
      : { scheduled_downtime_depth: d.scheduled_downtime_depth }
  return { ...row, acknowledged: d.acknowledged, tickets: d.tickets, ...depth }
}

export interface PagePatch {
  data: PageData
  /** The delta's row is on this page. */
  found: boolean
  /** …and its state changed, so it may leave the page's filter or move. */
  stateChanged: boolean
}

/** Patches a page in place; the same `data` object when the row is not on it (no re-render). */
export function patchPage(data: PageData, d: RowDelta): PagePatch {
  const index = data.result.findIndex((row) => isRowOf(row, d))
  if (index < 0) return { data, found: false, stateChanged: false }
  const before = data.result[index]
  const result = [...data.result]
  result[index] = patchRow(before, d)
  return { data: { ...data, result }, found: true, stateChanged: d.kind === 'state' && before.state !== d.state }
}

/** Patches a page with several deltas in order; per delta, whether it found its row and changed its state. */
export function patchPageWith(data: PageData, deltas: readonly RowDelta[]): { data: PageData; outcomes: PagePatch[] } {
  const outcomes: PagePatch[] = []
  let current = data
  for (const d of deltas) {
    const patched = patchPage(current, d)
    outcomes.push(patched)
    current = patched.data
  }
  return { data: current, outcomes }
}

/** A result whose check changed the state (the engine sets last_state_change to the check's time then). */
export const changedState = (d: StateDelta) => d.last_state_change !== null && d.last_check !== null && d.last_state_change >= d.last_check

/**
 * Whether the tables need a refresh after patching: an action can move a row in or out of the unhandled
 * filters; a state change can move rows between segments, filters and counts.
 */
export function needsRefresh(d: RowDelta, outcome: { found: boolean; stateChanged: boolean }): boolean {
  if (d.kind === 'action') return true
  return outcome.found ? outcome.stateChanged : changedState(d)
}

/** A resource's state change alters resource rows and counts (and the hosts' resource counts) only. */
export const refreshScopeOf = (d: RowDelta): RefreshScope => (d.kind === 'state' && d.object === 'resource' ? 'resources' : 'all')

let refreshTimer: ReturnType<typeof setTimeout> | null = null
let lastRefresh = 0
let pendingScope: RefreshScope | null = null

/** Asks for a refresh at most once per LIVE_REFRESH_MS; the scopes asked meanwhile add up (`all` wins). */
function scheduleRefresh(scope: RefreshScope) {
  pendingScope = pendingScope === 'all' || scope === 'all' ? 'all' : 'resources'
  if (refreshTimer) return
  refreshTimer = setTimeout(
    () => {
      refreshTimer = null
      lastRefresh = Date.now()
      const scope = pendingScope ?? 'all'
      pendingScope = null
      void refreshTables(scope)
    },
    Math.max(0, lastRefresh + LIVE_REFRESH_MS - Date.now()),
  )
}

/** Applies deltas to every cached table page and subject, in one cache update per query. */
export function applyDeltas(deltas: readonly RowDelta[]): void {
  const outcomes = deltas.map(() => ({ found: false, stateChanged: false }))
  queryClient.setQueriesData<PageData>({ queryKey: monitoringKeys.tables(), predicate: isRowsQuery }, (data) => {
    if (!data) return data
    const patched = patchPageWith(data, deltas)
    patched.outcomes.forEach((o, i) => {
      outcomes[i].found ||= o.found
      outcomes[i].stateChanged ||= o.stateChanged
    })
    return patched.data
  })
  queryClient.setQueriesData<MonitoredRow>({ queryKey: monitoringKeys.subjects() }, (row) =>
    row ? deltas.reduce((r, d) => patchRow(r, d), row) : row,
  )
  deltas.forEach((d, i) => needsRefresh(d, outcomes[i]) && scheduleRefresh(refreshScopeOf(d)))
}

const pending: RowDelta[] = []
let batchTimer: ReturnType<typeof setTimeout> | null = null

function enqueue(d: RowDelta) {
  pending.push(d)
  batchTimer ??= setTimeout(() => {
    batchTimer = null
    applyDeltas(pending.splice(0))
  }, PATCH_BATCH_MS)
}

/**
 * Follows the feed of the environments on screen while mounted. While auto-refresh is paused (p, multi-select)
 * deltas wait; when it resumes the tables are refreshed once, so nothing missed stays wrong.
 */
export function useMonitoringFeed(environmentIds: readonly number[]): void {
  const live = useMonitoringUi(isLive)
  const missed = useRef(false)
  useFeed(
    environmentIds.map((id) => `environment:${id}`),
    (delta: FeedDelta) => {
      if (delta.kind === 'event') return
      if (!isLive(uiStore.getState())) {
        missed.current = true
        return
      }
      enqueue(delta)
    },
    // A change between the tables' first fetch and the subscription, or while the feed was away, has no delta.
    () => {
      if (isLive(uiStore.getState())) scheduleRefresh('all')
      else missed.current = true
    },
  )
  useEffect(() => {
    if (live && missed.current) {
      missed.current = false
      void refreshTables()
    }
  }, [live])
}

/** SPEC §9 auto-refresh as the fallback: tables poll (default 30 s) only while live and the feed is down. */
export function useTableRefetchInterval(kind: RefreshKind = 'default'): number | false {
  const poll = usePollingWhileOffline(kind)
  return useMonitoringUi(isLive) ? poll : false
}
