/**
 * Issue 13 "Server admins": a server-wide flag on users for the people who run the installation, apart from
 * SPEC §6's authorization groups; the first user is one. Audit events (SPEC §3 "For audit logs") name the
 * organization of what changed, so organization-level changes without an environment have an owner too.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('users').addColumn('server_admin', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await sql`UPDATE users SET server_admin = 1 WHERE id = (SELECT MIN(id) FROM users)`.execute(db)
  await db.schema.alterTable('events').addColumn('organization_id', 'integer').execute()
  await db.schema.createIndex('events_audit_organization').on('events').columns(['organization_id', 'display_time']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('events_audit_organization').execute()
  await db.schema.alterTable('events').dropColumn('organization_id').execute()
  await db.schema.alterTable('users').dropColumn('server_admin').execute()
}
