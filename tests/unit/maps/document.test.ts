/** The map document schema and the SPEC §5 "Add map" rules every saved or imported document must pass. */
import { describe, expect, it } from 'vitest'
import { boundIds, byZ, emptyDocument, itemKinds, ITEM_KINDS, MapDocument, migrateDocument, SCHEMA_VERSION } from '../../../src/shared/maps'

const at = (id: string, z = 1) => ({ id, x: 10, y: 20, z })
function withItems(...items: ReturnType<(typeof itemKinds)['host']['defaults']>[] | object[]) {
  const doc = emptyDocument()
  for (const item of items as { id: string }[]) (doc.items as Record<string, unknown>)[item.id] = item
  return doc
}
const issues = (doc: unknown) => {
  const r = MapDocument.safeParse(doc)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('map document', () => {
  it('accepts an item of every kind made from its defaults', () => {
    const doc = emptyDocument()
    ITEM_KINDS.forEach((kind, i) => {
      const bound = {
        host: { host_id: 1 },
        resource: { resource_id: 1, host_id: 1 },
        environment: { hostgroup_id: 1 },
        map: { map_id: 1 },
        image: { image_id: 1 },
      } as Record<string, object>
      doc.items[kind] = itemKinds[kind].defaults({ ...at(kind, i), ...(bound[kind] ?? {}) } as never)
    })
    expect(issues(doc)).toEqual([])
  })

  it('rejects a document whose shape is wrong: unknown kind, missing fields, wrong schema version', () => {
    expect(issues({ ...emptyDocument(), items: { a: { kind: 'teapot', ...at('a'), w: 1, h: 1 } } })).not.toEqual([])
    expect(issues({ ...emptyDocument(), items: { a: { kind: 'host', ...at('a'), w: 10, h: 10 } } }).join()).toMatch(/host_id/)
    expect(issues({ ...emptyDocument(), schema_version: 99 })).not.toEqual([])
    expect(issues({ ...emptyDocument(), extra: true })).not.toEqual([])
  })

  it('SPEC §5: an object can be on a map only once, also inside a rack slot', () => {
    const a = itemKinds.host.defaults({ ...at('a'), host_id: 7 })
    const b = itemKinds.host.defaults({ ...at('b'), host_id: 7 })
    expect(issues(withItems(a, b)).join()).toMatch(/host:7 is already on the map/)
    const rack = itemKinds.rack.defaults({ ...at('r'), slots: [{ u: 1, size: 2, host_id: 7, label: 'web' }] })
    expect(issues(withItems(a, rack)).join()).toMatch(/host:7 is already on the map/)
    expect(issues(withItems(a, itemKinds.host.defaults({ ...at('c'), host_id: 8 })))).toEqual([])
  })

  it('SPEC §5: a shape needs a valid icon', () => {
    const shape = { ...itemKinds.shape.defaults(at('s')), icon: 'unicorn' }
    expect(issues(withItems(shape)).join()).toMatch(/icon/)
  })

  it('SPEC §5: a connector may not join an item to itself or join two items twice, in either direction', () => {
    const doc = withItems(itemKinds.shape.defaults(at('a')), itemKinds.shape.defaults(at('b', 2)))
    const plain = { z: 1, kind: 'plain' as const, width: 2, dash: false }
    doc.connectors.c1 = { id: 'c1', from: 'a', to: 'b', ...plain }
    expect(issues(doc)).toEqual([])
    doc.connectors.c2 = { id: 'c2', from: 'b', to: 'a', ...plain }
    expect(issues(doc).join()).toMatch(/already connected/)
    delete doc.connectors.c2
    doc.connectors.c3 = { id: 'c3', from: 'a', to: 'a', ...plain }
    expect(issues(doc).join()).toMatch(/to itself/)
    delete doc.connectors.c3
    doc.connectors.c4 = { id: 'c4', from: 'a', to: 'gone', ...plain }
    expect(issues(doc).join()).toMatch(/not on the map/)
  })

  it('a bandwidth connector needs its interface binding, a plain one must not have one', () => {
    const doc = withItems(itemKinds.shape.defaults(at('a')), itemKinds.shape.defaults(at('b', 2)))
    doc.connectors.c = { id: 'c', from: 'a', to: 'b', z: 1, kind: 'bandwidth', width: 2, dash: false }
    expect(issues(doc).join()).toMatch(/bandwidth/)
    doc.connectors.c.bandwidth = { resource_id: 3, in_key: 'in', out_key: 'out', capacity_bps: 1e9 }
    expect(issues(doc)).toEqual([])
  })

  it('rack slots stay inside the rack and do not overlap', () => {
    const rack = itemKinds.rack.defaults({
      ...at('r'),
      units: 4,
      slots: [
        { u: 1, size: 2, host_id: null, label: 'a' },
        { u: 2, size: 1, host_id: null, label: 'b' },
      ],
    })
    expect(issues(withItems(rack)).join()).toMatch(/unit 2/)
    rack.slots = [{ u: 4, size: 2, host_id: null, label: 'a' }]
    expect(issues(withItems(rack)).join()).toMatch(/unit 5/)
  })

  it('lists bound objects for states and the feed, and draws in z order', () => {
    const doc = withItems(
      itemKinds.host.defaults({ ...at('h', 3), host_id: 1 }),
      itemKinds.resource.defaults({ ...at('r', 1), resource_id: 2, host_id: 1 }),
      itemKinds.rack.defaults({ ...at('k', 2), slots: [{ u: 1, size: 1, host_id: 9, label: 'x' }] }),
    )
    expect(boundIds(doc)).toEqual({ host: [1, 9], resource: [2], environment: [], map: [] })
    expect(byZ(doc.items).map((i) => i.id)).toEqual(['r', 'k', 'h'])
  })

  it('opens stored documents of the current version and refuses unknown ones', () => {
    expect(migrateDocument(emptyDocument()).success).toBe(true)
    expect(migrateDocument({ schema_version: SCHEMA_VERSION + 1 }).success).toBe(false)
  })
})
