/**
 * Issue 19: the browser's SPEC §7 error reports and usage logs, kept for server admins. `bytes` is the stored
 * body's size, so the quotas of store/client-reports.ts can count what a user sent and what the table holds.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('client_reports'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('client_reports_kind').on('client_reports').columns(['kind', 'id']).execute()
  await db.schema.createIndex('client_reports_created').on('client_reports').column('created').execute()
  await db.schema.createIndex('client_reports_user').on('client_reports').columns(['user_id', 'created']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('client_reports').execute()
}
