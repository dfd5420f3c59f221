/** Culling, hit tests, LOD and camera of the wall and the editor (issue 7 performance, issue 18; DESIGN.md "Rendering"). */
import { describe, expect, it } from 'vitest'
import { emptyDocument, itemKinds, type MapDocument } from '../../../src/shared/maps'
import { labelVisible } from '../../../src/shared/maps/draw'
import { ACTIONS, runAction } from '../../../src/editor/actions'
import { createEditor } from '../../../src/editor/model/editor'
import { sampleDocument } from '../editor/fixtures'
import {
  BLOCK_SCALE,
  buildIndex,
  contentBox,
  DETAIL_LIMIT,
  DETAIL_SCALE,
  fitCamera,
  labelScaleFor,
  lodFor,
  toScreen,
  itemsMeeting,
  visibleWorld,
  worldBox,
  zoomAt,
} from '../../../src/shared/maps/view'

function grid(n: number): MapDocument {
  const doc = emptyDocument()
  for (let i = 0; i < n; i++) {
    const id = `h${i}`
    doc.items[id] = itemKinds.host.defaults({ id, x: (i % 100) * 100, y: Math.floor(i / 100) * 100, z: i, host_id: i + 1, name: id })
  }
  for (let i = 1; i < n; i++)
    doc.connectors[`c${i}`] = { id: `c${i}`, from: `h${i - 1}`, to: `h${i}`, z: i, kind: 'plain', width: 2, dash: false }
  return doc
}

describe('spatial index', () => {
  const index = buildIndex(grid(10_000))

  it('culls to the items in view, in drawing order', () => {
    const ids = index.items({ x: 0, y: 0, w: 250, h: 150 })
    expect(ids).toEqual(['h0', 'h1', 'h2', 'h100', 'h101', 'h102'])
  })

  it('returns everything, in z order, for a view over the whole map', () => {
    const all = index.items({ x: -10, y: -10, w: 20_000, h: 20_000 })
    expect(all).toHaveLength(10_000)
    expect(all[0]).toBe('h0')
    expect(all[9999]).toBe('h9999')
  })

  it('gives the boxes meeting an area, for the obstacles near a connector (issue 18)', () => {
    const boxes = index.boxesIn({ x: 140, y: 40, w: 100, h: 70 })
    expect(boxes.map((b) => `${b.x},${b.y}`).sort()).toEqual(['100,0', '100,100', '200,0', '200,100'])
  })

  it('hit-tests the topmost accepted item under a point', () => {
    const doc = grid(2)
    doc.items.top = itemKinds.shape.defaults({ id: 'top', x: 0, y: 0, z: 99 })
    const idx = buildIndex(doc)
    expect(idx.itemAt(10, 10)).toBe('top')
    expect(idx.itemAt(10, 10, (id) => id !== 'top')).toBe('h0')
    expect(idx.itemAt(5000, 5000)).toBeNull()
  })

  it('boxes a rotated item by its rotated corners', () => {
    const item = itemKinds.shape.defaults({ id: 's', x: 0, y: 0, z: 0, w: 100, h: 10, rotation: 90 })
    const b = worldBox(item)
    expect(b.x).toBeCloseTo(-10)
    expect(b.w).toBeCloseTo(10)
    expect(b.h).toBeCloseTo(100)
  })
})

describe('rotation (issue 18: hit test and rubber band honour the turned box)', () => {
  // 100×100 turned 45° about its top-left corner (0, 0): a diamond with corners (0, 0), (70.7, 70.7), (0, 141.4), (−70.7, 70.7).
  const doc = emptyDocument()
  doc.items.d = itemKinds.shape.defaults({ id: 'd', x: 0, y: 0, z: 1, w: 100, h: 100, rotation: 45 })
  const index = buildIndex(doc)

  it('hits a rotated item at its turned corner, and not where only its unturned or axis-aligned box is', () => {
    expect(index.itemAt(0, 138)).toBe('d')
    expect(index.itemAt(-68, 70)).toBe('d')
    // Inside the axis-aligned box around the diamond, outside the diamond.
    expect(index.itemAt(60, 10)).toBeNull()
    // Inside the item's unturned box, outside the diamond.
    expect(index.itemAt(90, 90)).toBeNull()
  })

  it('meets a rectangle by the turned box: under its bottom corner yes, in the empty corner of its axis box no', () => {
    expect(itemsMeeting(Object.values(doc.items), { x: -5, y: 130, w: 10, h: 30 })).toEqual(['d'])
    expect(itemsMeeting(Object.values(doc.items), { x: 50, y: 0, w: 30, h: 15 })).toEqual([])
  })
})

describe('level of detail', () => {
  it('a label shows by its size on screen, not by a fixed zoom; a pinned wall shows every label (issue 18)', () => {
    // A 3840×2160 map fitted to a 1400 px wall: scale ~0.36.
    const fitted = labelScaleFor(0.36, false)
    expect(labelVisible(40, fitted)).toBe(true)
    expect(labelVisible(12, fitted)).toBe(false)
    expect(labelVisible(12, labelScaleFor(0.36, true))).toBe(true)
    expect(labelVisible(12, labelScaleFor(1, false))).toBe(true)
    // Stepped: small zoom changes keep the same scale, so items are not redrawn for each wheel tick.
    expect(labelScaleFor(0.5, false)).toBe(labelScaleFor(0.52, false))
    expect(labelScaleFor(0.36, false)).toBeLessThanOrEqual(0.36)
  })

  it('simplifies drawing when zoomed out, draws blocks further out or when too many items are on screen', () => {
    expect(lodFor(1, 100)).toBe('detail')
    expect(lodFor(DETAIL_SCALE - 0.01, 100)).toBe('plain')
    expect(lodFor(BLOCK_SCALE - 0.01, 100)).toBe('blocks')
    expect(lodFor(2, DETAIL_LIMIT + 1)).toBe('blocks')
  })
})

describe('camera', () => {
  it('fits the whole map to a 4K and to a portrait screen', () => {
    const content = contentBox({ width: 1920, height: 1080 }, { x: -100, y: 0, w: 2100, h: 1080 })
    for (const [w, h] of [
      [3840, 2160],
      [1080, 1920],
    ]) {
      const c = fitCamera(content, w, h)
      const tl = toScreen(c, content.x, content.y),
        br = toScreen(c, content.x + content.w, content.y + content.h)
      expect(tl.x).toBeGreaterThanOrEqual(0)
      expect(tl.y).toBeGreaterThanOrEqual(0)
      expect(br.x).toBeLessThanOrEqual(w + 0.001)
      expect(br.y).toBeLessThanOrEqual(h + 0.001)
      expect(Math.max(br.x - tl.x, br.y - tl.y)).toBeGreaterThan(Math.min(w, h) * 0.9)
    }
  })

  it('zooms about the pointer', () => {
    const c = zoomAt({ x: 0, y: 0, scale: 1 }, 100, 100, 2)
    expect(toScreen(c, 100, 100)).toEqual({ x: 100, y: 100 })
    expect(visibleWorld(c, 200, 200)).toEqual({ x: 50, y: 50, w: 100, h: 100 })
  })

  it('stops zooming out at the same floor on the wall and in the editor, by wheel, button or fit (issue 18)', () => {
    const editor = createEditor(sampleDocument())
    editor.set({ viewport: { width: 1400, height: 900 } })
    const zoomOut = ACTIONS.find((a) => a.id === 'zoom-out')!
    for (let i = 0; i < 40; i++) runAction(editor, zoomOut, 'edit')
    let wall = { x: 0, y: 0, scale: 1 }
    for (let i = 0; i < 40; i++) wall = zoomAt(wall, 700, 450, 0.8)
    expect(editor.get().camera.scale).toBe(wall.scale)
    // A map far larger than the screen: both fit it at the floor.
    editor.edit('far', (d) => {
      d.items.r.x = 500_000
    })
    const fit = ACTIONS.find((a) => a.id === 'zoom-to-fit')!
    runAction(editor, fit, 'edit')
    const far = buildIndex(editor.get().doc).extent
    expect(editor.get().camera.scale).toBe(fitCamera(contentBox(editor.get().doc.resolution, far), 1400, 900).scale)
    expect(editor.get().camera.scale).toBe(wall.scale)
  })
})
