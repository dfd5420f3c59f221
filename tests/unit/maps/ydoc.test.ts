/** The Yjs mirror of the map document (DESIGN.md "Maps"): what the editor saves and keeps in IndexedDB. */
import { describe, expect, it } from 'vitest'
import { enablePatches, produceWithPatches } from 'immer'
import { emptyDocument, itemKinds, type MapDocument } from '../../../src/shared/maps'
import { applyPatches, documentToUpdate, readDocument, updateToDocument, writeDocument, Y } from '../../../src/shared/maps/ydoc'

enablePatches()
const start = (): MapDocument => {
  const doc = emptyDocument()
  doc.items.a = itemKinds.host.defaults({ id: 'a', x: 0, y: 0, z: 1, host_id: 1 })
  return doc
}

describe('Yjs mirror of a map document', () => {
  it('round-trips a document through a Yjs update', () => {
    expect(updateToDocument(documentToUpdate(start()))).toEqual(start())
  })

  it('applies the patches of edits, so the Y.Doc always equals the store document', () => {
    const ydoc = new Y.Doc()
    writeDocument(ydoc, start())
    let doc = start()
    const edits: ((d: MapDocument) => void)[] = [
      (d) => {
        d.items.a.x = 50
      },
      (d) => {
        d.items.b = itemKinds.shape.defaults({ id: 'b', x: 5, y: 5, z: 2 })
      },
      (d) => {
        d.connectors.c = { id: 'c', from: 'a', to: 'b', z: 1, kind: 'plain', width: 2, dash: false }
      },
      (d) => {
        d.grid.visible = false
      },
      (d) => {
        delete d.items.b
        delete d.connectors.c
      },
    ]
    for (const edit of edits) {
      const [next, patches] = produceWithPatches(doc, edit)
      applyPatches(ydoc, patches, next)
      doc = next
      expect(readDocument(ydoc)).toEqual(doc)
    }
  })

  it('sends only what changed: moving one item of many is a small update', () => {
    const doc = start()
    for (let i = 0; i < 500; i++) doc.items[`s${i}`] = itemKinds.shape.defaults({ id: `s${i}`, x: i, y: i, z: i })
    const ydoc = new Y.Doc()
    writeDocument(ydoc, doc)
    const before = Y.encodeStateVector(ydoc)
    const [next, patches] = produceWithPatches(doc, (d) => {
      d.items.s7.x = 999
    })
    applyPatches(ydoc, patches, next)
    const update = Y.encodeStateAsUpdate(ydoc, before)
    expect(update.length).toBeLessThan(400)
    expect(Y.encodeStateAsUpdate(ydoc).length).toBeGreaterThan(20 * update.length)
  })
})
