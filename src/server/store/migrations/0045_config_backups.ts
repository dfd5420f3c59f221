/**
 * Configuration backups of network devices (SPEC §2 "…/Config Backups/configs"): one row per version of a
 * `config-backup` resource's configuration, stored only when the configuration changed. The text is sealed at
 * rest like every device secret (a configuration holds passwords and communities); its hash finds a change
 * without opening it.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('config_backups')
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    // 1, 2, … per resource; a removed old version leaves its number unused
    .addColumn('version', 'integer', (c) => c.notNull())
    // when this configuration was first read, and last read unchanged
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('checked_time', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('config_backups_pk', ['resource_id', 'version'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('config_backups').execute()
}
