/**
 * Editor edits that had gaps (issue 6): rack slots obey SPEC §5 "An object can be on a map only once",
 * pictures are placed as image items, and resizing a line scales its points.
 */
import { describe, expect, it } from 'vitest'
import { runEdit } from '../../../src/editor/actions'
import { place, resize, setItemFields, setRackSlots, type PlaceResult } from '../../../src/editor/actions/document'
import { imageInit } from '../../../src/editor/items/image'
import { createEditor } from '../../../src/editor/model/editor'
import { makeItem } from '../../../src/editor/model/doc-ops'
import { itemKinds, MapDocument, type LineItem, type RackItem } from '../../../src/shared/maps'
import { sampleDocument } from './fixtures'

const slot = (u: number, host_id: number | null) => ({ u, size: 1, host_id, label: '' })

describe('rack slots (SPEC §2 slots/rack visualization, SPEC §5 only once)', () => {
  it('refuses a slot host that is already on the map, leaving the rack and the history as they were', () => {
    const editor = createEditor(sampleDocument())
    const before = editor.get().doc
    const result: PlaceResult = { refused: null }
    // Host 1 is the host item "a" of the sample map.
    expect(runEdit(editor, setRackSlots, { id: 'r', slots: [slot(1, 1)], result })).toBe(false)
    expect(result.refused).toBe('host:1')
    expect(editor.get().doc).toBe(before)
    expect(editor.get().history.past).toHaveLength(0)
  })

  it('refuses the same host in two slots of one rack', () => {
    const editor = createEditor(sampleDocument())
    const result: PlaceResult = { refused: null }
    expect(runEdit(editor, setRackSlots, { id: 'r', slots: [slot(1, 7), slot(2, 7)], result })).toBe(false)
    expect(result.refused).toBe('host:7')
  })

  it("accepts a new host, and keeps accepting the rack's own hosts when its slots change again", () => {
    const editor = createEditor(sampleDocument())
    const result: PlaceResult = { refused: null }
    expect(runEdit(editor, setRackSlots, { id: 'r', slots: [slot(1, 7)], result })).toBe(true)
    expect(runEdit(editor, setRackSlots, { id: 'r', slots: [slot(3, 7), slot(4, 8)], units: 6, result })).toBe(true)
    expect(result.refused).toBeNull()
    const rack = editor.get().doc.items.r as RackItem
    expect([rack.units, rack.slots.map((s) => s.host_id)]).toEqual([6, [7, 8]])
    // What the server accepts: the document passes the shared schema with its SPEC §5 rules.
    expect(MapDocument.safeParse(editor.get().doc).error).toBeUndefined()
  })
})

describe('image items (issue 6 palette)', () => {
  it('places an uploaded picture as an image item at its size, shrunk to fit, and undoes it', () => {
    const editor = createEditor(sampleDocument())
    expect(imageInit({ id: 5, width: 120, height: 80 })).toEqual({ image_id: 5, w: 120, h: 80 })
    const init = imageInit({ id: 9, width: 1600, height: 800 })
    expect(init).toEqual({ image_id: 9, w: 400, h: 200 })
    const item = makeItem(editor.get().doc, 'image', { ...init, x: 32, y: 48 })
    expect(runEdit(editor, place, { items: [item] })).toBe(true)
    const placed = editor.get().doc.items[item.id]
    expect(placed).toMatchObject({ kind: 'image', image_id: 9, x: 32, y: 48, w: 400, h: 200 })
    expect([...editor.get().selection]).toEqual([item.id])
    expect(MapDocument.safeParse(editor.get().doc).error).toBeUndefined()
    editor.undo()
    expect(editor.get().doc.items[item.id]).toBeUndefined()
  })
})

describe('line resize (issue 6)', () => {
  function withLine(points: number[]) {
    const doc = sampleDocument()
    doc.items.l = itemKinds.line.defaults({ id: 'l', x: 100, y: 100, z: 5, points, w: 100, h: 50 })
    return createEditor(doc)
  }
  const line = (editor: ReturnType<typeof createEditor>) => editor.get().doc.items.l as LineItem

  it('scales the points with the resize handles, and the size stays their extent', () => {
    const editor = withLine([0, 0, 100, 50, 50, 0])
    runEdit(editor, resize, { boxes: [{ id: 'l', x: 90, y: 80, w: 200, h: 25, rotation: 0 }] })
    expect(line(editor)).toMatchObject({ x: 90, y: 80, w: 200, h: 25, points: [0, 0, 200, 25, 100, 0] })
    expect(itemKinds.line.bounds(line(editor))).toEqual({ x: 90, y: 80, w: 200, h: 25 })
    editor.undo()
    expect(line(editor).points).toEqual([0, 0, 100, 50, 50, 0])
  })

  it('scales the points when the inspector sets the width or height; a flat line keeps its height', () => {
    const editor = withLine([0, 0, 100, 50])
    runEdit(editor, setItemFields, { ids: ['l'], fields: { w: 300 } })
    expect(line(editor)).toMatchObject({ w: 300, h: 50, points: [0, 0, 300, 50] })
    runEdit(editor, setItemFields, { ids: ['l'], fields: { h: 10 } })
    expect(line(editor)).toMatchObject({ w: 300, h: 10, points: [0, 0, 300, 10] })

    const flat = withLine([0, 0, 100, 0])
    runEdit(flat, resize, { boxes: [{ id: 'l', x: 100, y: 100, w: 50, h: 40, rotation: 0 }] })
    expect(line(flat)).toMatchObject({ w: 50, h: 1, points: [0, 0, 50, 0] })
  })

  it('still resizes other kinds by their box', () => {
    const editor = createEditor(sampleDocument())
    runEdit(editor, setItemFields, { ids: ['s'], fields: { w: 150 } })
    expect(editor.get().doc.items.s.w).toBe(150)
  })
})
