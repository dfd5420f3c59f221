/**
 * Issue 15 "Users" and "Environments": a user's allowed modules per sub-module (SPEC §2 fixed content modules;
 * NULL: every module the user's authorization groups grant), and SPEC §3 environment lists, named sets of
 * environments of one organization (ids `group-{id}` in preferences).
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('users').addColumn('allowed_modules', 'text').execute()
  await withId(db, db.schema.createTable('environment_lists'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('environment_lists_name', ['organization_id', 'name'])
    .execute()
  await db.schema
    .createTable('environment_list_members')
    .addColumn('list_id', 'integer', (c) => c.notNull().references('environment_lists.id').onDelete('cascade'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('environment_list_members_pk', ['list_id', 'hostgroup_id'])
    .execute()
  await db.schema.createIndex('environment_list_members_hostgroup').on('environment_list_members').column('hostgroup_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('environment_list_members').execute()
  await db.schema.dropTable('environment_lists').execute()
  await db.schema.alterTable('users').dropColumn('allowed_modules').execute()
}
