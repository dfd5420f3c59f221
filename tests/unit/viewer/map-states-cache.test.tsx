// @vitest-environment jsdom
/**
 * Issue 14 "a map's states cached once": the map a wall shows (the viewer's states) and the maps a slideshow's
 * follow alarms watch read one cache entry per map, so one request serves both, and a refresh the feed asks
 * for reaches the map on the wall too.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { feed } from '../../../src/app/feed'
import { queryClient } from '../../../src/app/api/query-client'
import { storeUrlToken } from '../../../src/app/guard/token'
import type { MapInfo, MapStates } from '../../../src/shared/api/maps'
import { useMapStates } from '../../../src/viewer/api'
import { useFollowAlarms } from '../../../src/viewer/pages/slideshows/use-follow-alarms'
import { objectState } from './object-state'

const MAP: MapInfo = {
  id: 5,
  name: 'wall',
  alias: 'Wall',
  description: '',
  tags: [],
  hostgroup_id: 3,
  hostgroup_name: 'prod',
  hostgroup_alias: 'Production',
  environment: 'prod',
  layout: 2,
  use_hard_state: false,
  status: 'live',
  version: 1,
  versions: 1,
  has_unpublished_changes: false,
  resolution: { width: 1920, height: 1080 },
  background: { colour: '#ffffff', image_id: null },
  lock: null,
  locked_by_someone: false,
  allowed_actions: ['write'],
  slideshows: [],
  map_state: 0,
  generated: false,
  created_time: 1,
  updated_time: 1,
}

/** The map's one host, in environment 3: follow alarms listen on that environment's topic. */
const HOST = objectState(11, 'up', { hostgroup_id: 3 })

const statesOf = (map_state: number): MapStates => ({
  map_id: 5,
  version: 1,
  map_state,
  hosts: [HOST],
  resources: [],
  environments: {},
  maps: {},
  bandwidth: {},
  time: 1,
})

/**
 * The feed's socket as the server drives it: opens at once, keeps the topics the page subscribes to, and
 * confirms them when the test says so (the server's `subscribed` message).
 */
class ServerSocket {
  static last: ServerSocket | null = null
  readyState = 0
  topics: string[] = []
  onopen: (() => void) | null = null
  onmessage: ((ev: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor() {
    ServerSocket.last = this
    setTimeout(() => {
      this.readyState = 1
      this.onopen?.()
    })
  }
  send(text: string) {
    const message = JSON.parse(text) as { op: string; topics?: string[] }
    if (message.op === 'subscribe') this.topics.push(...(message.topics ?? []))
  }
  confirm() {
    this.onmessage?.({ data: JSON.stringify({ op: 'subscribed', topics: this.topics }) })
  }
  close() {
    this.readyState = 3
    this.onclose?.()
  }
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

/** The server's map state (SPEC §4 MAP_STATE) and the states requests it answered. */
let mapState: number
let statesRequests: number
beforeEach(() => {
  storeUrlToken('token-1')
  queryClient.clear()
  feed.state.setState({ status: 'closed', lastMessageAt: null })
  mapState = 0
  statesRequests = 0
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input)
    if (url.endsWith('/api/v1/maps/5/states')) {
      statesRequests++
      return json(statesOf(mapState))
    }
    if (url.includes('/api/v1/maps?')) return json({ result: [MAP], totalresults: 1 })
    if (url.endsWith('/api/v1/feed/ticket')) return json({ ticket: 'ticket-1', expires_at: 2_000_000_000 })
    return new Response('{}', { status: 404 })
  })
  vi.stubGlobal('WebSocket', ServerSocket)
  ServerSocket.last = null
})
afterEach(() => {
  feed.stop()
  cleanup()
  vi.unstubAllGlobals()
})

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>

/** A slideshow wall: the map shown (MapView's states) and follow alarms over the slideshow's maps. */
function renderWall(onStates = vi.fn()) {
  return renderHook(
    () => {
      useFollowAlarms([5], true, onStates)
      return useMapStates([5], true)[0]
    },
    { wrapper },
  )
}

describe("a map's states, one cache entry for every screen (issue 14)", () => {
  it('asks the server once for the map on the wall and for follow alarms', async () => {
    const onStates = vi.fn()
    const wall = renderWall(onStates)
    await waitFor(() => expect(wall.result.current.data?.map_state).toBe(0))
    await waitFor(() => expect(onStates).toHaveBeenCalled())
    expect(statesRequests).toBe(1)
  })

  it("shows the new map state on the wall once the server confirms follow alarms' topic (a change it sent no delta of)", async () => {
    const wall = renderWall()
    await waitFor(() => expect(wall.result.current.data?.map_state).toBe(0))
    await waitFor(() => expect(ServerSocket.last?.topics).toEqual(['environment:3']))
    mapState = 2
    act(() => ServerSocket.last!.confirm())
    await waitFor(() => expect(wall.result.current.data?.map_state).toBe(2), { timeout: 3000 })
    expect(statesRequests).toBe(2)
  })
})
