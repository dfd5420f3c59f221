/**
 * Edits that take a value: place an item from the palette, connect two items (SPEC §5 rules), finish a move or
 * resize gesture, and the inspector's fields (colours, shapes, state icons, rack slots, connector, resolution,
 * background). They go through the same dispatcher as the keyed actions (`runEdit`), one history entry each.
 */
import type { Draft } from 'immer'
import {
  itemKinds,
  type Background,
  type Connector,
  type MapDocument,
  type MapItem,
  type RackSlot,
  type ViewOptions,
} from '../../shared/maps'
import { bindingTaken, takenBinding, connect as connectItems, moveItems, resizeItem, type ConnectRefusal } from '../model/doc-ops'
import { defineEdit } from './types'

/** Set by `place` when an item was refused (its binding is already on the map, SPEC §5). */
export interface PlaceResult {
  refused: string | null
}

export const place = defineEdit<{ items: MapItem[]; result?: PlaceResult }>({
  id: 'place',
  label: 'editor.actions.place',
  perform: (draft, { items, result }) => {
    const refused = takenBinding(draft as MapDocument, items)
    if (result) result.refused = refused
    if (refused) return
    for (const item of items) draft.items[item.id] = item as Draft<MapItem>
    return { select: items.map((i) => i.id) }
  },
})

export const connect = defineEdit<{ from: string; to: string; result?: { refused: ConnectRefusal | null } }>({
  id: 'connect',
  label: 'editor.actions.connect',
  perform: (draft, { from, to, result }) => {
    const r = connectItems(draft, from, to)
    if (result) result.refused = 'refused' in r ? r.refused : null
    return 'id' in r ? { select: [r.id] } : undefined
  },
})

export const move = defineEdit<{ ids: readonly string[]; dx: number; dy: number }>({
  id: 'move',
  label: 'editor.actions.move',
  perform: (draft, { ids, dx, dy }) => moveItems(draft, ids, dx, dy),
})

export const resize = defineEdit<{ boxes: { id: string; x: number; y: number; w: number; h: number; rotation: number }[] }>({
  id: 'resize',
  label: 'editor.actions.resize',
  perform: (draft, { boxes }) => {
    for (const { id, ...box } of boxes) {
      const item = draft.items[id]
      if (item) resizeItem(item, box)
    }
  },
})

/**
 * Sets fields of items (style, label, icon, state icon, text, …). The inspector offers only what each kind's
 * schema allows (editor/items), so the values are trusted here (STYLE.md "Validate at the edge, trust inside").
 */
export const setItemFields = defineEdit<{ ids: readonly string[]; fields: Record<string, unknown> }>({
  id: 'set-fields',
  label: 'editor.actions.set-fields',
  perform: (draft, { ids, fields }) => {
    const { w, h, ...rest } = fields
    for (const id of ids) {
      if (!draft.items[id]) continue
      // A new size goes through the kind's resize rule (a line scales its points).
      if (w !== undefined || h !== undefined) {
        const d = draft.items[id]
        resizeItem(d, { x: d.x, y: d.y, w: (w as number | undefined) ?? d.w, h: (h as number | undefined) ?? d.h, rotation: d.rotation })
      }
      const item = draft.items[id] as Record<string, unknown>
      for (const [key, value] of Object.entries(rest)) {
        if (key === 'style') item.style = { ...(item.style as object), ...(value as object) }
        else item[key] = value
      }
    }
  },
})

/**
 * SPEC §2 "slots/rack visualization": replaces a rack's slots (unit, size, host). A slot's host stands on the
 * map like a host item, so SPEC §5 "an object can be on a map only once" refuses a host that is already on the
 * map (elsewhere, or in two slots): the server would refuse every later save of such a document.
 */
export const setRackSlots = defineEdit<{ id: string; slots: RackSlot[]; units?: number; result?: PlaceResult }>({
  id: 'set-rack-slots',
  label: 'editor.actions.set-rack-slots',
  perform: (draft, { id, slots, units, result }) => {
    const rack = draft.items[id]
    if (rack?.kind !== 'rack') return
    // The rack's current slots do not count against its new ones.
    const others = { items: Object.fromEntries(Object.entries(draft.items).filter(([key]) => key !== id)) } as unknown as MapDocument
    const refused = takenBinding(others, [{ ...rack, slots } as MapItem])
    if (result) result.refused = refused
    if (refused) return
    rack.slots = slots
    if (units !== undefined) rack.units = units
  },
})

export const setConnector = defineEdit<{ id: string; fields: Partial<Omit<Connector, 'id' | 'from' | 'to'>> }>({
  id: 'set-connector',
  label: 'editor.actions.set-connector',
  perform: (draft, { id, fields }) => {
    const c = draft.connectors[id]
    if (!c) return
    Object.assign(c, fields)
    // A field set to undefined is cleared (a reset route has no waypoints or attach points).
    for (const [key, value] of Object.entries(fields)) if (value === undefined) delete (c as Record<string, unknown>)[key]
    // A plain connector carries no bandwidth binding (the Connector schema's rule).
    if (c.kind === 'plain') delete c.bandwidth
    if (c.waypoints?.length === 0) delete c.waypoints
  },
})

/** Kinds "Bind to host…" applies to: a host item is re-bound, a shape becomes a host item in its place. */
export const BINDABLE_KINDS: readonly MapItem['kind'][] = ['host', 'shape']

/**
 * Binds an item to a host (issue 18 context menu "Bind to host…"), keeping its id, box, label, group and
 * connectors. Refused when the host is already on the map (SPEC §5 "only once").
 */
export const bindHost = defineEdit<{ id: string; host: { id: number; name: string }; result?: PlaceResult }>({
  id: 'bind-host',
  label: 'editor.actions.bind-host',
  perform: (draft, { id, host, result }) => {
    const item = draft.items[id] as MapItem | undefined
    if (!item || !BINDABLE_KINDS.includes(item.kind)) return
    const { x, y, w, h, z, rotation, label, group } = item
    const next: MapItem =
      item.kind === 'host'
        ? { ...item, host_id: host.id, name: host.name }
        : itemKinds.host.defaults({
            id,
            x,
            y,
            z,
            w,
            h,
            rotation,
            host_id: host.id,
            name: host.name,
            ...(label && { label }),
            ...(group && { group }),
          })
    const refused = bindingTaken(draft as MapDocument, next)
    if (result) result.refused = refused
    if (!refused) draft.items[id] = next as Draft<MapItem>
  },
})

/** SPEC §2 "resolution" (one of RESOLUTIONS or any size in range). */
export const setResolution = defineEdit<MapDocument['resolution']>({
  id: 'set-resolution',
  label: 'editor.actions.set-resolution',
  perform: (draft, resolution) => {
    draft.resolution = resolution
  },
})

/** SPEC §2 "background": a colour and/or an uploaded picture. */
export const setBackground = defineEdit<Partial<Draft<(typeof Background)['_output']>>>({
  id: 'set-background',
  label: 'editor.actions.set-background',
  perform: (draft, background) => {
    Object.assign(draft.background, background)
  },
})

export const setGridSize = defineEdit<number>({
  id: 'set-grid-size',
  label: 'editor.actions.set-grid-size',
  perform: (draft, size) => {
    draft.grid.size = size
  },
})

/** Issue 18 view options (host-only colours, pinned labels, wall details): merged in, published with the map. */
export const setViewOptions = defineEdit<ViewOptions>({
  id: 'set-view-options',
  label: 'editor.actions.set-view-options',
  perform: (draft, options) => {
    draft.view = { ...draft.view, ...options }
  },
})
