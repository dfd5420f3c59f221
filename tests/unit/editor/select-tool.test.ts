/**
 * Pointer gestures (STYLE.md "Undo"): a drag updates live and records one history entry at pointer-up,
 * Escape returns to the start, a rubber band selects, and the connect tool says why it refuses (SPEC §5).
 */
import { describe, expect, it } from 'vitest'
import { createEditor } from '../../../src/editor/model/editor'
import { createPointerTool, type PointerInput } from '../../../src/editor/tools/select-tool'
import { sampleDocument } from './fixtures'

const at = (x: number, y: number, target: string | null = null, shift = false): PointerInput => ({
  point: { x, y },
  screen: { x, y },
  target,
  shift,
})

describe('editor pointer tool', () => {
  it('drags the selection live and records one snapped move at pointer-up (grid 16)', () => {
    const editor = createEditor(sampleDocument())
    const tool = createPointerTool(editor, () => {})
    tool.down(at(10, 10, 'a'))
    for (let x = 12; x <= 40; x += 4) tool.move(at(x, 30))
    expect(editor.get().gesture).toMatchObject({ kind: 'move', ids: ['a'], dx: 32, dy: 16 })
    expect(editor.get().doc.items.a.x).toBe(0)
    tool.up(at(40, 30))
    expect([editor.get().doc.items.a.x, editor.get().doc.items.a.y]).toEqual([32, 16])
    expect(editor.get().history.past).toHaveLength(1)
    editor.undo()
    expect(editor.get().doc.items.a.x).toBe(0)
  })

  it('drops a drag on Escape: nothing moves and nothing is recorded', () => {
    const editor = createEditor(sampleDocument())
    const tool = createPointerTool(editor, () => {})
    tool.down(at(10, 10, 'a'))
    tool.move(at(100, 100))
    expect(tool.cancel()).toBe(true)
    tool.up(at(100, 100))
    expect(editor.get().doc).toEqual(sampleDocument())
    expect(editor.get().history.past).toHaveLength(0)
  })

  it('selects with a rubber band, and adds to the selection with shift-click', () => {
    const editor = createEditor(sampleDocument())
    const tool = createPointerTool(editor, () => {})
    tool.down(at(-10, -10))
    tool.move(at(300, 60))
    tool.up(at(300, 60))
    expect([...editor.get().selection].sort()).toEqual(['a', 'b'])
    tool.down(at(410, 110, 's', true))
    tool.up(at(410, 110))
    expect([...editor.get().selection].sort()).toEqual(['a', 'b', 's'])
  })

  it('selects a rotated item with a rubber band over its turned box, not over where it would be unturned (issue 18)', () => {
    const editor = createEditor(sampleDocument())
    // s (120×80 at 400, 100) turned 90° about its top-left corner covers x 320–400, y 100–220.
    editor.edit('turn', (d) => {
      d.items.s.rotation = 90
    })
    const tool = createPointerTool(editor, () => {})
    const band = (x0: number, y0: number, x1: number, y1: number) => {
      tool.down(at(x0, y0))
      tool.move(at(x1, y1))
      tool.up(at(x1, y1))
      return [...editor.get().selection]
    }
    expect(band(330, 150, 350, 170)).toEqual(['s'])
    expect(band(450, 110, 500, 150)).toEqual([])
  })

  it('snaps a dragged multi-selection by its whole box: the grabbed item’s partner lands on a guide (issue 18)', () => {
    const editor = createEditor(sampleDocument())
    const tool = createPointerTool(editor, () => {})
    editor.select(['a', 'b'])
    // a and b span x 0–248; moved 150 right, b's right edge comes 2 px short of s's left edge (400).
    tool.down(at(10, 10, 'a'))
    tool.move(at(160, 10))
    expect(editor.get().gesture).toMatchObject({ kind: 'move', dx: 152, dy: 0 })
    expect(editor.get().guides).toContainEqual(expect.objectContaining({ axis: 'x', at: 400 }))
    tool.up(at(160, 10))
    expect([editor.get().doc.items.a.x, editor.get().doc.items.b.x]).toEqual([152, 352])
  })

  it('snaps a rotated item by its turned box (issue 18)', () => {
    const editor = createEditor(sampleDocument())
    editor.edit('turn', (d) => {
      d.items.s.rotation = 90
      d.grid.snap = false
    })
    const tool = createPointerTool(editor, () => {})
    // Turned, s spans y 100–220: moved 45 down, its bottom comes 1 px past the rack's middle line (264).
    tool.down(at(360, 150, 's'))
    tool.move(at(360, 195))
    expect(editor.get().gesture).toMatchObject({ kind: 'move', ids: ['s'], dx: 0, dy: 44 })
    expect(editor.get().guides).toContainEqual(expect.objectContaining({ axis: 'y', at: 264 }))
  })

  it('connects two picked items and reports a second connection of the same pair as refused', () => {
    const editor = createEditor(sampleDocument())
    const refusals: string[] = []
    const tool = createPointerTool(editor, (r) => refusals.push(r))
    editor.set({ tool: 'connect' })
    for (const [a, b] of [
      ['a', 'b'],
      ['b', 'a'],
      ['s', 's'],
    ]) {
      tool.down(at(0, 0, a))
      tool.up(at(0, 0))
      tool.down(at(0, 0, b))
      tool.up(at(0, 0))
    }
    expect(Object.values(editor.get().doc.connectors)).toHaveLength(1)
    expect(refusals).toEqual(['already_connected', 'self'])
  })

  it('drags a connector out of the hovered item’s handle onto another item, and drops it on Escape (issue 18)', () => {
    const editor = createEditor(sampleDocument())
    const refusals: string[] = []
    const tool = createPointerTool(editor, (r) => refusals.push(r))
    const a = editor.get().doc.items.a
    const handle = at(a.x + a.w + 16, a.y + a.h / 2)
    tool.move(at(a.x + 1, a.y + 1, 'a'))
    expect(editor.get().hover).toBe('a')
    // On the way out to the handle the item keeps its handles.
    tool.move(handle)
    expect(editor.get().hover).toBe('a')
    tool.down(handle)
    tool.move(at(410, 110, 's'))
    expect(editor.get().gesture).toMatchObject({ kind: 'link', from: 'a', target: 's' })
    expect(tool.cancel()).toBe(true)
    tool.up(at(410, 110))
    expect(editor.get().doc.connectors).toEqual({})

    tool.move(handle)
    tool.down(handle)
    tool.move(at(410, 110, 's'))
    tool.up(at(410, 110, 's'))
    expect(Object.values(editor.get().doc.connectors)).toMatchObject([{ from: 'a', to: 's' }])
    expect(editor.get().history.past).toHaveLength(1)
    expect(Object.values(editor.get().doc.items).map((i) => [i.x, i.y])).toEqual(
      Object.values(sampleDocument().items).map((i) => [i.x, i.y]),
    )
    expect(refusals).toEqual([])
  })
})
