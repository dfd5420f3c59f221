/**
 * Issue 13 "Targets", migration 0014: hosts and resources that exist when a server upgrades keep being
 * checked as before (trusted); rows written afterwards are untrusted unless a server admin saved them.
 */
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrations } from '../../src/server/store/migrations/index'

describe('migration 0014 on sqlite', () => {
  it('trusts the checks that existed before the upgrade, and no row written later by default', async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) })
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    try {
      expect((await migrator.migrateTo('0011_server_admins')).error).toBeUndefined()
      const t = 1_700_000_000
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
      await db
        .insertInto('resources')
        .values({ host_id: host.id, hostgroup_id: env.id, name: 'r', display_name: 'r', created_time: t, updated_time: t })
        .execute()
      expect((await migrator.migrateToLatest()).error).toBeUndefined()
      expect(await db.selectFrom('hosts').select('check_trusted').execute()).toEqual([{ check_trusted: 1 }])
      expect(await db.selectFrom('resources').select('check_trusted').execute()).toEqual([{ check_trusted: 1 }])
      await db.insertInto('hosts').values({ name: 'new-host', hostgroup_id: env.id, created_time: t, updated_time: t }).execute()
      expect(
        (await db.selectFrom('hosts').select('check_trusted').where('name', '=', 'new-host').executeTakeFirstOrThrow()).check_trusted,
      ).toBe(0)
    } finally {
      await db.destroy()
    }
  })
})
