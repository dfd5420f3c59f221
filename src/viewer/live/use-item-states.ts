/**
 * The live state of each item of a document that is being edited (issue 18 "the editor shows live state as
 * the wall does"): the map's states (GET maps/:id/states), refetched at most every EDITOR_REFRESH_MS while
 * feed deltas of its objects arrive, rolled up over the editor's current document by the shared roll-up.
 * Items bound in the draft to objects the states do not hold yet show nohost until the next publication.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useFeed } from '../../app/feed'
import { queryClient } from '../../app/api'
import { rollupMap, sourcesOf, type ItemState, type MapDocument } from '../../shared/maps'
import { mapKeys, useMapStates } from '../api'
import { environmentIdsOf } from './live-states'

/** At most one refetch of the states per this many ms while editing (the wall patches deltas in place). */
export const EDITOR_REFRESH_MS = 1000

export function useItemStates(mapId: number, doc: MapDocument, useHard: boolean): Readonly<Record<string, ItemState>> | undefined {
  const [states] = useMapStates([mapId], true, true)
  const data = states.data
  const topics = useMemo(() => (data ? [`map:${mapId}`, ...environmentIdsOf(data).map((id) => `environment:${id}`)] : []), [mapId, data])
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  const refreshSoon = () => {
    timer.current ??= setTimeout(() => {
      timer.current = null
      void queryClient.invalidateQueries({ queryKey: mapKeys.states(mapId) })
    }, EDITOR_REFRESH_MS)
  }
  // The server's confirmation of the topics refreshes too: a change before it has no delta.
  useFeed(topics, (delta) => delta.kind !== 'event' && refreshSoon(), refreshSoon)
  return useMemo(() => data && rollupMap(doc, useHard, sourcesOf(data), [mapId]).items, [doc, useHard, data, mapId])
}
