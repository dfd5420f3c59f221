/**
 * Issue 15 Settings "services": which default checks of each host type an organization's new hosts bring (JSON of
 * shared/api/settings.ts OrganizationServices: the checks turned off per host type).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('organization_settings')
    .addColumn('services', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('organization_settings').dropColumn('services').execute()
}
