/**
 * SPEC §2 "version history": what changed between two versions of a map, item by item (items and connectors
 * keep their ids across versions). `shown` is the newer document plus what the older one had and the newer
 * lost, so removed things can be drawn (outlined) where they were.
 */
import type { MapDocument } from '../../shared/maps'

export type ChangeKind = 'added' | 'removed' | 'moved' | 'changed'
export const CHANGE_KINDS: readonly ChangeKind[] = ['added', 'removed', 'moved', 'changed']

export interface VersionDiff {
  /** item or connector id → how it changed (unchanged ones are absent) */
  marks: Map<string, ChangeKind>
  counts: Record<ChangeKind, number>
  shown: MapDocument
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** An item is moved when only its place (x, y) differs; anything else, size included, is a change. */
function itemChange(before: MapDocument['items'][string], after: MapDocument['items'][string]): ChangeKind | null {
  const { x: bx, y: by, ...restBefore } = before
  const { x: ax, y: ay, ...restAfter } = after
  if (!same(restBefore, restAfter)) return 'changed'
  return bx !== ax || by !== ay ? 'moved' : null
}

export function diffVersions(before: MapDocument, after: MapDocument): VersionDiff {
  const marks = new Map<string, ChangeKind>()
  const counts: Record<ChangeKind, number> = { added: 0, removed: 0, moved: 0, changed: 0 }
  const mark = (id: string, kind: ChangeKind | null) => {
    if (!kind) return
    marks.set(id, kind)
    counts[kind]++
  }
  const items = { ...after.items }
  for (const [id, item] of Object.entries(after.items)) mark(id, before.items[id] ? itemChange(before.items[id], item) : 'added')
  for (const [id, item] of Object.entries(before.items))
    if (!after.items[id]) {
      mark(id, 'removed')
      items[id] = item
    }
  const connectors = { ...after.connectors }
  for (const [id, c] of Object.entries(after.connectors))
    mark(id, !before.connectors[id] ? 'added' : same(before.connectors[id], c) ? null : 'changed')
  for (const [id, c] of Object.entries(before.connectors))
    if (!after.connectors[id]) {
      mark(id, 'removed')
      // A removed connector is shown only while both its ends are (they are, unless an id was reused).
      if (items[c.from] && items[c.to]) connectors[id] = c
    }
  return { marks, counts, shown: { ...after, items, connectors } }
}
