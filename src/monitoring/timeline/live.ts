/** New timeline events from the live feed (DESIGN.md "The way data flows" 3), for the Timeline's `subscribe`. */
import { useCallback } from 'react'
import { feed } from '../../app/feed'
import type { EventDelta } from '../../shared/feed'

/** A stable subscribe function for `topics` (environment:<id>, host:<id>); only event deltas pass. */
export function useLiveEvents(topics: readonly string[]) {
  const key = topics.join(',')
  return useCallback(
    (onEvent: (delta: EventDelta) => void) => {
      feed.start()
      // One listener for every topic: the feed client hands a delta once per listener, even when it
      // belongs to several subscribed topics (its environment and its host).
      const listener = (delta: Parameters<Parameters<typeof feed.subscribe>[1]>[0]) => {
        if (delta.kind === 'event') onEvent(delta)
      }
      const offs = key
        .split(',')
        .filter(Boolean)
        .map((topic) => feed.subscribe(topic, listener))
      return () => offs.forEach((off) => off())
    },
    [key],
  )
}
