/**
 * The maps and slideshows API (issues 6 and 7; SPEC §3 Map and Slideshow, §4 Maps, §5 Add map, §8 map keys).
 * Paths, all under /api/v1 and scoped to what the caller may see:
 *
 *   GET    maps                          list (SPEC §7 list protocol: order, filter, limit, offset, columns) → MapList
 *   POST   maps                          NewMap → MapInfo (status draft, empty document)            SPEC §6 maps_write
 *   GET    maps/by-name/:hostgroup_name/:name → MapInfo (routes address maps by environment and name)
 *   GET    maps/:id                      → MapInfo
 *   PUT    maps/:id                      MapUpdate → MapInfo                                          SPEC §6 write
 *   DELETE maps/:id                      → 204; refused while another user holds the lock
 *   GET    maps/:id/document?version=draft|live|N → MapDocumentOut (draft: with its Yjs state, base64)
 *   PUT    maps/:id/document             { document } → MapDocumentOut (needs the caller's lock)
 *   POST   maps/:id/document/updates     body application/octet-stream: one Yjs update → MapDocumentOut (needs the lock)
 *   POST   maps/:id/lock?session=&take_over= take or renew (heartbeat) → MapLock; 409 map_not_locked_by_user when held
 *                                        by another user or another session (extra: username, same_user, since);
 *                                        take_over=true takes it from another session of the same user (issue 18)
 *   DELETE maps/:id/lock?session=        release → 204; 404 map_lock_not_found
 *   (`session` names the editing session, one per browser tab; the document writes and revert take it too)
 *   POST   maps/:id/publish              { comment? } → MapInfo (new version; status live)
 *   POST   maps/:id/archive              → MapInfo & { warnings }; links to it from other maps are removed (SPEC §4)
 *   POST   maps/:id/recover              → MapInfo (archived → live)
 *   GET    maps/:id/versions             → MapVersionList (newest first)
 *   POST   maps/:id/versions/:version/revert → MapDocumentOut (the draft becomes that version; needs the lock)
 *   GET    maps/:id/states               → MapStates (roll-up of the live version, SPEC §4 MAP/HOST_MAP_STATE)
 *   GET    maps/:id/export?format=json|svg
 *   POST   maps/import?hostgroup_id=&format=drawio|nagvis&alias=  body text → MapImportResult
 *   POST   maps/generate                 GenerateMap → MapInfo;  POST maps/:id/sync → MapInfo (re-sync a generated map)
 *   POST   map-images?hostgroup_id=      body image/png|jpeg|gif → MapImage (SPEC §5: ≤ 10 MB, ≥ 800×600 for backgrounds)
 *   GET    map-images/:id                → the picture
 *   GET    slideshows, POST slideshows, GET slideshows/by-name/:hostgroup_name/:name, GET|PUT|DELETE slideshows/:id
 *
 * Feed: topic `map:<id>` delivers the state deltas of every host and resource bound in the live version.
 */
import { z } from 'zod'
import { Name, nameWithKey } from '../validation'
import { MapDocumentShape } from '../maps/document'
import { MAP, THEMES } from '../enums'

/** SPEC §3 Map layouts: 0 business process, 1 geographical, 2 logical, 3 physical. */
export const MAP_LAYOUTS = { BUSINESS_PROCESS: 0, GEOGRAPHICAL: 1, LOGICAL: 2, PHYSICAL: 3 } as const
/** SPEC §5 Add map: default layout is logical. */
export const DEFAULT_LAYOUT = MAP_LAYOUTS.LOGICAL
export const Layout = z.number().int().min(0).max(3)
export const MAP_STATUSES = ['draft', 'live', 'archived'] as const
export const MapStatus = z.enum(MAP_STATUSES)

export const Tags = z.array(z.string().trim().min(1).max(50)).max(50)

/** SPEC §8 map_alias_invalid: a map's alias or name against the SPEC §5 name rule. */
const MapName = nameWithKey('map_alias_invalid')

/** SPEC §3 Payloads "New map": alias, hostgroup_id, description, layout, use_hard_state (name follows the alias). */
export const NewMap = z.object({
  alias: MapName,
  /** The URL name; defaults to the alias. SPEC §5 name rule, unique per environment. */
  name: MapName.optional(),
  hostgroup_id: z.number().int().positive(),
  description: z.string().max(1000).default(''),
  layout: Layout,
  use_hard_state: z.boolean().default(false),
  tags: Tags.default([]),
})
export type NewMap = z.infer<typeof NewMap>
export const MapUpdate = NewMap.omit({ hostgroup_id: true }).partial()

export const MapLock = z.object({
  user_id: z.number().int(),
  username: z.string(),
  /** unix seconds; SPEC §9: 30 minutes after the last heartbeat or save */
  expires: z.number().int(),
  /** true when the caller holds it: its user, and its editing session when the call names one (issue 18) */
  is_mine: z.boolean(),
  /** true when the caller's user holds it, perhaps in another tab or session */
  same_user: z.boolean(),
  /** unix seconds since the holding session took it */
  since: z.number().int(),
})
export type MapLock = z.infer<typeof MapLock>

/** Issue 18: the editing session (one per browser tab) that lock calls and saves speak for; absent for API clients. */
export const EditorSessionQuery = z.object({
  session: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
})
export const TakeLockQuery = EditorSessionQuery.extend({ take_over: z.enum(['true', 'false']).optional() })

export const MapSlideshowRef = z.object({ id: z.number().int(), name: z.string(), alias: z.string(), hostgroup_id: z.number().int() })

/** SPEC §3 Map fields. */
export const MapInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  hostgroup_id: z.number().int(),
  hostgroup_name: z.string(),
  hostgroup_alias: z.string(),
  /** the environment's name (SPEC §3 "environment") */
  environment: z.string(),
  layout: Layout,
  use_hard_state: z.boolean(),
  status: MapStatus,
  /** the live version number, null until first published */
  version: z.number().int().nullable(),
  versions: z.number().int(),
  has_unpublished_changes: z.boolean(),
  resolution: z.object({ width: z.number().int(), height: z.number().int() }),
  background: z.object({ colour: z.string(), image_id: z.number().int().nullable() }),
  lock: MapLock.nullable(),
  locked_by_someone: z.boolean(),
  allowed_actions: z.array(z.string()),
  slideshows: z.array(MapSlideshowRef),
  /** SPEC §4 MAP roll-up of the live version (nohost while empty or unpublished) */
  map_state: z.number().int().min(MAP.up).max(MAP.nohost),
  generated: z.boolean(),
  created_time: z.number().int(),
  updated_time: z.number().int(),
})
export type MapInfo = z.infer<typeof MapInfo>
export const MapList = z.object({ result: z.array(MapInfo), totalresults: z.number().int() })

/** POST maps/:id/publish: an optional comment kept with the version (version history). */
export const PublishBody = z.object({ comment: z.string().max(200).default('') })
/** A map whose links to an archived map were removed (SPEC §4 "removes those links, with a warning"). */
export const MapLinkRemoved = z.object({
  map_id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  hostgroup_id: z.number().int(),
  hostgroup_name: z.string(),
})
/** POST maps/:id/archive: the archived map and the maps that lost their links to it. */
export const MapArchiveResult = MapInfo.extend({ warnings: z.array(MapLinkRemoved) })

export const DocumentVersionParam = z.union([z.literal('draft'), z.literal('live'), z.coerce.number().int().positive()])
export const MapDocumentOut = z.object({
  map_id: z.number().int(),
  /** 'draft' or the version number */
  version: z.union([z.literal('draft'), z.number().int()]),
  document: MapDocumentShape,
  /** base64 Yjs state of the draft (only for version=draft): the editor's Y.Doc starts from it */
  ystate: z.string().optional(),
  updated_time: z.number().int(),
})
export type MapDocumentOut = z.infer<typeof MapDocumentOut>

export const MapVersion = z.object({
  version: z.number().int(),
  comment: z.string(),
  username: z.string(),
  created_time: z.number().int(),
  is_live: z.boolean(),
})
export const MapVersionList = z.object({ result: z.array(MapVersion), totalresults: z.number().int() })

/** A host's or resource's live state as a map shows it (SPEC §4 decorations included). */
export const MapObjectState = z.object({
  id: z.number().int(),
  name: z.string(),
  host_id: z.number().int(),
  host_name: z.string(),
  hostgroup_id: z.number().int(),
  state: z.string(),
  hard_state: z.string().nullable(),
  state_type: z.string(),
  plugin_output: z.string(),
  last_check: z.number().int().nullable(),
  last_state_change: z.number().int().nullable(),
  is_flapping: z.boolean(),
  is_stale: z.boolean(),
  acknowledged: z.boolean(),
  scheduled_downtime_depth: z.number().int(),
  tickets: z.array(z.string()),
})
export type MapObjectState = z.infer<typeof MapObjectState>

export const MapStates = z.object({
  map_id: z.number().int(),
  version: z.number().int().nullable(),
  map_state: z.number().int(),
  hosts: z.array(MapObjectState),
  resources: z.array(MapObjectState),
  /** MAP state per environment item */
  environments: z.record(z.string(), z.number().int()),
  /** live documents of nested maps the caller may see, for the shared roll-up */
  maps: z.record(
    z.string(),
    z.object({ document: MapDocumentShape, use_hard_state: z.boolean(), name: z.string(), hostgroup_name: z.string() }),
  ),
  /** perfdata values of bandwidth connectors: resource id → label → { value (bits/s), time } */
  bandwidth: z.record(z.string(), z.record(z.string(), z.object({ value: z.number(), t: z.number().int() }))),
  /** unix seconds when the server read these states (the viewer's freshness indicator) */
  time: z.number().int(),
})
export type MapStates = z.infer<typeof MapStates>

export const IMPORT_FORMATS = ['drawio', 'nagvis'] as const
export const MapImportQuery = z.object({ hostgroup_id: z.coerce.number().int().positive(), format: z.enum(IMPORT_FORMATS), alias: MapName })
export const MapImportResult = z.object({
  map: MapInfo,
  /** SPEC §8 "Unsupported item types for conversion": what could not be converted, by source type */
  unsupported: z.array(z.object({ type: z.string(), count: z.number().int() })),
  /** bindings whose host or resource name matched nothing in the environment (imported as unbound shapes) */
  unmatched: z.array(z.string()),
  /** issue 18: pictures the file names (background, icons) that did not come with it, to upload in the editor */
  missing_pictures: z.array(z.string()),
})
export type MapImportResult = z.infer<typeof MapImportResult>

/** Issue 7 "New map from…": an environment, a tag, or a host and its children. */
export const GenerateMap = z.object({
  alias: MapName,
  hostgroup_id: z.number().int().positive(),
  layout: Layout.default(DEFAULT_LAYOUT),
  from: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('environment'), hostgroup_id: z.number().int().positive() }),
    z.object({ kind: z.literal('tag'), tag: z.string().min(1).max(100) }),
    z.object({ kind: z.literal('host'), host_id: z.number().int().positive() }),
  ]),
})
export type GenerateMap = z.infer<typeof GenerateMap>

export const MapImage = z.object({
  id: z.number().int(),
  hostgroup_id: z.number().int(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
})
/** POST map-images: the environment, what the picture is for (SPEC §9 "pictures min 800x600" applies to backgrounds), and its file name (or the X-Filename header). */
export const MapImageQuery = z.object({
  hostgroup_id: z.coerce.number().int().positive(),
  purpose: z.enum(['background', 'image']).default('background'),
  filename: z.string().max(255).optional(),
})

export const EXPORT_FORMATS = ['json', 'svg'] as const
/**
 * GET maps/:id/export: the Vigil JSON document or an SVG drawing of the published version (default, issue 18: what
 * the wall shows), version N, or the draft (for those who may edit the map); the SVG in the palette of `theme`.
 */
export const MapExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('json'),
  version: DocumentVersionParam.default('live'),
  theme: z.enum(THEMES).optional(),
})

/** SPEC §3 Slideshow: alias, name, delay in seconds, list of maps; follow_alarms is issue 7's addition. */
export const SlideshowBody = z.object({
  alias: Name,
  name: Name.optional(),
  hostgroup_id: z.number().int().positive(),
  delay: z.number().int().min(5).max(3600),
  follow_alarms: z.boolean().default(false),
  map_ids: z.array(z.number().int().positive()).min(1).max(100),
})
export const SlideshowUpdate = SlideshowBody.omit({ hostgroup_id: true }).partial()
export const Slideshow = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  hostgroup_id: z.number().int(),
  hostgroup_name: z.string(),
  delay: z.number().int(),
  follow_alarms: z.boolean(),
  maps: z.array(z.object({ id: z.number().int(), name: z.string(), alias: z.string(), hostgroup_name: z.string() })),
  allowed_actions: z.array(z.string()),
  created_time: z.number().int(),
  updated_time: z.number().int(),
})
export type Slideshow = z.infer<typeof Slideshow>
export const SlideshowList = z.object({ result: z.array(Slideshow), totalresults: z.number().int() })
