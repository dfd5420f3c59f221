/** Cached chunks of the items layer: an edit re-caches only the chunk it touches (STYLE.md "Rendering"). */
import { describe, expect, it } from 'vitest'
import { chunk } from '../../../src/editor/canvas/chunks'

describe('editor render chunks', () => {
  it('keeps every chunk but the edited one, so only that one is drawn again', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: i }))
    const first = chunk(items, 4, [], (a, b) => a === b)
    expect(first.map((c) => c.length)).toEqual([4, 4, 2])
    const edited = items.map((item) => (item.id === 5 ? { id: 5 } : item))
    const second = chunk(edited, 4, first, (a, b) => a === b)
    expect(second.map((c, n) => c === first[n])).toEqual([true, false, true])
  })
})
