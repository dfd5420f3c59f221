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
