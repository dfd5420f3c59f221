/**
 * Issue 13 "Server admins": a server-wide flag on users for the people who run the installation, apart from
 * SPEC §6's authorization groups; the first user is one. Audit events (SPEC §3 "For audit logs") name the
 * organization of what changed, so organization-level changes without an environment have an owner too.
 * Organizations get their quotas and allowed check targets (JSON, shared/api/quotas.ts).
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('users')
    .addColumn('server_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`UPDATE users SET server_admin = 1 WHERE id = (SELECT MIN(id) FROM users)`.execute(db)
  await db.schema.alterTable('events').addColumn('organization_id', 'integer').execute()
  // Issue 13 quotas and allowed check targets per organization, set by server admins (shared/api/quotas.ts).
  await db.schema
    .alterTable('organizations')
    .addColumn('quotas', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  await db.schema
    .alterTable('organizations')
    .addColumn('allowed_targets', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
  await db.schema.createIndex('events_audit_organization').on('events').columns(['organization_id', 'display_time']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('events_audit_organization').execute()
  await db.schema.alterTable('events').dropColumn('organization_id').execute()
  await db.schema.alterTable('organizations').dropColumn('allowed_targets').execute()
  await db.schema.alterTable('organizations').dropColumn('quotas').execute()
  await db.schema.alterTable('users').dropColumn('server_admin').execute()
}
