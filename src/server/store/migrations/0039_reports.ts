/**
 * SPEC §3 Report: a report's configuration per environment (title unique per environment, SPEC §5), and the
 * report a timeline event of type `report` is about (SPEC §2 report timeline).
 */
import type { Kysely } from 'kysely'
import { withId } from './util'

export async function up(db: Kysely<any>) {
  await withId(db, db.schema.createTable('reports'))
    .addColumn('hostgroup_id', 'integer', (c) => c.notNull().references('hostgroups.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('period', 'varchar(16)', (c) => c.notNull())
    .addColumn('time_window', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    // `window` is reserved in PostgreSQL, hence time_window. JSON: host ids, resource ids, host type names, content names, options
    .addColumn('hosts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('resources', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('host_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_by', 'integer')
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_time', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('reports_name').on('reports').columns(['hostgroup_id', 'name']).unique().execute()
  await db.schema.createIndex('reports_title').on('reports').columns(['hostgroup_id', 'title']).unique().execute()
  await db.schema.alterTable('events').addColumn('report_id', 'integer').execute()
  await db.schema
    .createIndex('events_report')
    .on('events')
    .columns(['report_id', 'display_time'])
    .where('report_id', 'is not', null)
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('events_report').execute()
  await db.schema.alterTable('events').dropColumn('report_id').execute()
  await db.schema.dropTable('reports').execute()
}
