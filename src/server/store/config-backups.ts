/**
 * Configuration backups (SPEC §2 "…/Config Backups/configs"): the versions of a `config-backup` resource's device
 * configuration. The engine's result batch stores a configuration as a new version only when its text changed
 * (else it notes when it was last read unchanged), sealed at rest, at most CONFIG_VERSIONS_KEPT per resource, and
 * a change shows on the resource's timeline.
 * Reading is scoped like the resource: another organization's resource reads as not found; a version's text also
 * needs host_write.
 */
import { createHash } from 'node:crypto'
import { diffLines } from 'diff'
import type { Kysely } from 'kysely'
import type { Database } from './db'
import { demand, type Scope } from './scope'
import type { SecretBox } from '../security/secrets'
import { getResource } from './resources'
import { fail } from './fail'
import { eventDelta, writeEvents, type EventSubject } from './event-log'
import type { EventDelta } from '../../shared/feed'
import { CONFIG_VERSIONS_KEPT } from '../../shared/config-backups'
import { organizationOfEnvironment, readQuotas } from './quotas'
import { readJson } from './json'
import type { ConfigBackup, ConfigBackupVersion } from '../../shared/api/config-backups'

/** One configuration a check read, for the result batch that writes it. */
export interface ConfigurationRead {
  /** the Config Backups resource, as its timeline events name it */
  target: EventSubject
  /** unix seconds of the check */
  at: number
  text: string
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

/** Lines added and removed from one version to the next. */
function lineChanges(before: string, after: string) {
  let added = 0
  let removed = 0
  for (const part of diffLines(before, after)) {
    if (part.added) added += part.count ?? 0
    else if (part.removed) removed += part.count ?? 0
  }
  return { added, removed }
}

/** The event of a change after the first version: CONFIG_CHANGED with the lines added and removed. */
function changeEvent(read: ConfigurationRead, version: number, before: string | null): Parameters<typeof writeEvents>[1][number] {
  const counted = before === null ? null : lineChanges(before, read.text)
  return {
    type: 'system',
    target: read.target,
    status: 'CONFIG_CHANGED',
    message: counted
      ? `Configuration changed: version ${version}, ${counted.added} lines added, ${counted.removed} removed`
      : `Configuration changed: version ${version}`,
    comment: '',
    actor: null,
    start_time: read.at,
    extra_data: { version, ...counted },
  }
}

/** Every kept version of the organization's resources (as `old`). */
const versionsOf = (tx: Kysely<Database>, organizationId: number) =>
  tx
    .selectFrom('config_backups as old')
    .innerJoin('resources', 'resources.id', 'old.resource_id')
    .innerJoin('hosts', 'hosts.id', 'resources.host_id')
    .innerJoin('hostgroups', 'hostgroups.id', 'hosts.hostgroup_id')
    .where('hostgroups.organization_id', '=', organizationId)

/** The configuration bytes an organization stores, over all versions of all its resources. */
async function storedBytes(tx: Kysely<Database>, organizationId: number): Promise<number> {
  const row = await versionsOf(tx, organizationId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('old.size'), eb.lit(0)).as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Issue 13 "Quotas": room for `adding` bytes within the organization's config_backup_bytes, made by dropping its
 * oldest versions that a newer one of the same resource follows (the newest configuration of each device stays,
 * as the one a restore needs). False when even that leaves no room: the new version is then not stored.
 */
async function makeRoom(tx: Kysely<Database>, organizationId: number, adding: number): Promise<{ room: boolean; quota: number }> {
  const quota = (await readQuotas(tx, organizationId)).config_backup_bytes
  let over = (await storedBytes(tx, organizationId)) + adding - quota
  while (over > 0) {
    const oldest = await versionsOf(tx, organizationId)
      .select(['old.resource_id', 'old.version', 'old.size'])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('config_backups as newer')
            .select('newer.version')
            .whereRef('newer.resource_id', '=', 'old.resource_id')
            .whereRef('newer.version', '>', 'old.version'),
        ),
      )
      .orderBy('old.created_time')
      .orderBy('old.resource_id')
      .orderBy('old.version')
      .limit(100)
      .execute()
    if (!oldest.length) return { room: false, quota }
    for (const v of oldest) {
      if (over <= 0) break
      await tx.deleteFrom('config_backups').where('resource_id', '=', v.resource_id).where('version', '=', v.version).execute()
      over -= v.size
    }
  }
  return { room: true, quota }
}

/** Whether the resource's last CONFIG_NOT_STORED event was about this same configuration (said once, not every run). */
async function toldNotStored(tx: Kysely<Database>, resourceId: number, sha256: string): Promise<boolean> {
  const last = await tx
    .selectFrom('events')
    .select('extra_data')
    .where('resource_id', '=', resourceId)
    .where('type', '=', 'system')
    .where('status', '=', 'CONFIG_NOT_STORED')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return !!last && readJson<{ sha256?: string }>(last.extra_data, {}).sha256 === sha256
}

/** The event of a changed configuration the organization's quota left no room for. */
function notStoredEvent(read: ConfigurationRead, quota: number, sha256: string): Parameters<typeof writeEvents>[1][number] {
  return {
    type: 'system',
    target: read.target,
    status: 'CONFIG_NOT_STORED',
    message: `Configuration changed but not stored: the organization's configuration backups fill their quota of ${quota} bytes (config_backup_bytes)`,
    comment: '',
    actor: null,
    start_time: read.at,
    extra_data: { limit: 'config_backup_bytes', maximum: quota, size: Buffer.byteLength(read.text), sha256 },
  }
}

/** A version's text, or null when it was sealed with a key this server no longer has. */
function opened(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed)
  } catch {
    return null
  }
}

/**
 * In the result batch's transaction: each configuration as a new version when it differs from the latest (else the
 * latest notes when it was read unchanged), and each change after the first version as a `system` event on the
 * resource's timeline; returns those events' feed deltas.
 */
export async function saveConfigurations(tx: Kysely<Database>, reads: ConfigurationRead[], box: SecretBox): Promise<EventDelta[]> {
  const changes: Parameters<typeof writeEvents>[1] = []
  for (const read of reads) {
    const { at, text } = read
    const resourceId = read.target.id
    const sha256 = createHash('sha256').update(text).digest('hex')
    const latest = await tx
      .selectFrom('config_backups')
      .select(['version', 'sha256', 'content'])
      .where('resource_id', '=', resourceId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (latest?.sha256 === sha256) {
      await tx
        .updateTable('config_backups')
        .set({ checked_time: at })
        .where('resource_id', '=', resourceId)
        .where('version', '=', latest.version)
        .execute()
      continue
    }
    const size = Buffer.byteLength(text)
    const organizationId = await organizationOfEnvironment(tx, read.target.hostgroupId)
    const { room, quota } = organizationId === undefined ? { room: true, quota: 0 } : await makeRoom(tx, organizationId, size)
    if (!room) {
      if (!(await toldNotStored(tx, resourceId, sha256))) changes.push(notStoredEvent(read, quota, sha256))
      continue
    }
    const version = (latest?.version ?? 0) + 1
    await tx
      .insertInto('config_backups')
      .values({
        resource_id: resourceId,
        version,
        created_time: at,
        checked_time: at,
        sha256,
        size,
        lines: lineCount(text),
        content: box.seal(text),
      })
      .execute()
    await tx
      .deleteFrom('config_backups')
      .where('resource_id', '=', resourceId)
      .where('version', '<=', version - CONFIG_VERSIONS_KEPT)
      .execute()
    if (latest) changes.push(changeEvent(read, version, opened(box, latest.content)))
  }
  return changes.length ? (await writeEvents(tx, changes)).map(eventDelta) : []
}

const VERSION_COLUMNS = ['version', 'created_time', 'checked_time', 'sha256', 'size', 'lines'] as const

/** The versions of a resource the caller sees, newest first. */
export async function listConfigBackups(db: Kysely<Database>, scope: Scope, resourceId: number): Promise<ConfigBackupVersion[]> {
  await getResource(db, scope, resourceId)
  return db.selectFrom('config_backups').select(VERSION_COLUMNS).where('resource_id', '=', resourceId).orderBy('version', 'desc').execute()
}

/**
 * One version with its text; SPEC §8 invalid_config_backup_version when the resource has no such version. A
 * configuration holds the device's secrets (password hashes, communities), so its text needs host_write on the
 * environment, the right that sets the credentials the backup logs in with; the versions' list needs only sight.
 */
export async function getConfigBackup(
  db: Kysely<Database>,
  scope: Scope,
  resourceId: number,
  version: number,
  box: SecretBox,
): Promise<ConfigBackup> {
  const resource = await getResource(db, scope, resourceId)
  demand(scope, 'host_write', { environmentId: resource.hostgroup_id }, { reason: 'a configuration holds the device’s secrets' })
  const row = await db
    .selectFrom('config_backups')
    .select([...VERSION_COLUMNS, 'content'])
    .where('resource_id', '=', resourceId)
    .where('version', '=', version)
    .executeTakeFirst()
  if (!row) return fail('invalid_config_backup_version', { resource_id: resourceId, version })
  // null: sealed with a key this server no longer has (VIGIL_SECRET_KEY changed without VIGIL_SECRET_KEY_PREVIOUS)
  const content = opened(box, row.content) ?? fail('unable_to_retrieve_config_backup', { resource_id: resourceId, version })
  return { ...row, content }
}
