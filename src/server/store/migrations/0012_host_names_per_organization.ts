/**
 * Issue 13 "Scope everywhere": host names are unique per organization, no longer server-wide, so that
 * host_already_exists never tells a tenant which names another one uses. The store checks the rule per
 * organization; a plain index on the name serves lookups by name. SQLite cannot drop a column's UNIQUE, so
 * the table is rebuilt from its own stored definition (SQLite's documented 12-step procedure).
 */
import { sql, type Kysely } from 'kysely'
import { isPostgres } from './util'

const UNIQUE_NAME = /("name" varchar\(255\) not null) unique/

async function rebuildSqliteHosts(db: Kysely<any>, edit: (create: string) => string) {
  const {
    rows: [table],
  } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'hosts'`.execute(db)
  const { rows: extras } = await sql<{
    sql: string
  }>`SELECT sql FROM sqlite_master WHERE tbl_name = 'hosts' AND type IN ('index', 'trigger') AND sql IS NOT NULL`.execute(db)
  const create = edit(table.sql)
  if (create === table.sql) throw new Error('hosts: the name constraint to change was not found')
  // Migrations on SQLite run outside a transaction, so foreign keys can be switched off around the copy.
  await sql`PRAGMA foreign_keys = OFF`.execute(db)
  try {
    await db.transaction().execute(async (tx) => {
      await sql.raw(create.replace('CREATE TABLE "hosts"', 'CREATE TABLE "hosts_rebuilt"')).execute(tx)
      await sql`INSERT INTO hosts_rebuilt SELECT * FROM hosts`.execute(tx)
      await sql`DROP TABLE hosts`.execute(tx)
      await sql`ALTER TABLE hosts_rebuilt RENAME TO hosts`.execute(tx)
      for (const e of extras) await sql.raw(e.sql).execute(tx)
      const { rows } = await sql`PRAGMA foreign_key_check`.execute(tx)
      if (rows.length) throw new Error(`hosts: ${rows.length} foreign keys broken by the rebuild`)
    })
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db)
  }
}

export async function up(db: Kysely<any>) {
  if (isPostgres(db)) await sql`ALTER TABLE hosts DROP CONSTRAINT hosts_name_key`.execute(db)
  else await rebuildSqliteHosts(db, (create) => create.replace(UNIQUE_NAME, '$1'))
  await db.schema.createIndex('hosts_name').on('hosts').column('name').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('hosts_name').execute()
  if (isPostgres(db)) await sql`ALTER TABLE hosts ADD CONSTRAINT hosts_name_key UNIQUE (name)`.execute(db)
  else await rebuildSqliteHosts(db, (create) => create.replace('"name" varchar(255) not null', '"name" varchar(255) not null unique'))
}
