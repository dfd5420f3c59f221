/**
 * Map import (issue 6 "Import"): the converters by format, and the one path from a file to a new draft map
 * with its `imported` event (SPEC §3 Map events), the SPEC §8 "Unsupported item types for conversion"
 * counts and the names that matched nothing. A map the source draws from its monitoring data (a NagVis automap)
 * is generated from the environment's hosts, as POST maps/generate makes it, and re-syncs like one.
 */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../store/db'
import { can, type Scope } from '../../store/scope'
import { createMap, requireMap } from '../../store/maps'
import { ApiError } from '../../../shared/errors'
import { DEFAULT_LAYOUT, type IMPORT_FORMATS, type MapImportQuery, type MapImportResult } from '../../../shared/api/maps'
import { UPLOAD_MAX_BYTES } from '../../../shared/constants'
import { limitExceeded } from '../../store/quotas'
import { importLookupRows } from '../../store/import-names'
import { generateMap } from '../../store/map-generate'
import { parseIsolated } from '../isolated'

const FORMAT_NAMES = { drawio: 'draw.io', nagvis: 'NagVis' } satisfies Record<(typeof IMPORT_FORMATS)[number], string>

export async function importMap(
  db: Kysely<Database>,
  scope: Scope,
  query: z.infer<typeof MapImportQuery>,
  text: string,
): Promise<z.infer<typeof MapImportResult>> {
  // SPEC §6 maps_write to add, checked before the file is read so a refusal never depends on its content.
  if (!scope.environmentIds.includes(query.hostgroup_id)) throw new ApiError('hostgroup_not_found', { id: query.hostgroup_id })
  if (!can(scope, 'maps_write', { environmentId: query.hostgroup_id })) throw new ApiError('unauthorized', { action: 'maps_write' })
  // SPEC §9 "upload max 10 MB", as for scans and pictures.
  if (Buffer.byteLength(text) > UPLOAD_MAX_BYTES) throw limitExceeded('upload_bytes', UPLOAD_MAX_BYTES, { field: 'body' })
  if (!text.trim()) throw new ApiError('invalid_input', { field: 'body', reason: 'the file is empty' })
  const rows = await importLookupRows(db, scope, query.hostgroup_id)
  const conversion = await parseIsolated({ kind: 'map', format: query.format, text, rows })
  const made = { description: `Imported from ${FORMAT_NAMES[query.format]}`, event: 'imported' as const }
  const newMap = { alias: query.alias, hostgroup_id: query.hostgroup_id, layout: DEFAULT_LAYOUT }
  const root = conversion.generate?.root_host_id
  const id = conversion.generate
    ? await generateMap(
        db,
        scope,
        { ...newMap, from: root ? { kind: 'host', host_id: root } : { kind: 'environment', hostgroup_id: query.hostgroup_id } },
        made,
      )
    : await createMap(
        db,
        scope,
        { ...newMap, use_hard_state: false, tags: [], description: made.description },
        conversion.document,
        undefined,
        made.event,
      )
  return {
    map: await requireMap(db, scope, id),
    unsupported: conversion.unsupported,
    unmatched: conversion.unmatched,
    missing_pictures: conversion.missing_pictures,
  }
}
