// @vitest-environment jsdom
/**
 * SPEC §9 "Resize re-layout debounce 100 ms": a graph whose box is being resized lays itself out again once the
 * size has settled for 100 ms, not at every step of the drag.
 */
import { act, cleanup } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Graph } from '../../../../src/ui/graph/Graph'
import { renderUi } from '../render'

let notify: () => void = () => {}
class StepObserver {
  constructor(callback: () => void) {
    notify = callback
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('ResizeObserver', StepObserver)
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const boxWidth = (px: number) => vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(px)
const drawnWidth = (container: HTMLElement) => container.querySelector('svg')!.getAttribute('width')

describe('graph re-layout on resize (SPEC §9)', () => {
  it('lays out again once, 100 ms after the last size change', () => {
    boxWidth(800)
    const { container } = renderUi(
      <Graph label="load" unit="" series={[]} step={60} start={0} end={3600} warn={[]} crit={[]} readout={() => ''} />,
    )
    expect(drawnWidth(container)).toBe('800')
    for (const px of [900, 1000, 1100]) {
      boxWidth(px)
      act(() => notify())
      act(() => vi.advanceTimersByTime(50))
    }
    // Still dragging: the last step was 50 ms ago.
    expect(drawnWidth(container)).toBe('800')
    act(() => vi.advanceTimersByTime(50))
    expect(drawnWidth(container)).toBe('1100')
  })
})
