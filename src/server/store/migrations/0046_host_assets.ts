/**
 * SPEC §3 asset sections that Vigil collects (the `inventory` check: system, interfaces, addresses, storage): one
 * row per host and section holding the section's rows as JSON, replaced as a whole by each inventory run.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('host_assets')
    .addColumn('host_id', 'integer', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('section', 'varchar(30)', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('host_assets_pk', ['host_id', 'section'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('host_assets').execute()
}
