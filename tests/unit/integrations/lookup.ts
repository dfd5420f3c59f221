/** The names a test environment holds, as the import route would read them (an ImportLookup over plain data). */
import { nameIndex, type ImportLookup, type ResourceRef } from '../../../src/server/integrations/import/builder'

export const HOSTS = { 'core-router': 11, 'web-01': 12, 'db-01': 13 } as const
export const DISK: ResourceRef = { id: 21, host_id: 13, name: 'disk /', host_name: 'db-01' }

export function testLookup(extra: { environments?: Record<string, number>; maps?: Record<string, number> } = {}): ImportLookup {
  const hosts = nameIndex(Object.entries(HOSTS).map(([name, id]) => [name, { id, name }]))
  const resources = nameIndex<ResourceRef>([[`db-01/disk /`, DISK]])
  const named = (m: Record<string, number> = {}) => nameIndex(Object.entries(m).map(([name, id]) => [name, { id, name }]))
  return {
    host: hosts,
    resource: (host, name) => resources(`${host}/${name}`),
    environment: named(extra.environments),
    map: named(extra.maps),
  }
}
