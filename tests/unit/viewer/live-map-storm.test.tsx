// @vitest-environment jsdom
/**
 * A wall in a storm of changes (issue 18 wall-soak: 1,000 state changes a second on a 10,000-item map): a lone
 * change is painted at the next frame, but once more than a hundred deltas came within a second the wall applies
 * them at most once per REPAINT_GAP_MS, every delta still applied. The deltas come through the real feed client.
 */
import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { feed } from '../../../src/app/feed'
import { storeUrlToken } from '../../../src/app/guard/token'
import type { MapStates } from '../../../src/shared/api/maps'
import type { StateDelta } from '../../../src/shared/feed'
import { emptyDocument } from '../../../src/shared/maps'
import { REPAINT_GAP_MS, useLiveMap } from '../../../src/viewer/live/use-live-map'
import { objectState } from './object-state'
import { ServerSocket } from './server-socket'

const states: MapStates = {
  map_id: 5,
  version: 1,
  map_state: 0,
  hosts: [objectState(1, 'up', { hostgroup_id: 3 })],
  resources: [],
  environments: {},
  maps: {},
  bandwidth: {},
  time: 1,
}

const change = (n: number): StateDelta => ({
  kind: 'state',
  object: 'host',
  id: 1,
  host_id: 1,
  hostgroup_id: 3,
  name: 'h1',
  host_name: 'h1',
  state: n % 2 ? 'down' : 'up',
  state_type: 'HARD',
  current_attempt: 1,
  plugin_output: `change ${n}`,
  last_check: n,
  next_check: null,
  last_state_change: n,
  is_flapping: false,
  is_stale: false,
})

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
  })
  storeUrlToken('token-1')
  vi.stubGlobal('fetch', async (input: string) =>
    String(input).endsWith('/api/v1/feed/ticket')
      ? new Response(JSON.stringify({ ticket: 'ticket-1', expires_at: 2_000_000_000 }), { headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404 }),
  )
  vi.stubGlobal('WebSocket', ServerSocket)
})
afterEach(() => {
  feed.stop()
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('a wall in a storm of changes (issue 18)', () => {
  it('paints a lone change at the next frame, and a storm at most once per REPAINT_GAP_MS with every delta applied', async () => {
    const { result } = renderHook(() => useLiveMap(5, emptyDocument(), false, states))
    const live = result.current!
    const applied: { at: number; deltas: number }[] = []
    const apply = live.apply.bind(live)
    vi.spyOn(live, 'apply').mockImplementation((batch) => {
      applied.push({ at: performance.now(), deltas: batch.length })
      return apply(batch)
    })
    // The ticket, the socket's opening and the subscription.
    await vi.waitFor(() => expect(ServerSocket.last?.topics).toContain('environment:3'))

    const lone = performance.now()
    ServerSocket.last!.deliver([change(0)])
    await vi.advanceTimersByTimeAsync(20)
    expect(applied).toEqual([{ at: expect.any(Number), deltas: 1 }])
    expect(applied[0].at - lone).toBeLessThanOrEqual(17)

    // 400 deltas over 800 ms, in messages of 20 every 40 ms, as the server's batches come.
    let n = 1
    for (let message = 0; message < 20; message++) {
      ServerSocket.last!.deliver(Array.from({ length: 20 }, () => change(n++)))
      await vi.advanceTimersByTimeAsync(40)
    }
    await vi.advanceTimersByTimeAsync(REPAINT_GAP_MS + 20)

    expect(applied.reduce((sum, a) => sum + a.deltas, 0)).toBe(401)
    // Past a hundred deltas within the second, applies come at least REPAINT_GAP_MS apart.
    let seen = 0
    const stormApplies = applied.filter((a) => (seen += a.deltas) > 101)
    expect(stormApplies.length).toBeGreaterThanOrEqual(2)
    for (let i = 1; i < stormApplies.length; i++) expect(stormApplies[i].at - stormApplies[i - 1].at).toBeGreaterThanOrEqual(REPAINT_GAP_MS)
    expect(applied.length).toBeLessThan(12)
  })
})
