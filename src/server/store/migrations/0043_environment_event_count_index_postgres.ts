/**
 * Issue 20: 0042 on PostgreSQL. A customer's timeline counts its events (store/events.ts, capped at
 * EVENTS_COUNT_CAP) by environment and time window, filtered by the audit-log rule (type, organization_id) and the
 * past/upcoming split (start_time, status). Without those columns in events_hostgroup_time the planner scanned the
 * table for the first 10,001 matches: 133 ms at 10 million events (bench/timeline's tenant shape); carried in the
 * index, the count reads the index alone: 7.5 ms. They are INCLUDE columns: the key, and so the page's order, stays.
 */
import type { Kysely } from 'kysely'
import { remakePostgresIndex } from './util'

const KEY = ['hostgroup_id', 'display_time', 'id']

export async function up(db: Kysely<any>) {
  await remakePostgresIndex(db, 'events_hostgroup_time', 'events', KEY, ['start_time', 'status', 'type', 'organization_id'])
}

export async function down(db: Kysely<any>) {
  await remakePostgresIndex(db, 'events_hostgroup_time', 'events', KEY)
}
