/**
 * Issue 18 "as fluent as draw.io": a dragged or resized box snaps to other items' edges and centre lines within
 * the tolerance (with the shared lines as guides), else to the grid, else to whole pixels; a resized box
 * settles on whole grid sizes.
 */
import { describe, expect, it } from 'vitest'
import { alignLines, alignMove, settleBox, snapValue } from '../../../src/editor/model/guides'

const other = { x: 100, y: 70, w: 80, h: 40 }
const lines = alignLines([other])

describe('alignment guides', () => {
  it('moves a box onto another item’s edge when within the tolerance, with a guide spanning both', () => {
    const box = { x: 300, y: 200, w: 50, h: 50 }
    const d = alignMove(box, 7.3, -128, lines, 4, 16)
    // Top 72 is 2 from the other's top (70): the guide wins; x has no line near, so the grid decides (304).
    expect([d.dx, d.dy]).toEqual([4, -130])
    expect(d.guides).toEqual([{ axis: 'y', at: 70, from: 100, to: 354 }])
  })

  it('uses the grid, or whole pixels without snapping, when no line is near', () => {
    const box = { x: 300, y: 300, w: 50, h: 50 }
    expect(alignMove(box, 7.3, 9.6, lines, 4, 16)).toMatchObject({ dx: 4, dy: 4, guides: [] })
    expect(alignMove(box, 7.3, 9.6, lines, 4, null)).toMatchObject({ dx: 7, dy: 10, guides: [] })
    expect(snapValue(141.5, lines.x, 4, 16)).toBe(140)
    expect(snapValue(150.2, lines.x, 4, 16)).toBe(144)
  })

  it('settles a resized box on whole grid sizes, keeping an edge that sits on another item’s line', () => {
    const resized = { x: 431.99999999, y: 70.0000001, w: 911.9999999999991, h: 121.7, rotation: 0 }
    expect(settleBox(resized, lines, 16, null)).toEqual({ x: 432, y: 70, w: 912, h: 122, rotation: 0 })
    expect(settleBox({ ...resized, x: 433.2 }, lines, null, 0.5)).toEqual({ x: 433, y: 70, w: 912, h: 456, rotation: 0 })
  })
})
