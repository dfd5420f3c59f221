/**
 * Wires one map's LiveStates to the feed (DESIGN.md "The way data flows" 3): deltas of the `map:<id>` topic (its
 * objects, its environment items' environments and its nested maps; server/feed/map-topics.ts) are applied together
 * once per animation frame, and in a storm at most four times a second (delta-pacer.ts); what a delta cannot tell
 * (environment roll-ups, bandwidth values) comes from a throttled refetch of the states. Polling at the SPEC §9
 * map interval while the feed is down is the states query's own.
 * A map event of the map (published, archived, …) refetches its info, so a new live version loads on an open
 * wall (the document query is keyed by version); a reconnected feed refetches everything shown, and the server's
 * confirmation of the topics refetches the states (what changed before it has no delta).
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useFeed, useFeedReconnect } from '../../app/feed'
import { queryClient } from '../../app/api'
import type { MapStates } from '../../shared/api/maps'
import type { EventDelta, FeedDelta } from '../../shared/feed'
import type { MapDocument } from '../../shared/maps'
import { mapKeys } from '../api'
import { LiveStates } from './live-states'
import { deltaPacer } from './delta-pacer'

/** At most one refetch of the states per this many ms while deltas keep asking for one. */
export const STATES_REFETCH_MS = 5000

export function useLiveMap(
  mapId: number,
  doc: MapDocument | undefined,
  useHard: boolean,
  states: MapStates | undefined,
): LiveStates | null {
  const first = useRef<MapStates | undefined>(undefined)
  const ready = !!doc && !!states
  const live = useMemo(() => {
    if (!doc || !states) return null
    first.current = states
    return new LiveStates(mapId, doc, useHard, states)
    // A new LiveStates only for a new document or map; new states are patched in by reset() below.
  }, [mapId, doc, useHard, ready])

  useEffect(() => {
    if (live && states && states !== first.current) live.reset(states)
  }, [live, states])

  // Deltas are applied to the LiveStates of the moment: `apply` is the latest render's.
  const apply = useRef<(batch: FeedDelta[]) => void>(() => {})
  const [pacer] = useState(() => deltaPacer<FeedDelta>((batch) => apply.current(batch)))
  const lastRefetch = useRef(0)
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      pacer.cancel()
      if (refetchTimer.current) clearTimeout(refetchTimer.current)
    },
    [pacer],
  )

  // After an outage or a server restart the deltas of the meantime are lost: catch up on map and states.
  useFeedReconnect(() => refreshMap(mapId, true))

  // The map's own topic only: its environments' topics would also bring every timeline event and every unbound
  // object of them (at 1,000 changes a second, 43 % of a wall's feed was events it dropped; issue 18 wall-soak).
  const topics = useMemo(() => (live ? [`map:${mapId}`] : []), [live, mapId])
  /** One refetch of the states, at most every STATES_REFETCH_MS, however many deltas or confirmations ask. */
  const refetchStates = () => {
    if (refetchTimer.current) return
    const wait = Math.max(0, lastRefetch.current + STATES_REFETCH_MS - Date.now())
    refetchTimer.current = setTimeout(() => {
      refetchTimer.current = null
      lastRefetch.current = Date.now()
      void queryClient.invalidateQueries({ queryKey: mapKeys.states(mapId) })
    }, wait)
  }
  apply.current = (batch) => {
    if (!live) return
    const start = performance.now()
    const { refetch } = live.apply(batch)
    // Applying and repainting, as a User Timing measure: a PerformanceObserver (the map benchmarks) sees
    // it, and clearing it at once keeps a wall that runs for weeks from filling the timing buffer.
    performance.measure('vigil:map-update', { start })
    performance.clearMeasures('vigil:map-update')
    if (refetch) refetchStates()
  }
  useFeed(
    topics,
    (delta) => {
      if (!live) return
      if (delta.kind === 'event') {
        const refresh = mapEventRefresh(delta, mapId, live)
        if (refresh) refreshMap(mapId, refresh === 'map')
        return
      }
      pacer.push(delta)
    },
    // The topics come from the states answer: a change between it and the server's confirmation has no delta.
    refetchStates,
  )
  return live
}

/**
 * What a timeline event asks of the viewer of map `mapId` (SPEC §3 Map events): one of this map (a new
 * version published, archived, recovered, renamed…) → its info and states (`map`); one of a map nested in it
 * → the states, whose roll-up includes the nested map's document (`states`); anything else → nothing.
 */
export function mapEventRefresh(delta: EventDelta, mapId: number, live: Pick<LiveStates, 'nestedNames'>): 'map' | 'states' | null {
  if (delta.type !== 'map' || typeof delta.map_id !== 'number') return null
  if (delta.map_id === mapId) return 'map'
  return live.nestedNames.has(delta.map_id) ? 'states' : null
}

/** Refetches the map's states and, with `info`, its info (a new live version brings its document). */
function refreshMap(mapId: number, info: boolean) {
  if (info) void queryClient.invalidateQueries({ queryKey: mapKeys.info(mapId) })
  void queryClient.invalidateQueries({ queryKey: mapKeys.states(mapId) })
}
