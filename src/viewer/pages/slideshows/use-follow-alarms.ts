/**
 * Feeds issue 7's follow alarms: the live states of every map of a slideshow, refetched when a delta about
 * one of their hosts (or the hosts' resources) arrives, turned into one `states` event for the rotation.
 * It listens on the environments of the maps' objects: few topics even for big maps, and each delta says
 * its host, so only the maps showing that host refetch (at most once a second each); all of them refetch when
 * the server confirms the topics (the first time, and after every outage): a change between their first fetch
 * and that moment, or while the feed was away, has no delta.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useFeed } from '../../../app/feed'
import { queryClient } from '../../../app/api'
import type { MapStates } from '../../../shared/api/maps'
import { alarmOf, type MapAlarm } from './rotation'
import { mapKeys, useMapStates } from '../../api'
import { useHardStateFlags } from './api'

const REFETCH_GAP_MS = 1000

export function useFollowAlarms(mapIds: readonly number[], enabled: boolean, onStates: (states: Record<number, MapAlarm>) => void) {
  const flags = useHardStateFlags(mapIds, enabled)
  const results = useMapStates(mapIds, enabled && flags.isSuccess, true)
  // The query results are new arrays on every render; their update times say when something changed.
  const updated = results.map((r) => r.dataUpdatedAt).join(',')
  const data = useMemo(() => results.map((r) => r.data), [updated])
  // Stable while the slideshow's maps stay the same, whatever array the caller passes.
  const key = mapIds.join(',')

  const { topics, mapsOfHost } = useMemo(() => watched(key, data), [key, data])
  const pending = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  useEffect(() => () => pending.current.forEach(clearTimeout), [])
  const refetchSoon = (id: number) => {
    if (pending.current.has(id)) return
    pending.current.set(
      id,
      setTimeout(() => {
        pending.current.delete(id)
        void queryClient.invalidateQueries({ queryKey: mapKeys.states(id) })
      }, REFETCH_GAP_MS),
    )
  }
  useFeed(
    enabled ? topics : [],
    (delta) => {
      for (const id of (delta.host_id !== null && mapsOfHost.get(delta.host_id)) || []) refetchSoon(id)
    },
    // A map that turned worse before the confirmation must still raise its alarm.
    () => mapIds.forEach((id) => refetchSoon(id)),
  )

  const states = useMemo(() => {
    const out: Record<number, MapAlarm> = {}
    data.forEach((d, i) => {
      const id = Number(key.split(',')[i])
      if (d) out[id] = alarmOf(d, flags.data?.get(id) ?? false)
    })
    return out
  }, [data, flags.data, key])
  useEffect(() => {
    if (enabled && Object.keys(states).length) onStates(states)
  }, [states, enabled])
}

/** The environment topics to listen on and, per host id, the maps that show it or its resources. */
function watched(key: string, data: readonly (MapStates | undefined)[]) {
  const mapIds = key.split(',').map(Number)
  const environments = new Set<number>()
  const mapsOfHost = new Map<number, number[]>()
  data.forEach((d, i) => {
    for (const o of [...(d?.hosts ?? []), ...(d?.resources ?? [])]) {
      environments.add(o.hostgroup_id)
      const maps = mapsOfHost.get(o.host_id) ?? []
      if (!maps.includes(mapIds[i])) mapsOfHost.set(o.host_id, [...maps, mapIds[i]])
    }
  })
  return { topics: [...environments].sort((a, b) => a - b).map((id) => `environment:${id}`), mapsOfHost }
}
