/**
 * Issue 15 "Hosts": the SPEC §3 host admin fields that are not secrets (access method, custom-check flag), the
 * website inspection config (SPEC §3, §5) and the cluster a host belongs to (SPEC §5 "Cluster", '' for none).
 */
import type { Kysely } from 'kysely'

const COLUMNS = [
  ['access_method', 'varchar(16)', ''],
  ['custom_check', 'integer', 0],
  ['website_inspection_config', 'text', ''],
  ['cluster', 'varchar(255)', ''],
] as const

export async function up(db: Kysely<any>) {
  for (const [name, type, initial] of COLUMNS)
    await db.schema
      .alterTable('hosts')
      .addColumn(name, type, (c) => c.notNull().defaultTo(initial))
      .execute()
}

export async function down(db: Kysely<any>) {
  for (const [name] of COLUMNS) await db.schema.alterTable('hosts').dropColumn(name).execute()
}
