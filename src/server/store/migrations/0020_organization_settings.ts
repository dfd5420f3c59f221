/**
 * Issue 15 Settings: an organization's default thresholds and risk scan options (JSON, one row per organization
 * that changed them), and its SPEC §3 label types (name unique per organization). Host labels stay in hosts.labels.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('organization_settings')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('thresholds', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('risk_options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
  await withId(db, db.schema.createTable('label_types'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('data_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('label_types_organization_name', ['organization_id', 'name'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('label_types').execute()
  await db.schema.dropTable('organization_settings').execute()
}
