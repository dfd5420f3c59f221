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
  it('snaps a rotated box’s new size to the grid in its own frame, the edge not dragged staying put', () => {
    const item = { x: 100, y: 100, w: 96, h: 48, rotation: 30 }
    const [cos, sin] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)]
    // The right edge dragged out to 121.3 wide (a transformer's float noise on the rest): 128 wide, the origin stays.
    const right = { x: 100.0000001, y: 99.9999999, w: 121.29999, h: 48.0000002, rotation: 30.0000001 }
    expect(settleBox(right, lines, 16, null, item)).toEqual({ x: 100, y: 100, w: 128, h: 48, rotation: 30 })
    // The left edge dragged in to 70.4 wide: 64 wide, and the right edge (96 along the item's axis) stays where it was.
    const left = { x: 100 + 25.6 * cos, y: 100 + 25.6 * sin, w: 70.4, h: 48, rotation: 30 }
    const settled = settleBox(left, lines, 16, null, item)
    expect([settled.w, settled.h]).toEqual([64, 48])
    expect(settled.x + settled.w * cos).toBeCloseTo(100 + 96 * cos, 1)
    expect(settled.y + settled.w * sin).toBeCloseTo(100 + 96 * sin, 1)
    // The bottom edge dragged with a kept ratio: the height follows the snapped width; whole pixels without a grid.
    expect(settleBox({ ...right, h: 70 }, lines, 16, 0.5, item)).toMatchObject({ w: 128, h: 64 })
    expect(settleBox(right, lines, null, null, item)).toMatchObject({ w: 121, h: 48 })
  })

  it('keeps the size of an item that is only turned', () => {
    const item = { x: 100, y: 100, w: 100, h: 50, rotation: 0 }
    const turned = { x: 110.35533, y: 82.32233, w: 100.0000001, h: 49.9999999, rotation: 45.0000003 }
    expect(settleBox(turned, lines, 16, null, item)).toEqual({ x: 110.36, y: 82.32, w: 100, h: 50, rotation: 45 })
  })
})
