/** SPEC §9 touch gestures on narrow screens. */
import { describe, expect, it } from 'vitest'
import { gestureOf } from '../../../../src/app/input/gestures'

const touch = (
  startX: number,
  startY: number,
  endX: number,
  endY: number,
  more: Partial<{ scrollTop: number; viewportWidth: number }> = {},
) => gestureOf({ startX, startY, endX, endY, scrollTop: 0, viewportWidth: 400, ...more })

describe('touch gestures (SPEC §9)', () => {
  it('opens the menu with a swipe right of at least 80 px starting within 100 px of the left edge', () => {
    expect(touch(90, 300, 180, 310)).toBe('open-menu')
    expect(touch(110, 300, 250, 300)).toBeNull()
    expect(touch(10, 300, 80, 300)).toBeNull()
  })

  it('closes it with a swipe left starting within 150 px of the right edge', () => {
    expect(touch(260, 300, 170, 300)).toBe('close-menu')
    expect(touch(240, 300, 100, 300)).toBeNull()
  })

  it('reloads on a pull down over 50 px from the top of the page only', () => {
    expect(touch(200, 100, 205, 160)).toBe('reload')
    expect(touch(200, 100, 200, 140)).toBeNull()
    expect(touch(200, 100, 200, 200, { scrollTop: 300 })).toBeNull()
  })

  it('does nothing on screens wider than 480 px', () => {
    expect(touch(10, 300, 200, 300, { viewportWidth: 1024 })).toBeNull()
  })
})
