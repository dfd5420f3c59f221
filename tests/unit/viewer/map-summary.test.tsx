// @vitest-environment jsdom
/**
 * The canvas' text alternative (issue 7 accessibility): a change after a quiet spell reaches it at once; a busy
 * feed re-reads it at most every 2 s (issue 18 wall-soak: twice a second made some of a busy wall's longest frames).
 */
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadFeatureTexts } from '../../../src/app/i18n'
import { emptyDocument, itemKinds } from '../../../src/shared/maps'
import { LiveStates } from '../../../src/viewer/live/live-states'
import { MapSummary } from '../../../src/viewer/MapSummary'
import { hostDelta, objectState } from './object-state'
import { renderUi } from '../ui/render'

const hostState = (id: number, state = 'down') => hostDelta(id, state, 'HARD', { plugin_output: 'PING CRITICAL' })

function wall() {
  const doc = emptyDocument()
  for (const id of [1, 2, 3])
    doc.items[`i${id}`] = itemKinds.host.defaults({ id: `i${id}`, x: id * 100, y: 0, z: id, host_id: id, name: `h${id}` })
  const states = [1, 2, 3].map((id) => objectState(id, 'up'))
  const live = new LiveStates(5, doc, false, {
    map_id: 5,
    version: 1,
    map_state: 0,
    hosts: states,
    resources: [],
    environments: {},
    maps: {},
    bandwidth: {},
    time: 100,
  })
  renderUi(<MapSummary live={live} hidden labelOf={(id) => `h${id.slice(1)}`} onSelect={() => {}} />)
  return live
}

const listed = () => screen.queryAllByRole('button').map((b) => b.textContent)

describe('MapSummary', () => {
  beforeAll(() => loadFeatureTexts())
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('reads the first change at once, then at most every 2 s', async () => {
    const live = wall()
    expect(screen.getByText('All items are up.')).toBeTruthy()

    act(() => {
      live.apply([hostState(1)])
      vi.advanceTimersByTime(0)
    })
    expect(listed()).toEqual(['h1: down'])

    // A second change soon after waits for the gap to end.
    act(() => {
      vi.advanceTimersByTime(500)
      live.apply([hostState(2)])
      vi.advanceTimersByTime(1000)
    })
    expect(listed()).toEqual(['h1: down'])
    act(() => {
      vi.advanceTimersByTime(500)
    })
    expect(listed()).toEqual(['h1: down', 'h2: down'])

    // After a quiet spell, at once again.
    act(() => {
      vi.advanceTimersByTime(5000)
      live.apply([hostState(3)])
      vi.advanceTimersByTime(0)
    })
    expect(listed()).toEqual(['h1: down', 'h2: down', 'h3: down'])
  })

  it('lists the worst first and counts every state (SPEC §4 severity)', () => {
    const live = wall()
    act(() => {
      live.apply([hostState(1, 'unreachable'), hostState(3, 'down')])
      vi.advanceTimersByTime(0)
    })
    expect(listed()).toEqual(['h3: down', 'h1: unreachable'])
    expect(screen.getByText(/1 up, 2 with problems, 0 without data/)).toBeTruthy()
  })
})
