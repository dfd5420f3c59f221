// @vitest-environment jsdom
/**
 * What keeps an open viewer or wall current beyond state deltas (issue 7 "reconnects by itself after network
 * loss or server restart"; SPEC §3 Map events): a newly published version of the map, a change of a map
 * nested in it, and a feed that comes back after an outage each refetch what the viewer shows.
 */
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { feed, useFeedReconnect } from '../../../src/app/feed/feed'
import { queryClient } from '../../../src/app/api/query-client'
import type { MapStates } from '../../../src/shared/api/maps'
import type { EventDelta } from '../../../src/shared/feed'
import { emptyDocument } from '../../../src/shared/maps'
import { mapKeys } from '../../../src/viewer/api'
import { mapEventRefresh, useLiveMap } from '../../../src/viewer/live/use-live-map'

const event = (over: Partial<EventDelta>): EventDelta => ({
  kind: 'event',
  id: 1,
  type: 'map',
  event_class: 'map_event',
  hostgroup_id: 1,
  host_id: null,
  resource_id: null,
  subject_name: 'Wall',
  host_name: '',
  display_time: 1,
  status: 'published',
  state_type: '',
  message: 'Map Wall published (version 2)',
  map_id: 5,
  ...over,
})

const statesOf = (): MapStates => ({
  map_id: 5,
  version: 1,
  map_state: 0,
  hosts: [],
  resources: [],
  environments: {},
  maps: {},
  bandwidth: {},
  time: 1,
})

/** The feed as the socket moves it: first connection, outage, back. */
const feedIs = (status: 'connecting' | 'open' | 'closed') =>
  act(() => feed.state.setState(status === 'open' ? { status, lastMessageAt: Date.now() } : { status }))

beforeEach(() => feed.state.setState({ status: 'closed', lastMessageAt: null }))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('map events reaching an open viewer (SPEC §3 Map events)', () => {
  const nested = { nestedNames: new Map([[8, { name: 'inner', hostgroup_name: 'env' }]]) }

  it('refetches the map (info and states) when this map is published, archived, recovered or edited', () => {
    for (const status of ['published', 'archived', 'recovered', 'edited']) expect(mapEventRefresh(event({ status }), 5, nested)).toBe('map')
  })

  it('refetches only the states when a map nested in it changes, and nothing for other maps or other events', () => {
    expect(mapEventRefresh(event({ map_id: 8 }), 5, nested)).toBe('states')
    expect(mapEventRefresh(event({ map_id: 9 }), 5, nested)).toBeNull()
    expect(mapEventRefresh(event({ type: 'state_change', map_id: null }), 5, nested)).toBeNull()
  })
})

describe('catching up after the feed reconnects (issue 7)', () => {
  it('calls back when the feed is open again after an outage, not on the first connection nor on messages', () => {
    const onReconnect = vi.fn()
    renderHook(() => useFeedReconnect(onReconnect))
    feedIs('connecting')
    feedIs('open')
    act(() => feed.state.setState({ lastMessageAt: Date.now() }))
    expect(onReconnect).not.toHaveBeenCalled()
    // Network loss: the client retries (connecting, closed, connecting…) and gets through once.
    feedIs('closed')
    feedIs('connecting')
    feedIs('closed')
    feedIs('connecting')
    feedIs('open')
    expect(onReconnect).toHaveBeenCalledTimes(1)
    feedIs('closed')
    feedIs('open')
    expect(onReconnect).toHaveBeenCalledTimes(2)
  })

  it('calls back for a screen opened during an outage of a session that was live', () => {
    feedIs('open')
    feedIs('closed')
    const onReconnect = vi.fn()
    renderHook(() => useFeedReconnect(onReconnect))
    feedIs('open')
    expect(onReconnect).toHaveBeenCalledTimes(1)
  })

  it('stops listening when the screen closes', () => {
    feedIs('open')
    const onReconnect = vi.fn()
    const { unmount } = renderHook(() => useFeedReconnect(onReconnect))
    unmount()
    feedIs('closed')
    feedIs('open')
    expect(onReconnect).not.toHaveBeenCalled()
  })

  it('makes a viewer refetch its map info and states once the feed is back, so the freshness indicator tells the truth', () => {
    feedIs('open')
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue()
    const doc = emptyDocument()
    const states = statesOf()
    renderHook(() => useLiveMap(5, doc, false, states))
    feedIs('closed')
    expect(invalidate).not.toHaveBeenCalled()
    feedIs('open')
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey)
    expect(keys).toEqual(expect.arrayContaining([mapKeys.info(5), mapKeys.states(5)]))
  })
})
