/**
 * What the map importers share (issue 6 "Import"): the lookup of names in the target environment, the result
 * shape, and a builder that turns converted items into a valid MapDocument. The builder owns the SPEC §5
 * rules so every converter obeys them the same way: an object on a map only once (a second item for the same
 * host is dropped and counted), no connector to itself or twice, ids unique, values clamped to the schema.
 */
import { ApiError } from '../../../shared/errors'
import {
  bindingsOf,
  connectionRefusal,
  emptyDocument,
  ItemStyle,
  kindOf,
  MapDocument,
  MAX_WAYPOINTS,
  RESOLUTIONS,
  type Bandwidth,
  type Box,
  type Connector,
  type ItemKind,
  type ItemOf,
  type MapItem,
} from '../../../shared/maps'

export interface HostRef {
  id: number
  name: string
}
export interface ResourceRef {
  id: number
  host_id: number
  name: string
  host_name: string
}
export interface NamedRef {
  id: number
  name: string
}

/** Resolves names to objects the caller may see in the target environment (built by the route, one query). */
export interface ImportLookup {
  host(name: string): HostRef | undefined
  resource(hostName: string, name: string): ResourceRef | undefined
  environment(name: string): NamedRef | undefined
  map(name: string): NamedRef | undefined
}

/** SPEC §8 "Unsupported item types for conversion": what could not be converted, by source type. */
export interface Unsupported {
  type: string
  count: number
}
export interface Conversion {
  document: MapDocument
  unsupported: Unsupported[]
  unmatched: string[]
  /** Issue 18: pictures the file refers to (backgrounds, icons) that did not come with it, by file name. */
  missing_pictures: string[]
  /**
   * A map the source draws from its monitoring data, not from the file (a NagVis automap): Vigil generates it from
   * the environment's hosts and parents instead, from the root host down when the file names one that matched.
   */
  generate?: { root_host_id?: number }
}
/** A converter is a pure function of the file text and the lookup. */
export type Converter = (text: string, lookup: ImportLookup) => Conversion

/** An item before the builder gives it an id and z key; `z` is the source's stacking order when it has one. */
export type Draft<K extends ItemKind = ItemKind> = K extends ItemKind ? { kind: K } & Partial<Omit<ItemOf<K>, 'id' | 'kind'>> : never

const LABEL_MAX = 200
const TEXT_MAX = 2000
const COORD = 100_000
/** Space kept around imported content when it has to be moved into view or sized. */
const MARGIN = 40

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : lo))
const clip = (s: string | undefined, max = LABEL_MAX) => (s === undefined ? undefined : s.slice(0, max))

/** A colour the document accepts (`#hex`, a name, rgb()); `none` is see-through; undefined for `default` and the like. */
export function colour(value: string | undefined): string | undefined {
  const v = value?.trim().toLowerCase()
  if (v === 'none' || v === 'transparent') return 'transparent'
  if (!v || v === 'default' || v === 'inherit') return undefined
  return ItemStyle.shape.fill.safeParse(v).success ? v : undefined
}

/** Name lookups are exact first, then case-insensitive (DNS names are; monitoring tools differ). */
export function nameIndex<T>(entries: Iterable<[string, T]>) {
  const exact = new Map<string, T>()
  const folded = new Map<string, T>()
  for (const [name, value] of entries) {
    if (!exact.has(name)) exact.set(name, value)
    if (!folded.has(name.toLowerCase())) folded.set(name.toLowerCase(), value)
  }
  return (name: string) => exact.get(name) ?? folded.get(name.trim().toLowerCase())
}

export class DocumentBuilder {
  private readonly items = new Map<string, MapItem>()
  private readonly connectors = new Map<string, Connector>()
  private readonly bound = new Set<string>()
  private readonly skipped = new Map<string, number>()
  private readonly missing = new Set<string>()
  generate: Conversion['generate']
  private readonly pictures = new Set<string>()
  private z = 0
  background = emptyDocument().background

  /** Adds an item; returns its id, or null when it was dropped (SPEC §5: the object is already on the map). */
  add(draft: Draft): string | null {
    const id = `i${this.items.size + 1}`
    const z = draft.z ?? ++this.z
    this.z = Math.max(this.z, z)
    const fixed = sanitize(
      kindOf({ kind: draft.kind } as MapItem).defaults({ ...(draft as Partial<MapItem>), id, z, x: draft.x ?? 0, y: draft.y ?? 0 }),
    )
    const bindings = bindingsOf(fixed)
    if (bindings.some((b) => this.bound.has(b))) {
      this.skip(`${draft.kind} already on the map`)
      return null
    }
    bindings.forEach((b) => this.bound.add(b))
    this.items.set(id, fixed)
    return id
  }

  /** Connects two added items; refused connections (SPEC §5) are counted under `type`. */
  connect(
    from: string,
    to: string,
    props: Partial<Pick<Connector, 'label' | 'colour' | 'width' | 'dash' | 'route' | 'waypoints' | 'from_anchor' | 'to_anchor'>> & {
      bandwidth?: Bandwidth
    },
    /** What a refused connection is counted as; null: not counted (the caller keeps it another way). */
    type: string | null,
  ): boolean {
    if (!this.items.has(from) || !this.items.has(to) || connectionRefusal(this.connectors.values(), from, to)) {
      if (type) this.skip(type)
      return false
    }
    const id = `c${this.connectors.size + 1}`
    this.connectors.set(id, {
      id,
      from,
      to,
      z: ++this.z,
      kind: props.bandwidth ? 'bandwidth' : 'plain',
      ...(props.bandwidth ? { bandwidth: props.bandwidth } : {}),
      dash: props.dash ?? false,
      width: clamp(props.width ?? 2, 0.5, 40),
      ...(props.label ? { label: clip(props.label) } : {}),
      ...(colour(props.colour) ? { colour: colour(props.colour) } : {}),
      ...(props.route ? { route: props.route } : {}),
      ...(props.waypoints?.length ? { waypoints: props.waypoints.slice(0, MAX_WAYPOINTS) } : {}),
      ...(props.from_anchor ? { from_anchor: props.from_anchor } : {}),
      ...(props.to_anchor ? { to_anchor: props.to_anchor } : {}),
    })
    return true
  }

  /** Counts something of the source that has no Vigil kind (SPEC §8 "Unsupported item types for conversion"). */
  skip(type: string, count = 1) {
    this.skipped.set(type, (this.skipped.get(type) ?? 0) + count)
  }

  /** The box an added item takes on the map (its kind's defaults applied). */
  boxOf(id: string): Box | undefined {
    const item = this.items.get(id)
    return item && kindOf(item).bounds(item)
  }

  /** The ids of the items added so far. */
  itemIds(): string[] {
    return [...this.items.keys()]
  }

  /** A picture the file names but does not hold. */
  missingPicture(name: string) {
    if (name.trim()) this.pictures.add(name.trim().slice(0, LABEL_MAX))
  }

  /** A binding whose name matched nothing in the environment. */
  unmatched(name: string) {
    this.missing.add(name)
  }

  build(): Conversion {
    const items = [...this.items.values()]
    shiftIntoView(items)
    const doc = {
      ...emptyDocument(resolutionFor(items)),
      background: this.background,
      items: Object.fromEntries(items.map((i) => [i.id, i])),
      connectors: Object.fromEntries(this.connectors),
    }
    const parsed = MapDocument.safeParse(doc)
    // The builder clamps every value, so a failure here means input we did not foresee: the client's file, not a 500.
    if (!parsed.success)
      throw new ApiError('invalid_input', { field: 'body', reason: parsed.error.issues[0]?.message ?? 'not convertible' })
    return {
      document: parsed.data,
      unsupported: [...this.skipped].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type)),
      unmatched: [...this.missing].sort(),
      missing_pictures: [...this.pictures].sort(),
      ...(this.generate && { generate: this.generate }),
    }
  }
}

/** Keeps an item inside the schema's limits: labels and text cut, sizes at least 1, coordinates in range. */
function sanitize(item: MapItem): MapItem {
  const out = {
    ...item,
    x: clamp(item.x, -COORD, COORD),
    y: clamp(item.y, -COORD, COORD),
    w: clamp(item.w, 1, COORD),
    h: clamp(item.h, 1, COORD),
    rotation: clamp(item.rotation, -360, 360),
  }
  if (out.label !== undefined) out.label = clip(out.label)
  if (!out.label) delete out.label
  if (out.kind === 'text') out.text = clip(out.text, TEXT_MAX)!
  if (out.kind === 'text') out.font_size = clamp(out.font_size, 6, 200)
  if (out.style) {
    const style = Object.fromEntries(
      Object.entries(out.style)
        .filter(([k, v]) => (k === 'sketch' ? v === true : colour(v as string) !== undefined))
        .map(([k, v]) => [k, k === 'sketch' ? v : colour(v as string)]),
    )
    if (Object.keys(style).length) out.style = style
    else delete out.style
  }
  return out
}

/** Content drawn above or left of the origin is moved into view, keeping relative positions. */
function shiftIntoView(items: MapItem[]) {
  if (!items.length) return
  const boxes = items.map((i) => kindOf(i).bounds(i))
  const dx = Math.min(...boxes.map((b) => b.x)) < 0 ? MARGIN - Math.min(...boxes.map((b) => b.x)) : 0
  const dy = Math.min(...boxes.map((b) => b.y)) < 0 ? MARGIN - Math.min(...boxes.map((b) => b.y)) : 0
  for (const item of items) {
    item.x = clamp(item.x + dx, -COORD, COORD)
    item.y = clamp(item.y + dy, -COORD, COORD)
  }
}

/** The smallest editor resolution that holds the content (SPEC §2 "resolution"), else the content's size. */
function resolutionFor(items: MapItem[]) {
  const boxes = items.map((i) => kindOf(i).bounds(i))
  const width = Math.max(0, ...boxes.map((b) => b.x + b.w)) + MARGIN
  const height = Math.max(0, ...boxes.map((b) => b.y + b.h)) + MARGIN
  const fit = RESOLUTIONS.find(([w, h]) => w >= h && w >= width && h >= height)
  if (fit) return { width: fit[0], height: fit[1] }
  return { width: Math.ceil(clamp(width, 1920, 16384)), height: Math.ceil(clamp(height, 1080, 16384)) }
}
