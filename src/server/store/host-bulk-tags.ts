/** Issue 15 bulk edit of tags: every host is checked (visible, host_write) before any is changed. */
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { can, type Scope } from './scope'
import type { SecretBox } from '../security/secrets'
import { ApiError } from '../../shared/errors'
import { getHost, updateHost } from './hosts'

/** Adds and removes tags on each host (each change audited, planned checks kept in step); returns the hosts changed. */
export async function bulkEditTags(db: Kysely<Database>, scope: Scope, box: SecretBox, ids: number[], add: string[], remove: string[]) {
  const hosts = await Promise.all([...new Set(ids)].map((id) => getHost(db, scope, id)))
  for (const h of hosts)
    if (!can(scope, 'host_write', { environmentId: h.hostgroup_id })) throw new ApiError('unauthorized', { action: 'host_write' })
  const changed: number[] = []
  for (const h of hosts) {
    const tags = [...new Set([...h.tags.filter((t) => !remove.includes(t)), ...add])]
    if (tags.length === h.tags.length && tags.every((t) => h.tags.includes(t))) continue
    await updateHost(db, scope, box, h.id, { tags })
    changed.push(h.id)
  }
  return changed
}
