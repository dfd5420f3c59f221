/**
 * Timeline events (issue 5, SPEC §7 Events): the risk subjects that the risk_id and risk_plugin_id
 * filters read, and the indexes a timeline page walks (figures: bench/timeline.ts).
 *
 * events_time_filter replaces events_display_time of 0001: the same order (display_time, id), plus the
 * columns every global timeline page tests (environment, start and status for the SPEC §4 upcoming
 * rule), so that rows are filtered in the index and only the rows of the page are read. Over 10M events
 * a page went from ~70 ms (thousands of upcoming maintenance rows read and dropped) to ~2 ms.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('events').addColumn('risk_id', 'integer').execute()
  await db.schema.alterTable('events').addColumn('risk_plugin_id', 'varchar(100)').execute()
  await db.schema.createIndex('events_risk_time').on('events').columns(['risk_id', 'display_time']).execute()
  await db.schema.createIndex('events_risk_plugin_time').on('events').columns(['risk_plugin_id', 'hostgroup_id', 'display_time']).execute()
  await db.schema
    .createIndex('events_time_filter')
    .on('events')
    .columns(['display_time', 'id', 'hostgroup_id', 'start_time', 'status'])
    .execute()
  await db.schema.dropIndex('events_display_time').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.createIndex('events_display_time').on('events').columns(['display_time', 'id']).execute()
  await db.schema.dropIndex('events_time_filter').execute()
  await db.schema.dropIndex('events_risk_plugin_time').execute()
  await db.schema.dropIndex('events_risk_time').execute()
  await db.schema.alterTable('events').dropColumn('risk_plugin_id').execute()
  await db.schema.alterTable('events').dropColumn('risk_id').execute()
}
