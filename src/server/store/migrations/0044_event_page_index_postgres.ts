/**
 * Issue 20: a PostgreSQL timeline page chooses its ids in events_time_filter alone. The page's conditions also test
 * the audit-log rule (type, organization_id) and the SPEC §9 event filters (only hard, only non-flapping, types,
 * classes); without those columns in the index every event walked was read from the table: 7,000 events for a
 * page of 1,000 past events under the upcoming maintenance, 9.5 → 2.0 ms at 10 million events (bench/timeline,
 * pg_stat_statements). They are INCLUDE columns: the key, and so the page's order, stays. SQLite has its own
 * (0041): its planner takes the index it is told to.
 */
import { sql, type Kysely } from 'kysely'
import { isPostgres } from './util'

const KEY = ['display_time', 'id', 'hostgroup_id', 'start_time', 'status']

export async function up(db: Kysely<any>) {
  if (!isPostgres(db)) return
  await db.schema.dropIndex('events_time_filter').execute()
  await sql`CREATE INDEX events_time_filter ON events (display_time, id, hostgroup_id, start_time, status) INCLUDE (type, event_class, state_type, is_flapping, organization_id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>) {
  if (!isPostgres(db)) return
  await db.schema.dropIndex('events_time_filter').execute()
  await db.schema.createIndex('events_time_filter').on('events').columns(KEY).execute()
}
