/**
 * The data of a timeline view (SPEC §2 "Timeline view"): the upcoming panel, one page of the past
 * panel, and auto-refresh on page 1 that fetches the events newer than the highest id seen and stops
 * when a fetch fails. New events also arrive live (the feed): a new id triggers that fetch at once, a
 * known id (a maintenance moving SCHEDULED → STARTED → STOPPED) refreshes its status in place.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EventList, EventsParams, TimelineEvent } from '../../shared/api/events'
import type { EventDelta } from '../../shared/feed'
import { filterParams, highestId, mergeEvents, panelQuery, splitEvents } from './timeline-model'

/** Where a timeline's events come from: the global, host, resource, map, report or admin timeline. */
export interface TimelineSource {
  /** Names the timeline in the query cache, e.g. `['host', 12]`. */
  key: readonly unknown[]
  /** Fixed parameters: the subject (host_id, resource_id, …) and the environment filter. */
  params: EventsParams
  fetchEvents(params: EventsParams, signal?: AbortSignal): Promise<EventList>
  /** Live events of the subject; returns the unsubscribe. Keep it stable (useCallback). */
  subscribe?(onEvent: (delta: EventDelta) => void): () => void
}

export interface UseTimelineOptions {
  source: TimelineSource
  page: number
  pageSize: number
  /** Quick filters switched off. */
  hidden: readonly string[]
  /**
   * SPEC §9 auto-refresh interval in milliseconds, or false while the feed is live and brings the news:
   * what `usePollingWhileOffline` returns, as for a query's refetchInterval.
   */
  pollMs: number | false
  /** Milliseconds now; injectable for tests. */
  now(): number
}

const CLOCK_TICK_MS = 30_000

export function useTimeline({ source, page, pageSize, hidden, pollMs, now }: UseTimelineOptions) {
  const queryClient = useQueryClient()
  const [anchor] = useState(() => Math.floor(now() / 1000))
  const [clock, setClock] = useState(anchor)
  const params = useMemo(() => ({ ...source.params, ...filterParams(hidden) }), [source.params, hidden])
  const keyBase = useMemo(() => ['events', 'timeline', ...source.key, params, anchor], [source.key, params, anchor])
  const fetchRef = useRef(source.fetchEvents)
  fetchRef.current = source.fetchEvents

  const upcoming = useQuery({
    queryKey: [...keyBase, 'upcoming'],
    queryFn: ({ signal }) => fetchRef.current({ ...params, ...panelQuery('upcoming', anchor) }, signal),
  })
  const past = useQuery({
    queryKey: [...keyBase, 'past', page, pageSize],
    queryFn: ({ signal }) => fetchRef.current({ ...params, ...panelQuery('past', anchor, { page, pageSize }) }, signal),
    placeholderData: keepPreviousData,
  })

  // Events fetched by auto-refresh or announced live, newest first; they belong to these parameters only.
  const [arrived, setArrived] = useState<TimelineEvent[]>([])
  const [stopped, setStopped] = useState(false)
  const keyText = JSON.stringify(keyBase)
  useEffect(() => setArrived([]), [keyText])

  const latest = useRef({ page, stopped, arrived, upcoming: upcoming.data?.result, past: past.data?.result, busy: false })
  latest.current = { ...latest.current, page, stopped, arrived, upcoming: upcoming.data?.result, past: past.data?.result }

  const refresh = useCallback(async () => {
    const s = latest.current
    if (s.page !== 1 || s.stopped || s.busy) return
    const minId = highestId(s.arrived, s.upcoming, s.past)
    s.busy = true
    try {
      if (minId === undefined) await queryClient.refetchQueries({ queryKey: keyBase, type: 'active' }, { throwOnError: true })
      else {
        const fresh = await fetchRef.current({ ...params, ...panelQuery('refresh', anchor, { minId }) })
        if (fresh.result.length) setArrived((a) => mergeEvents(fresh.result, a))
      }
      setClock(Math.floor(now() / 1000))
    } catch {
      setStopped(true) // SPEC §2: "If a fetch fails, auto-refresh stops."
    } finally {
      latest.current.busy = false
    }
  }, [queryClient, keyBase, params, anchor, now])
  const refreshRef = useRef(refresh)
  refreshRef.current = refresh

  useEffect(() => {
    if (page !== 1 || pollMs === false || stopped) return
    const timer = setInterval(() => void refreshRef.current(), pollMs)
    return () => clearInterval(timer)
  }, [page, pollMs, stopped])

  // The recent highlight (600 s) and relative times move on without new data.
  useEffect(() => {
    const timer = setInterval(() => setClock(Math.floor(now() / 1000)), CLOCK_TICK_MS)
    return () => clearInterval(timer)
  }, [now])

  const { subscribe } = source
  useEffect(
    () =>
      subscribe?.((delta) => {
        const s = latest.current
        const known = [s.arrived, s.upcoming ?? [], s.past ?? []].some((list) => list.some((e) => e.id === delta.id))
        if (!known) return void refreshRef.current()
        setArrived((a) =>
          a.map((e) => (e.id === delta.id ? { ...e, status: delta.status, state_type: delta.state_type, message: delta.message } : e)),
        )
        void queryClient.invalidateQueries({ queryKey: keyBase })
      }),
    [subscribe, queryClient, keyBase],
  )

  const fresh = splitEvents(arrived, clock)
  const upcomingEvents = splitEvents(mergeEvents(fresh.upcoming, upcoming.data?.result ?? []), clock).upcoming
  const pastRows = past.data?.result ?? []
  return {
    clock,
    anchor,
    upcoming: { events: upcomingEvents, isLoading: upcoming.isPending, isError: upcoming.isError },
    past: {
      events: page === 1 ? mergeEvents(fresh.past, pastRows) : pastRows,
      count: pastRows.length,
      isLoading: past.isPending,
      isError: past.isError,
      limited: past.data?.limited ?? false,
    },
    stopped,
    resume: () => setStopped(false),
  }
}
