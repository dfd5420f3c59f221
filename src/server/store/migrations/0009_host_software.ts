/**
 * Software inventory of hosts (SPEC §1 "View asset inventory of hosts and software", §2 /assets/software,
 * §3 "Software version is an object with name.raw.value and version.raw.value"): one row per package and
 * version installed on a host, replaced as a whole by each push from an agent or script.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('host_software')
    .addColumn('host_id', 'integer', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // '' when the package reports no version
    .addColumn('version', 'varchar(255)', (c) => c.notNull())
    .addColumn('vendor', 'varchar(255)')
    .addColumn('arch', 'varchar(50)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  // One row per package version on a host; it also serves a host's list and the software filter's EXISTS.
  await db.schema.createIndex('host_software_host').on('host_software').columns(['host_id', 'name', 'version']).unique().execute()
  // The software overview groups by package and version across hosts.
  await db.schema.createIndex('host_software_name').on('host_software').columns(['name', 'version']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('host_software').execute()
}
