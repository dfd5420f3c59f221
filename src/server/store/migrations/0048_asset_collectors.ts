/**
 * Each asset section belongs to the resource that collected it (an inventory check, an https check's certificate,
 * a port scan), so one collector's run replaces only its own rows. Sections stored before belong to the host's
 * inventory check; a host without one loses them, as nothing would ever refresh them.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('host_asset_rows')
    .addColumn('host_id', 'integer', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('section', 'varchar(30)', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('host_asset_rows_pk', ['resource_id', 'section'])
    .execute()
  await db.schema.createIndex('host_asset_rows_host').on('host_asset_rows').column('host_id').execute()
  await sql`INSERT INTO host_asset_rows (host_id, resource_id, section, rows, updated_at)
    SELECT a.host_id, c.id, a.section, a.rows, a.updated_at FROM host_assets a
    JOIN resources c ON c.id = (SELECT MIN(r.id) FROM resources r WHERE r.host_id = a.host_id
      AND (r.check_kind = 'inventory' OR (r.check_kind = 'checkmk-agent' AND r.check_config LIKE '%"inventory":true%')))`.execute(db)
  await db.schema.dropTable('host_assets').execute()
  await sql`UPDATE hosts SET has_asset_data = CASE WHEN EXISTS (SELECT 1 FROM host_asset_rows a WHERE a.host_id = hosts.id)
    OR EXISTS (SELECT 1 FROM host_software s WHERE s.host_id = hosts.id) THEN 1 ELSE 0 END
    WHERE has_asset_data = 1`.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema
    .createTable('host_assets')
    .addColumn('host_id', 'integer', (c) => c.notNull().references('hosts.id').onDelete('cascade'))
    .addColumn('section', 'varchar(30)', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('host_assets_pk', ['host_id', 'section'])
    .execute()
  // One row per host and section: the newest collector's.
  await sql`INSERT INTO host_assets (host_id, section, rows, updated_at)
    SELECT a.host_id, a.section, a.rows, a.updated_at FROM host_asset_rows a
    WHERE a.resource_id = (SELECT MAX(b.resource_id) FROM host_asset_rows b WHERE b.host_id = a.host_id AND b.section = a.section)`.execute(
    db,
  )
  await db.schema.dropTable('host_asset_rows').execute()
}
