/**
 * The names an import may bind to (store/import-names.ts reads them): names match exactly, then
 * case-insensitively, then by alias (a resource's display name).
 */
import type { LookupRow } from '../../store/import-names'
import { nameIndex, type HostRef, type ImportLookup, type NamedRef, type ResourceRef } from './builder'

const fallback =
  <T>(...finds: ((name: string) => T | undefined)[]) =>
  (name: string) =>
    finds.reduce<T | undefined>((hit, find) => hit ?? find(name), undefined)

export function importLookup(rows: readonly LookupRow[]): ImportLookup {
  const of = (kind: string) => rows.filter((r) => r.kind === kind)
  const named = (kind: string, key: 'name' | 'alias') =>
    nameIndex<NamedRef>(of(kind).map((r) => [r[key], { id: Number(r.id), name: r.name }]))
  const resources = (key: 'sub' | 'alias') =>
    nameIndex<ResourceRef>(
      of('resource').map((r) => [
        `${r.name}\u0000${r[key]}`,
        { id: Number(r.id), host_id: Number(r.host_id), name: r.sub, host_name: r.name },
      ]),
    )
  const resource = fallback(resources('sub'), resources('alias'))
  return {
    host: fallback<HostRef>(named('host', 'name'), named('host', 'alias')),
    resource: (hostName, name) => resource(`${hostName.trim()}\u0000${name.trim()}`),
    environment: fallback(named('environment', 'name'), named('environment', 'alias')),
    map: fallback(named('map', 'name'), named('map', 'alias')),
  }
}
