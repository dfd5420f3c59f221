/**
 * Issue 13 (review L1): a map binds only objects of its own organization, as generated maps do. A binding
 * new to the document (absent from `known`, the draft or live version it replaces) must name a host,
 * resource, environment or map of that organization; another tenant's object and one that does not exist
 * are refused alike, so the answer never tells them apart. Bindings already stored stay (a host deleted
 * since is shown as unknown, SPEC §2).
 */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { ApiError } from '../../shared/errors'
import { bindingsOf, boundIds, type MapDocument } from '../../shared/maps/document'

type Kind = keyof ReturnType<typeof boundIds>

const CHUNK = 500

/** Of `ids`, those naming an object of `kind` in the organization. */
async function ownIds(db: Kysely<Database>, organizationId: number, kind: Kind, ids: number[]): Promise<Set<number>> {
  const own = new Set<number>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK)
    const rows = await (
      kind === 'environment'
        ? db.selectFrom('hostgroups').select('hostgroups.id').where('hostgroups.id', 'in', part)
        : kind === 'host'
          ? db
              .selectFrom('hosts')
              .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
              .select('hosts.id')
              .where('hosts.id', 'in', part)
          : kind === 'resource'
            ? db
                .selectFrom('resources')
                .innerJoin('hostgroups', 'hostgroups.id', 'resources.hostgroup_id')
                .select('resources.id')
                .where('resources.id', 'in', part)
            : db
                .selectFrom('maps')
                .innerJoin('hostgroups', 'hostgroups.id', 'maps.hostgroup_id')
                .select('maps.id')
                .where('maps.id', 'in', part)
    )
      .where('hostgroups.organization_id', '=', organizationId)
      .execute()
    for (const r of rows) own.add(r.id)
  }
  return own
}

export async function refuseForeignBindings(db: Kysely<Database>, organizationId: number, doc: MapDocument, known: MapDocument | null) {
  const bound = boundIds(doc)
  const before = known ? boundIds(known) : null
  const foreign = new Set<string>()
  for (const kind of Object.keys(bound) as Kind[]) {
    const had = new Set(before?.[kind] ?? [])
    const added = bound[kind].filter((id) => !had.has(id))
    if (!added.length) continue
    const own = await ownIds(db, organizationId, kind, added)
    for (const id of added) if (!own.has(id)) foreign.add(`${kind}:${id}`)
  }
  if (!foreign.size) return
  const items = Object.values(doc.items)
    .filter((item) => bindingsOf(item).some((b) => foreign.has(b)))
    .map((item) => item.id)
  throw new ApiError('validation_failed', {
    field: `document.items.${items[0]}`,
    items,
    reason: "binds an object that is not in this map's organization",
  })
}
