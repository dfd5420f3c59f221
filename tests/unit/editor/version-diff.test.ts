/** SPEC §2 "version history": the item-by-item comparison of two versions of a map (issue 18). */
import { describe, expect, it } from 'vitest'
import { diffVersions } from '../../../src/editor/model/version-diff'
import { emptyDocument, type MapDocument } from '../../../src/shared/maps/document'

const shape = (id: string, x: number, icon = 'rectangle') => ({ kind: 'shape', id, x, y: 0, w: 10, h: 10, z: 1, rotation: 0, icon })
const doc = (items: ReturnType<typeof shape>[], connectors: [string, string, string][] = []): MapDocument =>
  ({
    ...emptyDocument(),
    items: Object.fromEntries(items.map((i) => [i.id, i])),
    connectors: Object.fromEntries(connectors.map(([id, from, to]) => [id, { id, from, to, z: 0, kind: 'plain', width: 2, dash: false }])),
  }) as MapDocument

describe('diffVersions', () => {
  it('counts added, removed, moved and changed items and connectors by id', () => {
    const before = doc([shape('a', 0), shape('b', 20), shape('c', 40), shape('e', 80)], [['ab', 'a', 'b']])
    const after = doc([shape('a', 5), shape('c', 40, 'cloud'), shape('d', 60), shape('e', 80)], [['cd', 'c', 'd']])
    const diff = diffVersions(before, after)
    expect(Object.fromEntries(diff.marks)).toEqual({ a: 'moved', b: 'removed', c: 'changed', d: 'added', ab: 'removed', cd: 'added' })
    expect(diff.counts).toEqual({ added: 2, removed: 2, moved: 1, changed: 1 })
    // What was removed is still drawn (where it was), with its connector; the rest is the newer version.
    expect(Object.keys(diff.shown.items).sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(diff.shown.items.a.x).toBe(5)
    expect(Object.keys(diff.shown.connectors).sort()).toEqual(['ab', 'cd'])
  })

  it('finds nothing between equal versions', () => {
    const same = doc([shape('a', 0)])
    expect(diffVersions(same, structuredClone(same)).counts).toEqual({ added: 0, removed: 0, moved: 0, changed: 0 })
  })
})
