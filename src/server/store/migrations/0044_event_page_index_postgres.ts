/**
 * Issue 20: a PostgreSQL timeline page chooses its ids in events_time_filter alone. The page's conditions also test
 * the audit-log rule (type, organization_id) and the SPEC §9 event filters (only hard, only non-flapping, types,
 * classes); without those columns in the index every event walked was read from the table: 7,000 events for a
 * page of 1,000 past events under the upcoming maintenance, 9.5 → 2.0 ms at 10 million events (bench/timeline,
 * pg_stat_statements). They are INCLUDE columns: the key, and so the page's order, stays. SQLite has its own
 * (0041): its planner takes the index it is told to.
 */
import type { Kysely } from 'kysely'
import { remakePostgresIndex } from './util'

const KEY = ['display_time', 'id', 'hostgroup_id', 'start_time', 'status']

export async function up(db: Kysely<any>) {
  await remakePostgresIndex(db, 'events_time_filter', 'events', KEY, [
    'type',
    'event_class',
    'state_type',
    'is_flapping',
    'organization_id',
  ])
}

export async function down(db: Kysely<any>) {
  await remakePostgresIndex(db, 'events_time_filter', 'events', KEY)
}
