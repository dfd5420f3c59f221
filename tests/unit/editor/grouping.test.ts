/** Issue 18 grouping (nested groups too) and connector reshaping in the editor's model: one history entry each, undoable. */
import { describe, expect, it } from 'vitest'
import { actionById, runAction, runEdit } from '../../../src/editor/actions'
import { bindHost, move, setConnector } from '../../../src/editor/actions/document'
import { createEditor } from '../../../src/editor/model/editor'
import { itemKinds, MapDocument } from '../../../src/shared/maps'
import { createPointerTool } from '../../../src/editor/tools/select-tool'
import { sampleDocument } from './fixtures'

const at = (x: number, y: number, target: string | null = null, shift = false) => ({ point: { x, y }, screen: { x, y }, target, shift })

describe('grouping', () => {
  it('groups the selection with ctrl+g, selects the whole group from one member, and ungroups', () => {
    const editor = createEditor(sampleDocument())
    editor.select(['a', 'b'])
    expect(runAction(editor, actionById('group')!, 'edit')).toBe(true)
    const { a, b, s } = editor.get().doc.items
    expect(a.group).toBeTruthy()
    expect(b.group).toBe(a.group)
    expect(s.group).toBeUndefined()

    const tool = createPointerTool(editor, () => {})
    editor.select([])
    tool.down(at(10, 10, 'a'))
    tool.up(at(10, 10, 'a'))
    expect([...editor.get().selection].sort()).toEqual(['a', 'b'])

    editor.select(['b'])
    expect(runAction(editor, actionById('ungroup')!, 'edit')).toBe(true)
    expect(editor.get().doc.items.a.group).toBeUndefined()
    editor.undo()
    expect(editor.get().doc.items.a.group).toBe(a.group)
    editor.undo()
    expect(editor.get().doc.items.a.group).toBeUndefined()
  })

  it('nests a group in a new group, selects the outermost group from any member, and ungroups one level at a time', () => {
    // Shapes, so that a copy is allowed (a host is on a map once).
    const doc = sampleDocument()
    doc.items.a = itemKinds.shape.defaults({ id: 'a', x: 0, y: 0, z: 1, icon: 'cloud' })
    doc.items.b = itemKinds.shape.defaults({ id: 'b', x: 200, y: 40, z: 2, icon: 'cloud' })
    const editor = createEditor(doc)
    const tool = createPointerTool(editor, () => {})
    const click = (id: string) => {
      editor.select([])
      tool.down(at(10, 10, id))
      tool.up(at(10, 10, id))
      return [...editor.get().selection].sort()
    }
    editor.select(['a', 'b'])
    runAction(editor, actionById('group')!, 'edit')
    const inner = editor.get().doc.items.a.group!
    // A click on b selects the group a and b form; shift-click adds s; ctrl+g nests that group in a new one.
    click('b')
    tool.down(at(400, 100, 's', true))
    tool.up(at(400, 100, 's', true))
    expect(runAction(editor, actionById('group')!, 'edit')).toBe(true)
    let { a, b, s } = editor.get().doc.items
    const outer = s.group!
    expect(outer).not.toBe(inner)
    expect([a.group, b.group]).toEqual([outer, outer])
    expect([a.subgroups, b.subgroups, s.subgroups]).toEqual([[inner], [inner], undefined])
    expect(MapDocument.safeParse(editor.get().doc).success).toBe(true)
    expect(click('a')).toEqual(['a', 'b', 's'])
    expect(click('s')).toEqual(['a', 'b', 's'])

    // A copy is nested alike, in groups of its own.
    runAction(editor, actionById('duplicate')!, 'edit')
    const copies = [...editor.get().selection].map((id) => editor.get().doc.items[id])
    const copyOuter = copies[0].group!
    expect(copies.map((c) => c.group)).toEqual([copyOuter, copyOuter, copyOuter])
    expect(copyOuter).not.toBe(outer)
    const nested = copies.filter((c) => c.subgroups)
    expect(nested).toHaveLength(2)
    expect(nested[0].subgroups).toEqual(nested[1].subgroups)
    expect(nested[0].subgroups).not.toEqual([inner])
    editor.undo()

    // Ungroup removes the outer level: a and b are a group again, s stands alone.
    click('s')
    expect(runAction(editor, actionById('ungroup')!, 'edit')).toBe(true)
    ;({ a, b, s } = editor.get().doc.items)
    expect([a.group, b.group, s.group]).toEqual([inner, inner, undefined])
    expect([a.subgroups, s.subgroups]).toEqual([undefined, undefined])
    expect(click('a')).toEqual(['a', 'b'])
    expect(click('s')).toEqual(['s'])
    click('a')
    runAction(editor, actionById('ungroup')!, 'edit')
    expect(editor.get().doc.items.a.group).toBeUndefined()
    expect(click('a')).toEqual(['a'])
    editor.undo()
    editor.undo()
    expect(editor.get().doc.items.a).toMatchObject({ group: outer, subgroups: [inner] })
  })

  it('keeps nested groups in the document schema, which refuses nested groups without an outer one', () => {
    const doc = sampleDocument()
    doc.items.a = { ...doc.items.a, group: 'g2', subgroups: ['g1'] }
    expect(MapDocument.parse(doc).items.a).toMatchObject({ group: 'g2', subgroups: ['g1'] })
    doc.items.b = { ...doc.items.b, subgroups: ['g1'] }
    expect(MapDocument.safeParse(doc).error?.issues.map((i) => i.path.join('.'))).toEqual(['items.b.subgroups'])
  })

  it('moves a connector’s waypoints along when both its items move, not when one does', () => {
    const doc = sampleDocument()
    doc.connectors.l = { id: 'l', from: 'a', to: 'b', z: 1, kind: 'plain', width: 2, dash: false, waypoints: [{ x: 100, y: 300 }] }
    const editor = createEditor(doc)
    runEdit(editor, move, { ids: ['a'], dx: 10, dy: 0 })
    expect(editor.get().doc.connectors.l.waypoints).toEqual([{ x: 100, y: 300 }])
    runEdit(editor, move, { ids: ['a', 'b'], dx: 10, dy: 20 })
    expect(editor.get().doc.connectors.l.waypoints).toEqual([{ x: 110, y: 320 }])
    runEdit(editor, setConnector, { id: 'l', fields: { waypoints: undefined, route: 'curved' } })
    expect(editor.get().doc.connectors.l).not.toHaveProperty('waypoints')
    expect(editor.get().doc.connectors.l.route).toBe('curved')
  })

  it('binds a shape to a host in place, keeping its connectors, and refuses a host already on the map', () => {
    const doc = sampleDocument()
    doc.connectors.l = { id: 'l', from: 'a', to: 's', z: 1, kind: 'plain', width: 2, dash: false }
    const editor = createEditor(doc)
    const refused = { refused: null as string | null }
    runEdit(editor, bindHost, { id: 's', host: { id: 1, name: 'web-01' }, result: refused })
    expect(refused.refused).toBe('a')
    expect(editor.get().doc.items.s.kind).toBe('shape')
    runEdit(editor, bindHost, { id: 's', host: { id: 7, name: 'db-01' } })
    expect(editor.get().doc.items.s).toMatchObject({ kind: 'host', host_id: 7, name: 'db-01', x: 400, y: 100 })
    expect(editor.get().doc.connectors.l.to).toBe('s')
  })

  it('adds a waypoint by dragging a selected connector’s middle and removes it by double-clicking it', () => {
    const doc = sampleDocument()
    doc.grid.snap = false
    // a (0,0 48×48) to b (200,40 48×48): straight from (48, 28) to (200, 44).
    doc.connectors.l = { id: 'l', from: 'a', to: 'b', z: 1, kind: 'plain', width: 2, dash: false }
    const editor = createEditor(doc)
    const tool = createPointerTool(editor, () => {})
    editor.select(['l'])
    tool.down(at(124, 36, 'l'))
    tool.move(at(130, 120, 'l'))
    tool.up(at(130, 120))
    expect(editor.get().doc.connectors.l.waypoints).toEqual([{ x: 130, y: 120 }])
    for (let i = 0; i < 2; i++) {
      tool.down(at(130, 120))
      tool.up(at(130, 120))
    }
    expect(editor.get().doc.connectors.l).not.toHaveProperty('waypoints')
    editor.undo()
    expect(editor.get().doc.connectors.l.waypoints).toEqual([{ x: 130, y: 120 }])
  })
})
