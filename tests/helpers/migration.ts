/** A SQLite database migrated to one version, with a host written as that version wrote it (upgrade tests). */
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { expect } from 'vitest'
import { migrations } from '../../src/server/store/migrations/index'

export const OLD_TIME = 1_700_000_000

/** A resource row as an earlier version wrote it, named after its display name. */
export const oldResource = (host_id: number, hostgroup_id: number, display_name: string, check_kind: string, check_config: string) => ({
  host_id,
  hostgroup_id,
  name: display_name.toLowerCase().replace(/ /g, '-'),
  display_name,
  check_kind,
  check_config,
  created_time: OLD_TIME,
  updated_time: OLD_TIME,
})

export interface OldDatabase {
  db: Kysely<any>
  environmentId: number
  hostId: number
  /** migrates the rest of the way, as a server starting on the new version does */
  upgrade(): Promise<void>
}

/** Runs `test` on a database at `version` holding an organization, an environment and a host `old-host`. */
export async function atMigration(version: string, test: (old: OldDatabase) => Promise<void>) {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) })
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  try {
    expect((await migrator.migrateTo(version)).error).toBeUndefined()
    const t = OLD_TIME
    const org = await db
      .insertInto('organizations')
      .values({ name: 'Old', alias: 'Old', created_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const env = await db
      .insertInto('hostgroups')
      .values({ name: 'Old', alias: 'Old', organization_id: org.id, created_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    const host = await db
      .insertInto('hosts')
      .values({ name: 'old-host', hostgroup_id: env.id, ip_address: '127.0.0.1', created_time: t, updated_time: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    await test({
      db,
      environmentId: env.id,
      hostId: host.id,
      upgrade: async () => expect((await migrator.migrateToLatest()).error).toBeUndefined(),
    })
  } finally {
    await db.destroy()
  }
}
