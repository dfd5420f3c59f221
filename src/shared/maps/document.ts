/**
 * The map document (DESIGN.md "Maps"): items, connectors, background, grid and resolution, with one zod
 * schema used by the server, the editor, the viewer and the importers. Items and connectors are records
 * keyed by id, so an edit is a small patch (and a small Yjs update).
 */
import { z } from 'zod'
import { kindOf, MapItem } from './items'
import { Connector, connectionRefusal } from './connector'

export const SCHEMA_VERSION = 1
/** Resolutions offered by the editor (SPEC §2 "resolution"); any size in range is valid. */
export const RESOLUTIONS = [
  [1280, 720],
  [1920, 1080],
  [2560, 1440],
  [3840, 2160],
  [1080, 1920],
] as const
/** SPEC §2 "It is not supported at low resolutions": the editor needs a window at least this big. */
export const EDITOR_MIN_VIEWPORT = { width: 1024, height: 600 } as const
/** Items per map (the limits of SPEC §8 "limit_exceeded" apply to maps and versions; this bounds one document). */
export const MAX_ITEMS = 20_000
export const MAX_CONNECTORS = 20_000

export const Background = z
  .object({
    colour: z.string().max(32).default('#ffffff'),
    /** An uploaded background picture (SPEC §5 backgrounds), by upload id. */
    image_id: z.number().int().positive().nullable().default(null),
  })
  .strict()

export const Grid = z
  .object({
    visible: z.boolean().default(true),
    snap: z.boolean().default(true),
    size: z.number().int().min(4).max(200).default(16),
  })
  .strict()

/** What a wall shows in fullscreen besides the map, unobtrusively (issue 18 "Wall details"). */
export const WALL_DETAILS = ['name', 'clock', 'last_update'] as const

/**
 * How the map is shown (issue 18), published with the document: `host_only` colours host items by the host's
 * own state instead of the worst of the host and its resources; `labels: 'always'` pins labels on at any zoom;
 * `wall_details` is what a fullscreen wall shows in a corner (all of them when absent).
 */
export const ViewOptions = z
  .object({
    host_only: z.boolean().optional(),
    labels: z.enum(['auto', 'always']).optional(),
    wall_details: z.array(z.enum(WALL_DETAILS)).max(WALL_DETAILS.length).optional(),
  })
  .strict()
export type ViewOptions = z.infer<typeof ViewOptions>

export const MapDocumentShape = z
  .object({
    schema_version: z.literal(SCHEMA_VERSION),
    resolution: z.object({ width: z.number().int().min(320).max(16384), height: z.number().int().min(240).max(16384) }).strict(),
    background: Background,
    grid: Grid,
    view: ViewOptions.optional(),
    items: z.record(z.string(), MapItem),
    connectors: z.record(z.string(), Connector),
  })
  .strict()

/** Problems with a document that its shape alone does not catch (SPEC §5 "Add map" rules). */
export interface DocumentIssue {
  path: (string | number)[]
  message: string
  rule: 'id' | 'once' | 'connector' | 'limit' | 'group'
}

export function documentIssues(doc: z.infer<typeof MapDocumentShape>): DocumentIssue[] {
  const issues: DocumentIssue[] = []
  const items = Object.entries(doc.items)
  const connectors = Object.entries(doc.connectors)
  if (items.length > MAX_ITEMS) issues.push({ path: ['items'], message: `at most ${MAX_ITEMS} items`, rule: 'limit' })
  if (connectors.length > MAX_CONNECTORS)
    issues.push({ path: ['connectors'], message: `at most ${MAX_CONNECTORS} connectors`, rule: 'limit' })
  const seen = new Map<string, string>()
  for (const [key, item] of items) {
    if (key !== item.id) issues.push({ path: ['items', key, 'id'], message: 'id differs from its key', rule: 'id' })
    // Nested groups sit inside the item's outermost group (issue 18 nested groups).
    if (item.subgroups && !item.group)
      issues.push({ path: ['items', key, 'subgroups'], message: 'nested groups without an outer group', rule: 'group' })
    for (const binding of bindingsOf(item)) {
      // SPEC §5: an object can be on a map only once.
      if (seen.has(binding))
        issues.push({ path: ['items', key], message: `${binding} is already on the map (${seen.get(binding)})`, rule: 'once' })
      else seen.set(binding, key)
    }
  }
  const checked: Connector[] = []
  for (const [key, c] of connectors) {
    if (key !== c.id) issues.push({ path: ['connectors', key, 'id'], message: 'id differs from its key', rule: 'id' })
    if (!doc.items[c.from] || !doc.items[c.to])
      issues.push({ path: ['connectors', key], message: 'connects an item that is not on the map', rule: 'connector' })
    const refusal = connectionRefusal(checked, c.from, c.to)
    if (refusal)
      issues.push({
        path: ['connectors', key],
        message: refusal === 'self' ? 'connects an item to itself' : 'connects items that are already connected',
        rule: 'connector',
      })
    checked.push(c)
  }
  return issues
}

/** The document schema with the SPEC §5 rules: what the server accepts and what every import must produce. */
export const MapDocument = MapDocumentShape.superRefine((doc, ctx) => {
  for (const issue of documentIssues(doc)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
})
export type MapDocument = z.infer<typeof MapDocumentShape>

/** Every monitored object an item stands for, as its kind defines it. */
export const bindingsOf = (item: MapItem): string[] => kindOf(item).bindings(item)

export function emptyDocument(resolution: { width: number; height: number } = { width: 1920, height: 1080 }): MapDocument {
  return {
    schema_version: SCHEMA_VERSION,
    resolution,
    background: { colour: '#ffffff', image_id: null },
    grid: { visible: true, snap: true, size: 16 },
    items: {},
    connectors: {},
  }
}

/** Items and connectors in drawing order (z ascending, id as tie-break so the order is stable). */
export function byZ<T extends { z: number; id: string }>(records: Record<string, T>): T[] {
  return Object.values(records).sort((a, b) => a.z - b.z || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Host ids, resource ids, environment ids and map ids a document is bound to (for states and the feed). */
export function boundIds(doc: MapDocument) {
  const ids = { host: new Set<number>(), resource: new Set<number>(), environment: new Set<number>(), map: new Set<number>() }
  for (const item of Object.values(doc.items)) {
    for (const binding of bindingsOf(item)) {
      const [kind, id] = binding.split(':') as [keyof typeof ids, string]
      ids[kind].add(Number(id))
    }
  }
  return { host: [...ids.host], resource: [...ids.resource], environment: [...ids.environment], map: [...ids.map] }
}
