/**
 * The Yjs mirror (DESIGN.md "Maps"): after any edits, undos and redos the Y.Doc holds the editor's document,
 * saves carry only what the server lacks, and edits kept in the browser are found again after a reload.
 */
import { describe, expect, it } from 'vitest'
import { actionById, runAction, runEdit } from '../../../src/editor/actions'
import * as edits from '../../../src/editor/actions/document'
import { createEditor } from '../../../src/editor/model/editor'
import { mirrorEditor, recoverableDocument, sameJson, unsavedUpdate } from '../../../src/editor/persistence/mirror'
import { itemKinds } from '../../../src/shared/maps'
import { documentToUpdate, readDocument, updateToDocument, Y } from '../../../src/shared/maps/ydoc'
import { sampleDocument } from './fixtures'

function editorOnServerState() {
  const serverState = documentToUpdate(sampleDocument())
  const ydoc = new Y.Doc()
  Y.applyUpdate(ydoc, serverState)
  const editor = createEditor(readDocument(ydoc) as ReturnType<typeof sampleDocument>)
  mirrorEditor(editor, ydoc)
  return { serverState, ydoc, editor }
}

describe('editor Yjs mirror', () => {
  it('stays equal to the editor document after edits, undos and redos of every kind', () => {
    const { ydoc, editor } = editorOnServerState()
    editor.select(['a', 's'])
    runEdit(editor, edits.move, { ids: ['a'], dx: 10, dy: 5 })
    runAction(editor, actionById('duplicate')!, 'edit')
    runEdit(editor, edits.connect, { from: 'a', to: 'b' })
    runEdit(editor, edits.place, { items: [itemKinds.text.defaults({ id: 't', x: 1, y: 2, z: 50, text: 'Core' })] })
    runAction(editor, actionById('toggle-grid')!, 'edit')
    runEdit(editor, edits.setBackground, { colour: '#000000' })
    runEdit(editor, edits.setRackSlots, { id: 'r', slots: [{ u: 1, size: 1, host_id: 9, label: 'x' }] })
    editor.select(['b'])
    runAction(editor, actionById('delete')!, 'edit')
    expect(sameJson(readDocument(ydoc), editor.get().doc)).toBe(true)
    for (let i = 0; i < 5; i++) editor.undo()
    expect(sameJson(readDocument(ydoc), editor.get().doc)).toBe(true)
    for (let i = 0; i < 3; i++) editor.redo()
    expect(sameJson(readDocument(ydoc), editor.get().doc)).toBe(true)
    editor.load(sampleDocument())
    expect(sameJson(readDocument(ydoc), sampleDocument())).toBe(true)
  })

  it('saves a compact update that brings the server state to the edited document', () => {
    const { serverState, ydoc, editor } = editorOnServerState()
    const serverVector = Y.encodeStateVectorFromUpdate(serverState)
    runEdit(editor, edits.move, { ids: ['a'], dx: 10, dy: 5 })
    const update = unsavedUpdate(ydoc, serverVector)
    // One moved item, not the whole document.
    expect(update.byteLength).toBeLessThan(serverState.byteLength / 2)
    expect(sameJson(updateToDocument(serverState, update), editor.get().doc)).toBe(true)
  })

  it('saves a deletion, which Yjs records without moving the state vector', () => {
    const { serverState, ydoc, editor } = editorOnServerState()
    const before = Y.encodeStateVector(ydoc)
    editor.select(['b'])
    runAction(editor, actionById('delete')!, 'edit')
    expect(Y.encodeStateVector(ydoc)).toEqual(before)
    const saved = updateToDocument(serverState, unsavedUpdate(ydoc, Y.encodeStateVectorFromUpdate(serverState))) as { items: object }
    expect(Object.keys(saved.items).sort()).toEqual(['a', 'r', 's'])
    // And after a reload, a deletion kept only in the browser is offered back too.
    const recovered = recoverableDocument(serverState, ydoc) as { items: object }
    expect(Object.keys(recovered.items).sort()).toEqual(['a', 'r', 's'])
  })

  it('finds edits kept in the browser that the server draft lacks, and nothing when they were saved', () => {
    const { serverState, ydoc, editor } = editorOnServerState()
    runEdit(editor, edits.setItemFields, { ids: ['s'], fields: { label: 'Internet' } })
    // After a reload: the browser's copy (y-indexeddb) against the server's unchanged draft.
    const restored = recoverableDocument(serverState, ydoc) as { items: Record<string, { label?: string }> }
    expect(restored.items.s.label).toBe('Internet')
    const saved = Y.mergeUpdates([serverState, unsavedUpdate(ydoc, Y.encodeStateVectorFromUpdate(serverState))])
    expect(recoverableDocument(saved, ydoc)).toBeNull()
    // Edits undone before the reload change nothing visible: nothing is offered.
    editor.undo()
    expect(recoverableDocument(serverState, ydoc)).toBeNull()
  })
})
