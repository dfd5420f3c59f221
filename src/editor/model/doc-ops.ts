/**
 * Document edits as plain functions over an immer draft (STYLE.md "Plain TypeScript in the middle"): the
 * actions, tools, palette and inspector all edit through these, so each rule lives once.
 */
import type { Draft } from 'immer'
import {
  bindingsOf,
  byZ,
  connectionRefusal,
  itemKinds,
  kindOf,
  type Box,
  type Connector,
  type ItemKind,
  type ItemOf,
  type MapDocument,
  type MapItem,
} from '../../shared/maps'
import { editorKindOf } from '../items'
import type { ItemBox } from '../items/types'

export type DocDraft = Draft<MapDocument>

/** Item ids are random and URL-safe (the document's ItemId rule). */
export const newId = (): string => crypto.randomUUID()

const zs = (doc: MapDocument, from: 'items' | 'connectors') => Object.values(doc[from]).map((r) => r.z)
export const topZ = (doc: MapDocument, from: 'items' | 'connectors' = 'items') => Math.max(0, ...zs(doc, from))

/** The monitored object an item stands for is already elsewhere on the map (SPEC §5 "only once"). */
export function bindingTaken(doc: MapDocument, item: MapItem): string | null {
  const wanted = new Set(bindingsOf(item))
  if (wanted.size === 0) return null
  for (const other of Object.values(doc.items)) {
    if (other.id === item.id) continue
    for (const b of bindingsOf(other)) if (wanted.has(b)) return other.id
  }
  return null
}

/** A new item of `kind` from its kind's defaults, on top of everything. */
export function makeItem<K extends ItemKind>(doc: MapDocument, kind: K, init: Partial<ItemOf<K>> & { x: number; y: number }): ItemOf<K> {
  const def = itemKinds[kind] as unknown as { defaults(i: object): ItemOf<K> }
  return def.defaults({ id: newId(), z: topZ(doc) + 1, ...init })
}

/** The first binding of `items` already on the map or repeated among them (SPEC §5 "only once"), else null. */
export function takenBinding(doc: MapDocument, items: readonly MapItem[]): string | null {
  const seen = new Set(Object.values(doc.items).flatMap(bindingsOf))
  for (const item of items) {
    for (const b of bindingsOf(item)) {
      if (seen.has(b)) return b
      seen.add(b)
    }
  }
  return null
}

/** Deletes items and connectors by id; connectors of a deleted item go with it. */
export function deleteIds(draft: DocDraft, ids: Iterable<string>) {
  const gone = new Set(ids)
  for (const id of gone) {
    delete draft.items[id]
    delete draft.connectors[id]
  }
  for (const c of Object.values(draft.connectors)) if (gone.has(c.from) || gone.has(c.to)) delete draft.connectors[c.id]
}

/** Moves items; a connector between two moved items takes its waypoints along (its route keeps its shape). */
export function moveItems(draft: DocDraft, ids: Iterable<string>, dx: number, dy: number) {
  if (dx === 0 && dy === 0) return
  const moved = new Set(ids)
  for (const id of moved) {
    const item = draft.items[id]
    if (!item) continue
    item.x += dx
    item.y += dy
  }
  for (const c of Object.values(draft.connectors))
    if (c.waypoints && moved.has(c.from) && moved.has(c.to))
      for (const p of c.waypoints) {
        p.x += dx
        p.y += dy
      }
}

/** The ids with the other members of their groups (issue 18 grouping: a group is selected and moved whole). */
export function withGroups(doc: MapDocument, ids: Iterable<string>): string[] {
  const out = new Set(ids)
  const groups = new Set([...out].flatMap((id) => (doc.items[id]?.group ? [doc.items[id].group] : [])))
  if (groups.size) for (const item of Object.values(doc.items)) if (item.group && groups.has(item.group)) out.add(item.id)
  return [...out]
}

/** Puts an item into a new box (resize handles, the inspector's size fields) as its editor kind says. */
export function resizeItem(item: Draft<MapItem>, box: ItemBox) {
  const sized = { ...box, w: Math.max(1, box.w), h: Math.max(1, box.h) }
  const kind = editorKindOf(item as MapItem)
  if (kind.resize) kind.resize(item, sized)
  else Object.assign(item, sized)
}

export const snap = (v: number, step: number) => Math.round(v / step) * step

/** Copies of items (and the connectors among them) with new ids, offset; bound items already on the map are skipped. */
export function cloneInto(draft: DocDraft, items: readonly MapItem[], connectors: readonly Connector[], offset: number): string[] {
  const ids = new Map<string, string>()
  // Copies of a group's members form a group of their own (with groups of their own nested in it).
  const groups = new Map<string, string>()
  const groupOf = (g: string | undefined) => g && (groups.get(g) ?? groups.set(g, newId()).get(g))
  let z = topZ(draft as MapDocument)
  for (const item of byZ(Object.fromEntries(items.map((i) => [i.id, i])))) {
    const copy = { ...structuredClone(item), id: newId(), x: item.x + offset, y: item.y + offset, z: ++z } as MapItem
    if (item.group) copy.group = groupOf(item.group)
    if (item.subgroups) copy.subgroups = item.subgroups.map((g) => groupOf(g)!)
    // SPEC §5: a host can be on a map only once, so a copy of a bound item on the same map is left out.
    if (bindingTaken(draft as MapDocument, copy)) continue
    draft.items[copy.id] = copy as Draft<MapItem>
    ids.set(item.id, copy.id)
  }
  let cz = topZ(draft as MapDocument, 'connectors')
  for (const c of connectors) {
    const from = ids.get(c.from),
      to = ids.get(c.to)
    if (!from || !to) continue
    const copy = {
      ...structuredClone(c),
      id: newId(),
      from,
      to,
      z: ++cz,
      ...(c.waypoints && { waypoints: c.waypoints.map((p) => ({ x: p.x + offset, y: p.y + offset })) }),
    }
    draft.connectors[copy.id] = copy as Draft<Connector>
  }
  return [...ids.values()]
}

export type ConnectRefusal = 'self' | 'already_connected' | 'missing'

/** SPEC §5: connects two items unless that is refused; returns the new connector id or the reason. */
export function connect(
  draft: DocDraft,
  from: string,
  to: string,
  init: Partial<Connector> = {},
): { id: string } | { refused: ConnectRefusal } {
  if (!draft.items[from] || !draft.items[to]) return { refused: 'missing' }
  const refusal = connectionRefusal(Object.values(draft.connectors), from, to)
  if (refusal) return { refused: refusal }
  const id = newId()
  draft.connectors[id] = {
    id,
    from,
    to,
    z: topZ(draft as MapDocument, 'connectors') + 1,
    kind: 'plain',
    width: 2,
    dash: false,
    ...init,
  } as Draft<Connector>
  return { id }
}

/** The box around items (fit to screen, align, distribute). */
export function unionBox(items: readonly MapItem[]): Box | null {
  if (items.length === 0) return null
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity
  for (const item of items) {
    const b = kindOf(item).bounds(item)
    x0 = Math.min(x0, b.x)
    y0 = Math.min(y0, b.y)
    x1 = Math.max(x1, b.x + b.w)
    y1 = Math.max(y1, b.y + b.h)
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }
}

/** The selected items of a document (connector ids in the selection are skipped). */
export const selectedItems = (doc: MapDocument, selection: Iterable<string>): MapItem[] =>
  [...selection].flatMap((id) => (doc.items[id] ? [doc.items[id]] : []))

export const selectedConnectors = (doc: MapDocument, selection: Iterable<string>): Connector[] =>
  [...selection].flatMap((id) => (doc.connectors[id] ? [doc.connectors[id]] : []))
