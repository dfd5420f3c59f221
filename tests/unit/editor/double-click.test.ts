/** Issue 18: a double click needs both clicks near one spot, as in browsers (Konva's own dblclick checks only the time). */
import { describe, expect, it } from 'vitest'
import { createPressTrail, DOUBLE_CLICK_DISTANCE } from '../../../src/editor/canvas/double-click'

describe('double click', () => {
  it('is two presses and the release near one spot', () => {
    const trail = createPressTrail()
    trail.press({ x: 100, y: 100 })
    expect(trail.isDouble({ x: 100, y: 100 })).toBe(false)
    trail.press({ x: 102, y: 101 })
    expect(trail.isDouble({ x: 101, y: 102 })).toBe(true)
  })

  it('is not two quick clicks at different spots, nor a second press that drags away', () => {
    const trail = createPressTrail()
    trail.press({ x: 100, y: 100 })
    trail.press({ x: 100 + DOUBLE_CLICK_DISTANCE + 1, y: 100 })
    expect(trail.isDouble({ x: 100 + DOUBLE_CLICK_DISTANCE + 1, y: 100 })).toBe(false)
    trail.press({ x: 300, y: 300 })
    trail.press({ x: 300, y: 300 })
    expect(trail.isDouble({ x: 340, y: 300 })).toBe(false)
    // Only the last two presses count.
    trail.press({ x: 300, y: 300 })
    expect(trail.isDouble({ x: 300, y: 300 })).toBe(true)
  })
})
