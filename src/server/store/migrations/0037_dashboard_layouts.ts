/**
 * Issue 19 Dashboard: a user's own widget layout, or an organization's default (SPEC §2 Dashboard). One row per
 * owner (`owner_key` is `user:{id}` or `organization:{id}`); the widgets are the JSON of shared/api/dashboard.ts.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('dashboard_layouts'))
    .addColumn('owner_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('widgets', 'text', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('dashboard_layouts').execute()
}
