/**
 * Issue 13 "Targets": `send`, `expect` and `content_regex` are server-admin-defined templates for others. A
 * template is global (organization_id null) or usable by one organization only; checks name it by `name`.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('check_templates'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('check_templates').execute()
}
