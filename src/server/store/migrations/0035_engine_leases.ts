/**
 * Issue 20 "Several processes on one PostgreSQL": engine processes announce themselves (`engine_processes`,
 * renewed heartbeats) and split the hosts by leases (`engine_leases`: one row per bucket of host ids, and the
 * `leader` row for the jobs that run once). Times are milliseconds of the database's clock, so the machines'
 * clocks need not agree. Created on SQLite too (one list of migrations), where nothing uses them.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('engine_processes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('engine_leases')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('engine_leases').execute()
  await db.schema.dropTable('engine_processes').execute()
}
