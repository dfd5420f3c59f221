/** The selected connector's end handles on a turned item (issue 18: rotation): where they show and what a drag attaches to. */
import { describe, expect, it } from 'vitest'
import { createEditor } from '../../../src/editor/model/editor'
import { createReshaper, routeHandles, selectedLink } from '../../../src/editor/tools/route-handles'
import { sampleDocument } from './fixtures'

/** Host a (48 × 48) turned a quarter clockwise about its corner (0, 0): it covers x −48…0, y 0…48. */
function turnedHost() {
  const doc = sampleDocument()
  doc.items.a = { ...doc.items.a, rotation: 90 }
  doc.connectors.c = { id: 'c', from: 'a', to: 'b', z: 1, kind: 'plain', width: 2, dash: false, from_anchor: { x: 1, y: 0.5 } }
  const editor = createEditor(doc)
  editor.select(['c'])
  return editor
}

describe('route handles on a turned item', () => {
  it('shows the end handle where the anchor is on the turned item', () => {
    const end = routeHandles(selectedLink(turnedHost())!).find((h) => h.kind === 'end' && h.end === 'from')!
    // The middle of its right side is now the middle of its bottom.
    expect([end.at.x, end.at.y].map((n) => Math.round(n))).toEqual([-24, 48])
  })

  it('attaches a dragged end to the point of the turned outline under the pointer', () => {
    const editor = turnedHost()
    const reshaper = createReshaper(editor, 3)
    expect(reshaper.begin({ x: -24, y: 48 })).toBe(true)
    // On the turned box's left edge, which is the item's own bottom side, a quarter of the way along it.
    reshaper.drag({ x: -47, y: 12 })
    reshaper.end()
    expect(editor.get().doc.connectors.c.from_anchor).toEqual({ x: 0.25, y: 1 })
  })
})
