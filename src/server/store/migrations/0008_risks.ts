/**
 * Risks of issue 8 (SPEC §3 Risk, §7 Risk model and Tickets): imported vulnerability scans, their findings
 * (one plugin finding on one host and port of an environment), and the risk a built-in service-desk ticket
 * is about.
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('risk_scans'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    // nessus or openvas
    .addColumn('format', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('report_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    // when the scanner ran, as the report says (null when it does not)
    .addColumn('scanned_at', 'bigint')
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('findings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON list of the report's host names that matched no host of the environment
    .addColumn('unmatched_hosts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema.createIndex('risk_scans_hostgroup').on('risk_scans').columns(['hostgroup_id', 'imported_at']).execute()

  await withId(db, db.schema.createTable('risks'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    // null when the report's host matched no host of the environment; host_name keeps the report's name
    .addColumn('host_id', 'integer', (c) => c.references('hosts.id').onDelete('set null'))
    // 'host:<id>' or 'name:<report host>': the host part of a finding's identity, stable across scans
    .addColumn('host_ref', 'varchar(300)', (c) => c.notNull())
    .addColumn('host_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('plugin_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('plugin_name', 'text', (c) => c.notNull().defaultTo(''))
    // SPEC §4 RISK: info 0, low 1, medium 2, high 3, veryhigh 4
    .addColumn('severity', 'integer', (c) => c.notNull())
    .addColumn('risk_factor', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('synopsis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('solution', 'text', (c) => c.notNull().defaultTo(''))
    // SPEC §3 remediation kinds: VendorFix, Mitigation, Workaround, WillNotFix, NoneAvailable
    .addColumn('solution_type', 'varchar(20)')
    .addColumn('plugin_output', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cvss', 'double precision')
    // JSON lists of strings
    .addColumn('cve', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cwe', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('external_references', 'text', (c) => c.notNull().defaultTo('[]'))
    // 0 for findings about the host as a whole
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('protocol', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('affected_software', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detection_method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('first_detected', 'bigint', (c) => c.notNull())
    .addColumn('last_scan', 'bigint', (c) => c.notNull())
    .addColumn('date_verified', 'bigint')
    .addColumn('first_scan_id', 'integer', (c) => c.notNull())
    .addColumn('last_scan_id', 'integer', (c) => c.notNull())
    // JSON list of ticket ids, the last is current (SPEC §3 tickets)
    .addColumn('tickets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
  // A finding found again by a later scan is the same risk (its last_scan moves), never a second row.
  await db.schema
    .createIndex('risks_finding')
    .on('risks')
    .columns(['hostgroup_id', 'host_ref', 'plugin_id', 'port', 'protocol'])
    .unique()
    .execute()
  // SPEC §7 risks/{hostgroup_id}/{plugin_id}: a risk group.
  await db.schema.createIndex('risks_plugin').on('risks').columns(['hostgroup_id', 'plugin_id', 'severity']).execute()
  await db.schema.createIndex('risks_severity').on('risks').columns(['hostgroup_id', 'severity']).execute()
  await db.schema.createIndex('risks_host').on('risks').column('host_id').execute()

  await db.schema.alterTable('service_desk_tickets').addColumn('risk_id', 'integer').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('service_desk_tickets').dropColumn('risk_id').execute()
  for (const t of ['risks', 'risk_scans']) await db.schema.dropTable(t).execute()
}
