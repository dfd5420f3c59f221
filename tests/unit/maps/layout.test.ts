/**
 * Automatic layout of generated maps (issue 7 "Maps generated from data"; SPEC §3 parents/children):
 * layers by depth, fewer crossings than name order, no overlaps, a grid without links, and a re-sync that
 * adds new hosts in free space without moving anything already on the map.
 */
import { describe, expect, it } from 'vitest'
import {
  generatedDocument,
  layoutHosts,
  linksOf,
  LAYOUT_CELL,
  syncDocument,
  type LayoutHost,
  type Point,
} from '../../../src/shared/maps/layout'
import { MapDocument, type MapDocument as Doc } from '../../../src/shared/maps/document'
import { itemKinds, kindOf, type Box } from '../../../src/shared/maps/items'

const host = (id: number, name: string, parents: number[] = []): LayoutHost => ({ id, name, parents })

/** Pairs of parent→child links whose segments cross between two adjacent rows. */
function crossings(hosts: LayoutHost[], at: Map<number, Point>) {
  const links = linksOf(hosts).map(([p, c]) => [at.get(p)!, at.get(c)!] as const)
  let n = 0
  for (let i = 0; i < links.length; i++) {
    for (let j = i + 1; j < links.length; j++) {
      const [a1, a2] = links[i]
      const [b1, b2] = links[j]
      if (a1.y !== b1.y || a2.y !== b2.y) continue
      if ((a1.x - b1.x) * (a2.x - b2.x) < 0) n++
    }
  }
  return n
}

const boxes = (doc: Doc): Box[] => Object.values(doc.items).map((i) => kindOf(i).bounds(i))
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
function overlapping(list: Box[]) {
  const pairs: [Box, Box][] = []
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) if (overlap(list[i], list[j])) pairs.push([list[i], list[j]])
  return pairs
}

describe('layered layout of parent/child trees (issue 7)', () => {
  // core → two distribution switches → access switches, named so that name order would cross every link.
  const tree = [
    host(1, 'core'),
    host(2, 'dist-b', [1]),
    host(3, 'dist-a', [1]),
    host(4, 'acc-1', [2]),
    host(5, 'acc-2', [3]),
    host(6, 'acc-3', [2]),
    host(7, 'acc-4', [3]),
  ]

  it('puts each host one row below its deepest parent', () => {
    const at = layoutHosts(tree)
    const row = (id: number) => at.get(id)!.y
    expect(row(2)).toBe(row(3))
    expect(row(2) - row(1)).toBe(LAYOUT_CELL.height)
    expect(new Set([4, 5, 6, 7].map(row))).toEqual(new Set([row(1) + 2 * LAYOUT_CELL.height]))
    // A host with parents on two levels sits under the lower one.
    const dag = layoutHosts([...tree, host(8, 'probe', [1, 4])])
    expect(dag.get(8)!.y - dag.get(4)!.y).toBe(LAYOUT_CELL.height)
  })

  it('orders rows so that the links of a tree do not cross (name order would cross them)', () => {
    const at = layoutHosts(tree)
    expect(crossings(tree, at)).toBe(0)
    // The same hosts in plain name order per row, for comparison.
    const naive = new Map(at)
    for (const ids of [[4, 5, 6, 7]]) ids.forEach((id, i) => naive.set(id, { x: i * LAYOUT_CELL.width, y: at.get(id)!.y }))
    expect(crossings(tree, naive)).toBeGreaterThan(0)
  })

  it('never overlaps two hosts, also when a wide layer wraps into several rows', () => {
    const wide = [host(1, 'root'), ...Array.from({ length: 130 }, (_, i) => host(i + 2, `leaf-${String(i).padStart(3, '0')}`, [1]))]
    const doc = generatedDocument(wide)
    expect(Object.keys(doc.items)).toHaveLength(131)
    expect(overlapping(boxes(doc))).toEqual([])
    expect(Math.max(...boxes(doc).map((b) => b.x + b.w))).toBeLessThanOrEqual(doc.resolution.width)
  })

  it('survives a parent cycle: every host is placed once, none overlap', () => {
    const cycle = [host(1, 'a', [3]), host(2, 'b', [1]), host(3, 'c', [2])]
    const at = layoutHosts(cycle)
    expect(at.size).toBe(3)
    expect(new Set([...at.values()].map((p) => `${p.x},${p.y}`)).size).toBe(3)
  })
})

describe('grid layout without links (issue 7)', () => {
  it('lays hosts out in name order in a grid a little wider than tall', () => {
    const hosts = Array.from({ length: 12 }, (_, i) => host(100 - i, `web-${String(i).padStart(2, '0')}`))
    const at = layoutHosts(hosts)
    const rows = new Set([...at.values()].map((p) => p.y))
    const columns = new Set([...at.values()].map((p) => p.x))
    expect(columns.size).toBeGreaterThanOrEqual(rows.size)
    expect(rows.size).toBeGreaterThan(1)
    // web-00 (id 100) first, web-01 (id 99) to its right.
    expect(at.get(100)!.y).toBe(at.get(99)!.y)
    expect(at.get(100)!.x).toBeLessThan(at.get(99)!.x)
  })
})

describe('generated documents (issue 7)', () => {
  it('binds one host item per host and draws a plain connector per parent→child link, valid under SPEC §5', () => {
    const doc = generatedDocument([host(1, 'router'), host(2, 'switch', [1]), host(3, 'server', [2, 99])])
    expect(MapDocument.safeParse(doc).success).toBe(true)
    const items = Object.values(doc.items)
    expect(items.map((i) => (i.kind === 'host' ? [i.host_id, i.name, i.label] : null))).toEqual([
      [1, 'router', 'router'],
      [2, 'switch', 'switch'],
      [3, 'server', 'server'],
    ])
    // The link to host 99 (not on the map) is not drawn.
    expect(Object.values(doc.connectors).map((c) => [c.from, c.to, c.kind])).toEqual([
      ['host-1', 'host-2', 'plain'],
      ['host-2', 'host-3', 'plain'],
    ])
  })
})

describe('re-sync keeps hand-placed positions (issue 7)', () => {
  const first = [host(1, 'core'), host(2, 'sw-1', [1]), host(3, 'sw-2', [1])]

  it('adds new hosts in free space, under their parent, and moves nothing already on the map', () => {
    const doc = generatedDocument(first)
    // A person drags sw-1 far to the right and draws a text box where the layout would put children.
    doc.items['host-2'] = { ...doc.items['host-2'], x: 1400, y: 600 }
    const sw2 = doc.items['host-3']
    doc.items.note = itemKinds.text.defaults({ id: 'note', x: sw2.x - 40, y: sw2.y + LAYOUT_CELL.height - 20, z: 50 })
    const before = structuredClone(doc)

    const { document, added } = syncDocument(doc, [...first, host(4, 'ap-1', [2]), host(5, 'ap-2', [3]), host(6, 'printer')])
    expect(added.sort()).toEqual([4, 5, 6])
    for (const [id, item] of Object.entries(before.items)) expect(document.items[id]).toEqual(item)
    for (const [id, c] of Object.entries(before.connectors)) expect(document.connectors[id]).toEqual(c)
    expect(overlapping(boxes(document))).toEqual([])
    // ap-1 goes under sw-1 where the person put it.
    const ap1 = document.items['host-4']
    expect(ap1.y).toBeGreaterThan(600)
    expect(Math.abs(ap1.x - 1400)).toBeLessThanOrEqual(LAYOUT_CELL.width)
    expect(Object.values(document.connectors).map((c) => `${c.from}>${c.to}`)).toEqual(
      expect.arrayContaining(['host-2>host-4', 'host-3>host-5']),
    )
    expect(MapDocument.safeParse(document).success).toBe(true)
  })

  it('does not add back a known host a person removed, and adds the new ones', () => {
    const doc = generatedDocument(first)
    delete doc.items['host-3']
    const known = new Set(first.map((h) => h.id))
    const { document, added } = syncDocument(doc, [...first, host(6, 'printer')], known)
    expect(added).toEqual([6])
    expect(
      Object.values(document.items)
        .flatMap((i) => (i.kind === 'host' ? [i.host_id] : []))
        .sort(),
    ).toEqual([...first.map((h) => h.id).filter((id) => id !== 3), 6].sort())
  })

  it('adds nothing when no host is new, and keeps a host a person placed by hand under another id', () => {
    const doc = generatedDocument(first)
    delete doc.items['host-3']
    doc.items.mine = itemKinds.host.defaults({ id: 'mine', x: 900, y: 900, z: 9, host_id: 3, name: 'sw-2' })
    const { document, added } = syncDocument(doc, first)
    expect(added).toEqual([])
    expect(document.items).toEqual(doc.items)
  })
})
