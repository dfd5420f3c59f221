/**
 * Undo and redo of every edit kind (SPEC §2 Map editor "undo and redo"; STYLE.md "Undo": one user intent =
 * one history entry, and undo brings back exactly the document before it).
 */
import { describe, expect, it } from 'vitest'
import { runAction, runEdit, actionById, type Action } from '../../../src/editor/actions'
import * as edits from '../../../src/editor/actions/document'
import { createEditor, type Editor } from '../../../src/editor/model/editor'
import type { ConnectRefusal } from '../../../src/editor/model/doc-ops'
import { writeClip } from '../../../src/editor/model/clipboard'
import { byZ, itemKinds, MapDocument, type MapDocument as Doc } from '../../../src/shared/maps'
import { sampleDocument } from './fixtures'

const action = (id: string): Action => actionById(id)!

/** Runs `change`, checks it made one entry and a valid document, then undo → before and redo → after. */
function roundTrip(editor: Editor, change: () => void): { before: Doc; after: Doc; selected: string[] } {
  const before = editor.get().doc
  const entries = editor.get().history.past.length
  change()
  const after = editor.get().doc
  const selected = [...editor.get().selection]
  expect(after).not.toEqual(before)
  expect(editor.get().history.past.length).toBe(entries + 1)
  expect(MapDocument.safeParse(after).error).toBeUndefined()
  expect(editor.undo()).toBe(true)
  expect(editor.get().doc).toEqual(before)
  expect(editor.redo()).toBe(true)
  expect(editor.get().doc).toEqual(after)
  return { before, after, selected }
}

function editorWith(selection: string[] = []) {
  const editor = createEditor(sampleDocument())
  editor.select(selection)
  return editor
}

describe('editor history (SPEC §2 undo and redo)', () => {
  it('undoes and redoes a move, a resize and arrow-key moves by one pixel and by one grid step', () => {
    const editor = editorWith(['a', 'b'])
    const { after } = roundTrip(editor, () => runEdit(editor, edits.move, { ids: ['a', 'b'], dx: 32, dy: 16 }))
    expect([after.items.a.x, after.items.b.y]).toEqual([32, 56])
    roundTrip(editor, () => runEdit(editor, edits.resize, { boxes: [{ id: 's', x: 390, y: 90, w: 200, h: 120, rotation: 0 }] }))
    const nudged = roundTrip(editor, () => runAction(editor, action('nudge-right'), 'edit')).after
    expect(nudged.items.a.x).toBe(33)
    const stepped = roundTrip(editor, () => runAction(editor, action('nudge-grid-down'), 'edit')).after
    expect(stepped.items.b.y).toBe(56 + 16)
  })

  it('undoes placing an item, and refuses a host that is already on the map (SPEC §5 "only once")', () => {
    const editor = editorWith()
    const doc = editor.get().doc
    const host = itemKinds.host.defaults({ id: 'c', x: 10, y: 10, z: 9, host_id: 3, name: 'db-01' })
    expect(roundTrip(editor, () => runEdit(editor, edits.place, { items: [host] })).selected).toEqual(['c'])
    const result = { refused: null as string | null }
    const again = itemKinds.host.defaults({ id: 'd', x: 10, y: 10, z: 9, host_id: 1, name: 'web-01' })
    expect(runEdit(editor, edits.place, { items: [again], result })).toBe(false)
    expect(result.refused).toBe('host:1')
    expect(editor.get().doc.items.d).toBeUndefined()
    editor.undo()
    expect(editor.get().doc).toEqual(doc)
  })

  it('undoes delete, which takes the connectors of deleted items with it', () => {
    const editor = editorWith()
    runEdit(editor, edits.connect, { from: 'a', to: 'b' })
    editor.select(['a'])
    const { after } = roundTrip(editor, () => runAction(editor, action('delete'), 'edit'))
    expect(after.items.a).toBeUndefined()
    expect(Object.keys(after.connectors)).toEqual([])
  })

  it('clones the selection with new ids, selects the copies, and leaves out hosts already on the map', () => {
    const editor = editorWith(['a', 's'])
    const { after, selected } = roundTrip(editor, () => runAction(editor, action('duplicate'), 'edit'))
    const copies = selected.map((id) => after.items[id])
    expect(copies.map((c) => c.kind)).toEqual(['shape'])
    expect([copies[0].x, copies[0].y]).toEqual([416, 116])
  })

  it('pastes what was copied on another map, with its connectors (issue 6 copy/paste between maps)', () => {
    const other = sampleDocument()
    const shape = { ...other.items.s, id: 't' }
    const text = itemKinds.text.defaults({ id: 'u', x: 0, y: 0, z: 1, text: 'Core' })
    const clip = writeClip(
      { items: [shape, text], connectors: [{ id: 'k', from: 't', to: 'u', z: 1, kind: 'plain', width: 2, dash: false }] },
      undefined,
    )
    const editor = editorWith()
    const ctx = { editor, doc: editor.get().doc, selection: editor.get().selection, clipboard: null }
    const { after } = roundTrip(editor, () => runAction(editor, action('paste'), 'edit', { ...ctx, clipboard: JSON.parse(clip) }))
    expect(Object.keys(after.items)).toHaveLength(6)
    expect(Object.values(after.connectors)).toHaveLength(1)
  })

  it('connects two items once, and refuses an item to itself or a second connection (SPEC §5)', () => {
    const editor = editorWith()
    const { after } = roundTrip(editor, () => runEdit(editor, edits.connect, { from: 'a', to: 'b' }))
    expect(Object.values(after.connectors).map((c) => [c.from, c.to])).toEqual([['a', 'b']])
    for (const [from, to, reason] of [
      ['a', 'a', 'self'],
      ['b', 'a', 'already_connected'],
    ] as const) {
      const result: { refused: ConnectRefusal | null } = { refused: null }
      expect(runEdit(editor, edits.connect, { from, to, result })).toBe(false)
      expect(result.refused).toBe(reason)
    }
    expect(editor.get().history.past).toHaveLength(1)
  })

  it('turns a connection into a bandwidth connection and back, undoably', () => {
    const editor = editorWith()
    runEdit(editor, edits.connect, { from: 'a', to: 'b' })
    const id = Object.keys(editor.get().doc.connectors)[0]
    const bandwidth = { resource_id: 7, in_key: 'in', out_key: 'out', capacity_bps: 1e9 }
    const { after } = roundTrip(editor, () => runEdit(editor, edits.setConnector, { id, fields: { kind: 'bandwidth', bandwidth } }))
    expect(after.connectors[id].bandwidth).toEqual(bandwidth)
    const plain = roundTrip(editor, () => runEdit(editor, edits.setConnector, { id, fields: { kind: 'plain' } })).after
    expect(plain.connectors[id].bandwidth).toBeUndefined()
  })

  it('changes z-order by one z key per item: forward, backward, front and back', () => {
    const editor = editorWith(['a'])
    const order = () =>
      byZ(editor.get().doc.items)
        .map((i) => i.id)
        .join('')
    expect(order()).toBe('absr')
    const forward = roundTrip(editor, () => runAction(editor, action('bring-forward'), 'edit'))
    expect(order()).toBe('basr')
    const changed = Object.keys(forward.after.items).filter((id) => forward.after.items[id] !== forward.before.items[id])
    expect(changed).toEqual(['a'])
    roundTrip(editor, () => runAction(editor, action('bring-to-front'), 'edit'))
    expect(order()).toBe('bsra')
    roundTrip(editor, () => runAction(editor, action('send-backward'), 'edit'))
    expect(order()).toBe('bsar')
    roundTrip(editor, () => runAction(editor, action('send-to-back'), 'edit'))
    expect(order()).toBe('absr')
  })

  it('undoes style, shape, state icon, grid, snap, background, resolution and rack slot changes', () => {
    const editor = editorWith(['s'])
    roundTrip(editor, () => runEdit(editor, edits.setItemFields, { ids: ['s'], fields: { style: { fill: '#ff0000', sketch: true } } }))
    roundTrip(editor, () => runEdit(editor, edits.setItemFields, { ids: ['s'], fields: { icon: 'router' } }))
    roundTrip(editor, () => runEdit(editor, edits.setItemFields, { ids: ['a'], fields: { state_icon: 'dot' } }))
    expect(roundTrip(editor, () => runAction(editor, action('toggle-grid'), 'edit')).after.grid.visible).toBe(false)
    expect(roundTrip(editor, () => runAction(editor, action('toggle-snap'), 'edit')).after.grid.snap).toBe(false)
    roundTrip(editor, () => runEdit(editor, edits.setGridSize, 32))
    roundTrip(editor, () => runEdit(editor, edits.setBackground, { colour: '#202020', image_id: 5 }))
    roundTrip(editor, () => runEdit(editor, edits.setResolution, { width: 3840, height: 2160 }))
    const slots = [
      { u: 1, size: 2, host_id: 4, label: 'sw-01' },
      { u: 3, size: 1, host_id: null, label: 'patch panel' },
    ]
    expect(roundTrip(editor, () => runEdit(editor, edits.setRackSlots, { id: 'r', slots })).after.items.r).toMatchObject({ slots })
    expect(editor.get().doc.items.s).toMatchObject({ icon: 'router', style: { fill: '#ff0000', sketch: true } })
  })

  it('aligns and distributes the selection', () => {
    const editor = editorWith(['a', 'b', 's'])
    const left = roundTrip(editor, () => runAction(editor, action('align-left'), 'edit')).after
    expect(['a', 'b', 's'].map((id) => left.items[id].x)).toEqual([0, 0, 0])
    editor.undo()
    const spread = roundTrip(editor, () => runAction(editor, action('distribute-vertical'), 'edit')).after
    // a: 0..48 and s: 100..180 stay; b (48 high) moves to leave two equal gaps.
    expect(spread.items.b.y).toBe(48 + (180 - 48 - 48 - 80) / 2)
  })

  it('keeps selection, camera and tools out of the history: changing them does not clear redo', () => {
    const editor = editorWith(['a'])
    runAction(editor, action('nudge-left'), 'edit')
    editor.undo()
    editor.select(['b'])
    editor.set({ camera: { x: 5, y: 5, scale: 2 }, tool: 'connect' })
    expect(editor.get().history.future).toHaveLength(1)
    expect(editor.redo()).toBe(true)
  })

  it('refuses every edit in a read-only editor (SPEC §2 a map locked by another user cannot be edited)', () => {
    const editor = createEditor(sampleDocument(), { readOnly: true })
    editor.select(['a'])
    expect(runAction(editor, action('delete'), 'view')).toBe(false)
    expect(runEdit(editor, edits.move, { ids: ['a'], dx: 5, dy: 5 })).toBe(false)
    expect(editor.get().doc.items.a.x).toBe(0)
  })
})
